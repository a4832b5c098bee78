import styled, { css } from 'styled-components';

// The hero's two calls to action. Plain elements rather than the UI kit's Button, whose code
// (spinner, variants) would otherwise be part of the page's first JS for one button.
const cta = css`
  display: inline-flex;
  align-items: center;
  min-height: 52px;
  padding: 0 ${({ theme }) => theme.space(6)};
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: 600;
  line-height: 1.2;
  border: 2px solid transparent;
  border-radius: ${({ theme }) => theme.radius.md};
  text-decoration: none;
  cursor: pointer;
`;

export const PrimaryCtaLink = styled.a`
  ${cta}
  color: ${({ theme }) => theme.colors.darkPage};
  background: #5eead4;
  &:hover {
    background: #99f6e4;
  }
`;

export const SecondaryCtaLink = styled.a`
  ${cta}
  color: #fff;
  background: transparent;
  border-color: #fff;
  &:hover {
    background: rgba(255, 255, 255, 0.12);
  }
`;
