import styled from 'styled-components';

// Title and description at the top of a card, dialog or empty state.
// The title is an h2 by default; callers pass `as` for another level.

export const BlockTitle = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.lg};
  color: ${({ theme }) => theme.colors.primary};
`;

export const BlockDescription = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;
