import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { HomeLink } from './home-link';
import { ErrorLayout } from './error-layout';

const Code = styled.p`
  font-size: 4rem;
  font-weight: 700;
  margin: 0;
  color: ${({ theme }) => theme.colors.primary};
`;

type ErrorPageProps = { status?: number };

/** Shows a status code (500 unless told otherwise) with its title and a way back home. */
export function ErrorPage({ status = 500 }: ErrorPageProps) {
  return (
    <ErrorLayout>
      <Code>{status}</Code>
      <h1>{status === 404 ? <Trans>Page Not Found</Trans> : <Trans>Internal Server Error</Trans>}</h1>
      <HomeLink />
    </ErrorLayout>
  );
}
