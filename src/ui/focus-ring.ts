import { css } from 'styled-components';

/** Keyboard focus shows the theme ring instead of the browser outline. */
export const focusRing = css`
  &:focus-visible {
    outline: none;
    box-shadow: ${({ theme }) => theme.focusRing};
  }
`;
