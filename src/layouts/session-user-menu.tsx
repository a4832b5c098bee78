import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { plans } from '../../domain/plans';
import { Button } from '../ui/button';
import { useAuthSessionActor } from '../auth/use-auth-session';

const Box = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
`;

const Email = styled.span`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.text};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  max-width: 28ch;
`;

const Plan = styled.span`
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
  white-space: nowrap;
`;

const signedInRoute = getRouteApi('/$lang/_app');

/** The signed-in user's email and plan, and the sign-out button, for the default layout's header. */
export function SessionUserMenu() {
  const { t } = useLingui();
  const session = useAuthSessionActor();
  const email = useSelector(session, (s) => s.context.user?.email ?? null);
  const signingOut = useSelector(session, (s) => s.matches('signingOut'));
  const account = signedInRoute.useLoaderData();
  const planName = account ? plans[account.plan].name : null;
  return (
    <Box role="group" aria-label={t`Account`}>
      {email && (
        <Email title={email} data-testid="session-email">
          {email}
        </Email>
      )}
      {planName && (
        <Plan data-testid="session-plan">
          <Trans>{planName} plan</Trans>
        </Plan>
      )}
      <Button variant="secondary" size="sm" loading={signingOut} onClick={() => session.send({ type: 'SIGN_OUT' })}>
        <Trans>Sign out</Trans>
      </Button>
    </Box>
  );
}
