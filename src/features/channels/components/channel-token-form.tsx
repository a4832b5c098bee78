// 'Replace the access token' on a number's page: one password field (write-only, never shown again)
// for the new token, checked with WhatsApp when submitted. Open for good while the channel waits for
// a token (no Cancel then); otherwise opened on request. The machine validates and says what to fix.
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/src/ui/button';
import { PasswordField } from '@/src/ui/password-field';
import { useChannelFieldError } from '../channel-messages';
import { Actions, Form } from './channel-connect-form';

type Props = {
  /** What was typed last (kept through a refusal). */
  initialToken: string;
  fieldErrors: Record<string, string>;
  /** The check is under way. */
  checking: boolean;
  /** The channel waits for this token: the form cannot be left. */
  required: boolean;
  /** Opened by the merchant: the field takes the keyboard. */
  autoFocus: boolean;
  onSubmit: (accessToken: string) => void;
  onCancel: () => void;
};

export function ChannelTokenForm({ initialToken, fieldErrors, checking, required, autoFocus, onSubmit, onCancel }: Props) {
  const { t } = useLingui();
  const error = useChannelFieldError(fieldErrors);
  const [accessToken, setAccessToken] = useState(initialToken);
  return (
    <Form
      noValidate
      aria-label={t`Replace the access token`}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(accessToken);
      }}
    >
      <PasswordField
        name="accessToken"
        label={t`New access token`}
        required
        // Write-only: browsers must not offer to save it as a password.
        autoComplete="off"
        spellCheck={false}
        autoFocus={autoFocus}
        disabled={checking}
        hint={t`A system user's permanent token with the whatsapp_business_messaging permission (Meta Business Settings → System users).`}
        error={error('accessToken')}
        value={accessToken}
        onChange={(event) => setAccessToken(event.target.value)}
      />
      <Actions>
        <Button type="submit" loading={checking}>
          <Trans>Check and save the token</Trans>
        </Button>
        {!required && (
          <Button variant="ghost" disabled={checking} onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        )}
      </Actions>
    </Form>
  );
}
