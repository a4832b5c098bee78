import { css } from 'styled-components';
import { focusRing } from './focus-ring';

/** Bare icon-only button (close, dismiss, show password): no chrome, centred icon, theme focus ring. */
export const iconButtonBase = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  background: transparent;
  border: 0;
  cursor: pointer;
  ${focusRing}
`;
