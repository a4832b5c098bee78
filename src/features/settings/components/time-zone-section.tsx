// Settings' 'Time zone' card, bound to the account-time-zone machine: the dashboard cuts its days in
// the zone kept on the account. A select of the IANA zones (the browser's own chosen while the account
// has none, with a line saying so), Save, a toast once kept, a refused zone said at the field and
// other failures above it. `TimeZoneSection` supplies the real calls; `TimeZoneCard` takes them, so
// tests provide their own.
import { useMemo } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import toast from 'react-hot-toast';
import styled from 'styled-components';
import { dashboardValidation } from '@/domain/dashboard';
import { isLocale } from '@/domain/locales';
import { accountTimeZoneMachine } from '@/machines/account-time-zone';
import { Button } from '@/src/ui/button';
import { Card } from '@/src/ui/card';
import { Notice } from '@/src/ui/notice';
import { Select } from '@/src/ui/select';
import { Skeleton } from '@/src/ui/skeleton';
import { useTranslatedFieldError } from '@/src/i18n/use-field-error';
import { loadTimeZoneActor } from '../api/time-zone-read-api';
import { saveTimeZoneActor } from '../api/time-zone-api';
import { browserTimeZone, timeZoneOptions } from '../time-zone-options';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 520px;
`;

const validationMessages: ReadonlyMap<string, MessageDescriptor> = new Map(
  Object.values(dashboardValidation).map((descriptor) => [descriptor.id, descriptor]),
);

/** The calls the card makes: the account-time-zone machine's actors. */
export type TimeZoneActors = {
  loadTimeZone: ReturnType<typeof loadTimeZoneActor>;
  saveTimeZone: ReturnType<typeof saveTimeZoneActor>;
};

export function TimeZoneSection() {
  const { api } = useRouter().options.context;
  const actors = useMemo(() => ({ loadTimeZone: loadTimeZoneActor(api), saveTimeZone: saveTimeZoneActor(api) }), [api]);
  return <TimeZoneCard actors={actors} />;
}

type TimeZoneCardProps = {
  actors: TimeZoneActors;
  /** The zone this browser runs in (offered while the account has none). */
  browserZone?: string;
};

export function TimeZoneCard({ actors, browserZone = browserTimeZone() }: TimeZoneCardProps) {
  const { t, i18n } = useLingui();
  const lang = isLocale(i18n.locale) ? i18n.locale : 'en';
  const [snapshot, send] = useMachine(
    accountTimeZoneMachine.provide({
      actors,
      actions: {
        announceSaved: () =>
          void toast.success(t`Time zone saved. The dashboard counts its days in it from now on.`, { id: 'time-zone-saved' }),
      },
    }),
    { input: { browserZone } },
  );
  const { accountZone, chosen, fieldErrors, failure } = snapshot.context;
  const fieldError = useTranslatedFieldError(fieldErrors, validationMessages);
  // The chosen zone is one of these (the select's own, or the account's).
  const options = useMemo(() => timeZoneOptions(lang, [accountZone, browserZone]), [lang, accountZone, browserZone]);
  const saving = snapshot.hasTag('saving');
  const browserZoneName = browserZone.replaceAll('_', ' ');

  return (
    <Card title={t`Time zone`} description={<Trans>The dashboard counts its days, from midnight to midnight, in this time zone.</Trans>}>
      {snapshot.matches('loading') && <Skeleton lines={2} label={t`Loading your time zone…`} />}
      {snapshot.matches('loadFailed') && (
        <>
          <Notice variant="negative">
            <Trans>Your time zone could not be loaded.</Trans>
          </Notice>
          <div>
            <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        </>
      )}
      {!snapshot.hasTag('loading') && !snapshot.matches('loadFailed') && (
        <Form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'SAVE' });
          }}
        >
          {snapshot.matches('failed') && failure?.kind === 'unknown' && (
            <Notice variant="negative">
              <Trans>The time zone could not be saved. Check your connection and save again.</Trans>
            </Notice>
          )}
          <Select
            name="timeZone"
            label={t`Time zone`}
            disabled={saving}
            hint={
              accountZone === null ? (
                <Trans>
                  Your account has no time zone yet, so your browser’s ({browserZoneName}) is used. Save to keep it on your account.
                </Trans>
              ) : undefined
            }
            error={fieldError('timeZone')}
            options={options}
            value={chosen}
            onChange={(event) => send({ type: 'CHOOSE', timeZone: event.target.value })}
          />
          <div>
            <Button type="submit" loading={saving}>
              <Trans>Save</Trans>
            </Button>
          </div>
        </Form>
      )}
    </Card>
  );
}
