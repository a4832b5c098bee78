import styled, { css } from 'styled-components';

/** Hides an element from sight but not from screen readers (also inside a media query). */
export const visuallyHiddenStyle = css`
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

/**
 * Text for screen readers only. Self-contained (does not rely on the global
 * `.visually-hidden` class) so components work in isolation, e.g. in tests.
 */
export const VisuallyHidden = styled.span`
  ${visuallyHiddenStyle}
`;
