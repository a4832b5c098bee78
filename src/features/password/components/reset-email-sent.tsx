import { useEffect, useId, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { authErrorMessages, type AuthErrorKind } from '@/domain/auth';
import type { Locale } from '@/domain/locales';
import { Button } from '@/src/ui/button';
import { Notice } from '@/src/ui/notice';
import { LoggedOutTitle } from './logged-out-title';

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  p {
    margin: 0;
  }
`;

const Countdown = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

const Back = styled.p`
  text-align: center;
`;

type ResetEmailSentProps = {
  lang: Locale;
  email: string;
  secondsLeft: number;
  coolingDown: boolean;
  resending: boolean;
  error: AuthErrorKind | null;
  onResend: () => void;
};

/** "Email sent!": resending unlocks when the machine's cool-down ends, counted down here. */
export function ResetEmailSent({ lang, email, secondsLeft, coolingDown, resending, error, onResend }: ResetEmailSentProps) {
  const { i18n } = useLingui();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const countdownId = useId();

  // The screen changed under the keyboard: start reading from its title. After a resend too,
  // since the busy button lost the focus.
  useEffect(() => {
    if (!resending) titleRef.current?.focus();
  }, [resending]);

  return (
    <Body>
      <LoggedOutTitle ref={titleRef} tabIndex={-1}>
        <Trans>Email sent!</Trans>
      </LoggedOutTitle>
      <p>
        <Trans>
          If an account exists for <strong>{email}</strong>, it will receive an email with a link to choose a new password. Check the spam
          folder too.
        </Trans>
      </p>
      {error && <Notice variant="negative">{i18n._(authErrorMessages[error])}</Notice>}
      {coolingDown && (
        // Not a live region: a countdown read out every second would drown everything else.
        <Countdown id={countdownId} data-testid="resend-countdown">
          <Plural value={secondsLeft} one="You can send it again in # second." other="You can send it again in # seconds." />
        </Countdown>
      )}
      <Button
        variant="secondary"
        fullWidth
        disabled={coolingDown}
        loading={resending}
        aria-describedby={coolingDown ? countdownId : undefined}
        onClick={onResend}
      >
        <Trans>Resend email</Trans>
      </Button>
      <Back>
        <Link to="/$lang/login" params={{ lang }}>
          <Trans>Back to sign in</Trans>
        </Link>
      </Back>
    </Body>
  );
}
