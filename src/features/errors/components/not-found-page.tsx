import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { HomeLink } from './home-link';

const Wrapper = styled.main`
  min-height: 70vh;
  display: grid;
  place-content: center;
  text-align: center;
  padding: ${({ theme }) => theme.space(6)};
`;

/** The 404 page: an unknown route or an unknown language segment. */
export function NotFoundPage() {
  return (
    <Wrapper>
      <p aria-hidden="true">404</p>
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </p>
      <HomeLink />
    </Wrapper>
  );
}
