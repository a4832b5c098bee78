import { useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { useForm } from '@tanstack/react-form';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { authErrorMessages, type AuthErrorKind } from '@/domain/auth';
import type { Locale } from '@/domain/locales';
import { Button } from '@/src/ui/button';
import { Notice } from '@/src/ui/notice';
import { TextField } from '@/src/ui/text-field';
import { validationMessage } from '../validation-message';
import { LoggedOutTitle } from './logged-out-title';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
`;

const Back = styled.p`
  margin: ${({ theme }) => theme.space(4)} 0 0;
  text-align: center;
`;

type ResetRequestFormProps = {
  lang: Locale;
  sending: boolean;
  /** Message id of the email's validation error, from the machine. */
  emailError: string | null;
  error: AuthErrorKind | null;
  /** Sends the email to the machine; false when the machine refused it. */
  onSubmit: (email: string) => boolean;
};

/** The email entry: the machine validates it (its messages show here) and sends the email. */
export function ResetRequestForm({ lang, sending, emailError, error, onSubmit }: ResetRequestFormProps) {
  const { t, i18n } = useLingui();
  const emailRef = useRef<HTMLInputElement>(null);
  const form = useForm({
    defaultValues: { email: '' },
    onSubmit: ({ value }) => {
      // A refused email takes the keyboard back to the field to fix.
      if (!onSubmit(value.email)) emailRef.current?.focus();
    },
  });

  return (
    <>
      <LoggedOutTitle>
        <Trans>Reset your password</Trans>
      </LoggedOutTitle>
      <Intro>
        <Trans>Enter the email of your Catalyst account and we will send you a link to choose a new password.</Trans>
      </Intro>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        {error && <Notice variant="negative">{i18n._(authErrorMessages[error])}</Notice>}
        <form.Field name="email">
          {(field) => (
            <TextField
              ref={emailRef}
              label={t`Email`}
              type="email"
              name={field.name}
              autoComplete="email"
              required
              readOnly={sending}
              value={field.state.value}
              onChange={(event) => field.handleChange(event.target.value)}
              onBlur={field.handleBlur}
              error={validationMessage(i18n, emailError)}
            />
          )}
        </form.Field>
        <Button type="submit" size="lg" fullWidth loading={sending}>
          <Trans>Send reset link</Trans>
        </Button>
      </Form>
      <Back>
        <Link to="/$lang/login" params={{ lang }}>
          <Trans>Back to sign in</Trans>
        </Link>
      </Back>
    </>
  );
}
