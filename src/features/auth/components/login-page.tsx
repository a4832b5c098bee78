import { useEffect } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { signedInUser } from '@/machines/auth-session';
import { useAuthSessionActor } from '@/src/auth/use-auth-session';
import { useLang } from '@/src/i18n/use-lang';
import { afterSignInPath } from '../after-sign-in-path';
import { LoginForm } from './login-form';

const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space(6)};
  font-size: ${({ theme }) => theme.font.size.xl};
  color: ${({ theme }) => theme.colors.primary};
`;

const Links = styled.p`
  margin: ${({ theme }) => theme.space(4)} 0 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  text-align: center;
`;

type LoginPageProps = { redirect: string | undefined };

/** The sign-in screen. Once the session has a user (this tab's sign-in or another tab's) it moves on. */
export function LoginPage({ redirect }: LoginPageProps) {
  const lang = useLang();
  const session = useAuthSessionActor();
  const signedIn = useSelector(session, (s) => signedInUser(s) !== null);
  if (signedIn) return <GoTo href={afterSignInPath(lang, redirect)} />;
  return (
    <>
      <Title>
        <Trans>Sign in to Catalyst</Trans>
      </Title>
      <LoginForm session={session} />
      <Links>
        <Link to="/$lang/reset-password" params={{ lang }}>
          <Trans>Forgot your password?</Trans>
        </Link>
        <Link to="/$lang" params={{ lang }} hash="contact" activeOptions={{ exact: true, includeHash: true }}>
          <Trans>No account yet? Talk to us.</Trans>
        </Link>
      </Links>
    </>
  );
}

/** Like <Navigate>, for a full path (it may carry a search and a hash) rather than a route. */
function GoTo({ href }: { href: string }) {
  const navigate = useNavigate();
  useEffect(() => void navigate({ href, replace: true }), [navigate, href]);
  return null;
}
