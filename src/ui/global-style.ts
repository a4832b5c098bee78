import { createGlobalStyle } from 'styled-components';
import { scriptFocusTargets } from './focus-ring';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: ${({ theme }) => theme.font.family};
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.page};
    line-height: 1.5;
  }
  a { color: ${({ theme }) => theme.colors.secondary}; }
  :focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; border-radius: 2px; }
  ${scriptFocusTargets}:focus { outline: none; box-shadow: none; }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;
