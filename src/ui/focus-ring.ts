import { css } from 'styled-components';

/** Keyboard focus shows the theme ring instead of the browser outline. */
export const focusRing = css`
  &:focus-visible {
    outline: none;
    box-shadow: ${({ theme }) => theme.focusRing};
  }
`;

// Where a script moves the focus to tell screen readers where they are (a step's heading, an
// outcome, the main region: `tabIndex={-1}`), nothing can be operated, so no ring is drawn.
// Browsers may count focus moved by script as :focus-visible (Chromium does after a load or a
// key press): the wizard's step heading was framed after every load. Controls keep their ring
// whatever their tabindex (a roving tab list's inactive tabs are tabindex="-1" buttons).
const notControls = [
  'a[href]',
  'button',
  'input',
  'select',
  'textarea',
  'summary',
  '[contenteditable]',
  ...['button', 'link', 'tab', 'menuitem', 'option', 'checkbox', 'radio', 'switch', 'slider', 'gridcell', 'treeitem'].map(
    (role) => `[role='${role}']`,
  ),
].join(', ');

/** Selector of the elements focused only by script (tabindex="-1") that are not controls. */
export const scriptFocusTargets = `[tabindex='-1']:not(${notControls})`;

/** For an element focused only by script, never a control: no outline, no ring. */
export const scriptFocusTarget = css`
  &:focus,
  &:focus-visible {
    outline: none;
    box-shadow: none;
  }
`;
