import { useEffect, useRef } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useForm } from '@tanstack/react-form';
import { useMachine } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { authErrorMessages } from '@/domain/auth';
import type { PasswordChangeField } from '@/domain/password';
import { passwordChangeMachine } from '@/machines/password-change';
import { Button } from '@/src/ui/button';
import { Card } from '@/src/ui/card';
import { Notice } from '@/src/ui/notice';
import { PasswordField } from '@/src/ui/password-field';
import { loadFirebaseAuth } from '@/src/auth/load-firebase-auth';
import { passwordChangeActors } from '../firebase/password-change-actors';
import { validationMessage } from '../validation-message';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 420px;
`;

const Feedback = styled.div`
  &:focus {
    outline: none;
  }
  &:empty {
    display: none;
  }
`;

const emptyForm: Record<PasswordChangeField, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };
const fieldOrder: PasswordChangeField[] = ['currentPassword', 'newPassword', 'confirmPassword'];

/**
 * Settings' "Change password": binds the password-change machine to its form. It is only shown on
 * the signed-in screens; the machine's effects act on Firebase's current user.
 */
export function PasswordChangeCard() {
  const { t, i18n } = useLingui();
  const { runtimeConfig } = useRouter().options.context;
  const fieldRefs = {
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  };
  const feedbackRef = useRef<HTMLDivElement>(null);

  const form = useForm({
    defaultValues: emptyForm,
    onSubmit: ({ value }) => {
      actorRef.send({ type: 'SUBMIT', ...value });
      // A refused form takes the keyboard to the first field to fix.
      const { fieldErrors } = actorRef.getSnapshot().context;
      const first = fieldOrder.find((field) => fieldErrors[field]);
      if (first) fieldRefs[first].current?.focus();
    },
  });

  const [snapshot, , actorRef] = useMachine(
    passwordChangeMachine.provide({
      actors: passwordChangeActors(() => loadFirebaseAuth(runtimeConfig)),
      actions: { clearForm: () => form.reset() },
    }),
  );
  const { fieldErrors, error } = snapshot.context;
  const busy = snapshot.hasTag('saving');
  const failed = snapshot.matches({ form: 'failed' });
  const changed = snapshot.matches({ form: 'changed' });

  // The busy button lost the keyboard: give it to the outcome (a wrong current password is the usual fix).
  useEffect(() => {
    if (changed) feedbackRef.current?.focus();
    if (failed) (error === 'notAuthenticated' ? feedbackRef : fieldRefs.currentPassword).current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on entering these states only
  }, [changed, failed]);

  const field = (name: PasswordChangeField) => ({
    name,
    required: true,
    ref: fieldRefs[name],
    error: validationMessage(i18n, fieldErrors[name]),
  });

  return (
    <Card title={<Trans>Change password</Trans>} description={<Trans>Enter your current password, then the new one twice.</Trans>}>
      <Form
        noValidate
        data-password-change={JSON.stringify(snapshot.value)}
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <Feedback ref={feedbackRef} tabIndex={-1}>
          {failed && error && <Notice variant="negative">{i18n._(authErrorMessages[error])}</Notice>}
          {changed && (
            <Notice variant="positive">
              <Trans>Password changed.</Trans>
            </Notice>
          )}
        </Feedback>
        <form.Field name="currentPassword">
          {(f) => (
            <PasswordField
              {...field('currentPassword')}
              label={t`Current password`}
              autoComplete="current-password"
              value={f.state.value}
              onChange={(event) => f.handleChange(event.target.value)}
              onBlur={f.handleBlur}
            />
          )}
        </form.Field>
        <form.Field name="newPassword">
          {(f) => (
            <PasswordField
              {...field('newPassword')}
              label={t`New password`}
              hint={t`At least 6 characters.`}
              autoComplete="new-password"
              value={f.state.value}
              onChange={(event) => f.handleChange(event.target.value)}
              onBlur={f.handleBlur}
            />
          )}
        </form.Field>
        <form.Field name="confirmPassword">
          {(f) => (
            <PasswordField
              {...field('confirmPassword')}
              label={t`Confirm new password`}
              autoComplete="new-password"
              value={f.state.value}
              onChange={(event) => f.handleChange(event.target.value)}
              onBlur={f.handleBlur}
            />
          )}
        </form.Field>
        <div>
          <Button type="submit" loading={busy}>
            <Trans>Change password</Trans>
          </Button>
        </div>
      </Form>
    </Card>
  );
}
