// A link that looks like the primary button: for an action that opens a page of its own (a wizard,
// another screen), which is a link to that page, not a button. Wraps the router's <Link>, whose
// styling stays the router's: `<PrimaryLink><Link …>…</Link></PrimaryLink>`.
import styled from 'styled-components';

export const PrimaryLink = styled.span`
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space(4)};
    font-weight: 600;
    color: ${({ theme }) => theme.colors.onPrimary};
    background: ${({ theme }) => theme.colors.primary};
    border-radius: ${({ theme }) => theme.radius.md};
    text-decoration: none;
  }
`;
