import styled from 'styled-components';

/** The centred frame shared by the error and 404 pages. */
export const ErrorLayout = styled.main`
  min-height: 70vh;
  display: grid;
  place-content: center;
  text-align: center;
  padding: ${({ theme }) => theme.space(6)};
`;
