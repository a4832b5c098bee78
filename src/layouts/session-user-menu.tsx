import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { plans } from '@/domain/plans';
import { Button } from '../ui/button';
import { visuallyHiddenStyle } from '../ui/visually-hidden';
import { useAuthSessionActor } from '../auth/use-auth-session';

// The header keeps to one line: this group takes the room its line leaves (flex: 1 1 0, never
// less than the plan and the button), and the email gives way first, down to an ellipsis (the
// whole address stays its text and its title). `contain: inline-size` keeps the address's length
// out of the group's minimum width, which would otherwise push the group onto a second line.
const Box = styled.div`
  flex: 1 1 0;
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;

const Email = styled.span`
  flex: 0 1 28ch;
  min-width: 0;
  contain: inline-size;
  text-align: end;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.text};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

// On a phone the plan makes room for the email; screen readers still hear it.
const Plan = styled.span`
  flex: none;
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
  white-space: nowrap;
  @media (max-width: ${({ theme }) => theme.breakpoints.phone}) {
    ${visuallyHiddenStyle}
  }
`;

const SignOut = styled(Button)`
  flex: none;
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
      <SignOut variant="secondary" size="sm" loading={signingOut} onClick={() => session.send({ type: 'SIGN_OUT' })}>
        <Trans>Sign out</Trans>
      </SignOut>
    </Box>
  );
}
