// A plain link that opens a screen (a card's 'Open …'): a 44 px touch target, bold, in the secondary
// colour; the link itself is the router's <Link> inside it, as PrimaryLink wraps one.
import styled from 'styled-components';

export const OpenLink = styled.span`
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.secondary};
  }
`;
