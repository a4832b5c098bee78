import { useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { passwordResetMachine } from '@/machines/password-reset';
import { loadFirebaseAuth } from '@/src/auth/load-firebase-auth';
import { useLang } from '@/src/i18n/use-lang';
import { sendResetEmailActor } from '../firebase/send-reset-email-actor';
import { ResetEmailSent } from './reset-email-sent';
import { ResetRequestForm } from './reset-request-form';

/** "Forgot your password?": binds the password-reset machine to its two views. */
export function ResetPasswordPage() {
  const { runtimeConfig } = useRouter().options.context;
  const lang = useLang();
  const [snapshot, send, actorRef] = useMachine(
    passwordResetMachine.provide({
      actors: { sendResetEmail: sendResetEmailActor(() => loadFirebaseAuth(runtimeConfig)) },
    }),
  );
  const { context } = snapshot;

  return (
    // The machine's state, for the UI-level model-based test.
    <div data-password-reset={JSON.stringify(snapshot.value)}>
      {snapshot.matches('sent') ? (
        <ResetEmailSent
          lang={lang}
          email={context.email}
          secondsLeft={context.secondsLeft}
          coolingDown={snapshot.matches({ sent: 'coolingDown' })}
          resending={snapshot.matches({ sent: 'resending' })}
          error={context.error}
          onResend={() => send({ type: 'RESEND', language: lang })}
        />
      ) : (
        <ResetRequestForm
          lang={lang}
          sending={snapshot.matches('sending')}
          emailError={context.emailError}
          error={context.error}
          onSubmit={(email) => {
            actorRef.send({ type: 'SUBMIT', email, language: lang });
            return actorRef.getSnapshot().context.emailError === null;
          }}
        />
      )}
    </div>
  );
}
