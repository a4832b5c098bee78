import { useRef } from 'react';
import { revalidateLogic, useForm } from '@tanstack/react-form';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { authErrorMessages, loginSchema } from '@/domain/auth';
import { TextField } from '@/src/ui/text-field';
import { PasswordField } from '@/src/ui/password-field';
import { Button } from '@/src/ui/button';
import { Notice } from '@/src/ui/notice';
import type { AuthSessionActor } from '@/src/auth/start-auth-session';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

/** Shows the first issue of a field; schema issue messages are Lingui message ids. */
const firstIssue = (errors: ReadonlyArray<{ message: string } | undefined>) => errors.find(Boolean)?.message;

/** What an input takes from a text field of the form: its value and changes, and its first issue's id. */
type TextFieldApi = {
  name: string;
  state: { value: string; meta: { errors: ReadonlyArray<{ message: string } | undefined> } };
  handleChange: (value: string) => void;
  handleBlur: () => void;
};
const bound = (field: TextFieldApi) => ({
  name: field.name,
  value: field.state.value,
  onChange: (event: { target: { value: string } }) => field.handleChange(event.target.value),
  onBlur: field.handleBlur,
  issue: firstIssue(field.state.meta.errors),
});

/**
 * Email and password. Validation is the form's (loginSchema: on submit, then on every change);
 * the flow is the session machine's: submitting sends SIGN_IN, progress and errors come from its snapshot.
 */
export function LoginForm({ session }: { session: AuthSessionActor }) {
  const { t, i18n } = useLingui();
  const signingIn = useSelector(session, (s) => s.matches('signingIn'));
  const error = useSelector(session, (s) => s.context.error);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const form = useForm({
    defaultValues: { email: '', password: '' },
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: loginSchema },
    onSubmit: ({ value }) => session.send({ type: 'SIGN_IN', ...loginSchema.parse(value) }),
    // Take the keyboard to the first field to fix.
    onSubmitInvalid: ({ formApi }) => (formApi.getFieldMeta('email')?.errors.length ? emailRef : passwordRef).current?.focus(),
  });

  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      {error && <Notice variant="negative">{i18n._(authErrorMessages[error])}</Notice>}
      <form.Field name="email">
        {(field) => {
          const { issue, ...input } = bound(field);
          return (
            <TextField
              ref={emailRef}
              label={t`Email`}
              type="email"
              autoComplete="email"
              required
              {...input}
              error={issue ? i18n._(issue) : undefined}
            />
          );
        }}
      </form.Field>
      <form.Field name="password">
        {(field) => {
          const { issue, ...input } = bound(field);
          return (
            <PasswordField
              ref={passwordRef}
              label={t`Password`}
              autoComplete="current-password"
              required
              {...input}
              error={issue ? i18n._(issue) : undefined}
            />
          );
        }}
      </form.Field>
      <Button type="submit" size="lg" fullWidth loading={signingIn}>
        <Trans>Sign in</Trans>
      </Button>
    </Form>
  );
}
