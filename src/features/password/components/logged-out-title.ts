import styled from 'styled-components';

/** The h1 of a logged-out screen (as on the login page). */
export const LoggedOutTitle = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: ${({ theme }) => theme.font.size.xl};
  color: ${({ theme }) => theme.colors.primary};

  &:focus {
    outline: none;
  }
`;
