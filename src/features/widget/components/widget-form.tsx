// The widget's settings as a form, bound to the widget-config machine's snapshot: on or off, the
// number whose AI base answers and the inventory, the sites it may show on (added, removed), its colour
// and side, a greeting per language, opening hours, the product finder and the daily cap; Save, each
// refusal (the domain's before sending, the server's after) at its field in the page's language.
import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { locales, localeNames } from '@/domain/locales';
import { readyMadeGreetings, weekdays } from '@/domain/widget';
import { workingWeek, type WidgetConfigEvent, type widgetConfigMachine } from '@/machines/widget-config';
import { useTranslatedFieldError } from '@/src/i18n/use-field-error';
import { useLang } from '@/src/i18n/use-lang';
import { Button } from '@/src/ui/button';
import { Card } from '@/src/ui/card';
import { Checkbox } from '@/src/ui/checkbox';
import { Notice } from '@/src/ui/notice';
import { RadioGroup } from '@/src/ui/radio-group';
import { Select } from '@/src/ui/select';
import { TextArea } from '@/src/ui/text-area';
import { TextField } from '@/src/ui/text-field';
import type { SnapshotFrom } from 'xstate';
import { weekdayNames, widgetRefusalMessages } from '../widget-messages';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};

  p {
    margin: 0;
  }
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space(2)};
  align-items: end;
`;

const Sites = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: ${({ theme }) => theme.space(2)};
    align-items: center;
  }
`;

const Inline = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;
`;

const FieldError = styled.p`
  color: ${({ theme }) => theme.colors.negative};
`;

export type WidgetSnapshot = SnapshotFrom<typeof widgetConfigMachine>;
export type WidgetSend = (event: WidgetConfigEvent) => void;

export function WidgetForm({ snapshot, send }: { snapshot: WidgetSnapshot; send: WidgetSend }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const { context } = snapshot;
  const { settings } = context;
  const fieldError = useTranslatedFieldError(context.fieldErrors, widgetRefusalMessages);
  const saving = snapshot.hasTag('saving');
  const [newOrigin, setNewOrigin] = useState('');
  // A site added leaves the field empty for the next one.
  const sitesListed = settings.allowedOrigins.length;
  useEffect(() => setNewOrigin(''), [sitesListed]);
  const refused = snapshot.matches({ settings: 'editing' }) && Object.keys(context.fieldErrors).some((field) => field !== 'newOrigin');
  const hours = settings.openingHours;

  return (
    <Form
      noValidate
      aria-label={t`Website widget settings`}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'SAVE' });
      }}
    >
      {snapshot.matches({ settings: 'failure' }) && (
        <Notice variant="negative">
          <Trans>The website widget could not be saved. Check your connection and try again: nothing you changed is lost.</Trans>
          <div>
            <Button variant="secondary" size="sm" onClick={() => send({ type: 'RETRY' })}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        </Notice>
      )}
      {refused && (
        <Notice variant="warning">
          <Trans>Some settings need another look before the widget can be saved: see the messages below.</Trans>
        </Notice>
      )}

      <Card title={t`Where it answers`}>
        <Checkbox
          label={t`Show the widget on my sites`}
          checked={settings.enabled}
          disabled={saving}
          onChange={(event) => send({ type: 'SET_ENABLED', enabled: event.target.checked })}
        />
        {context.channels.length === 0 ? (
          <p>
            <Trans>No WhatsApp number is connected yet: the widget answers with a number’s AI base and continues there.</Trans>{' '}
            <Link to="/$lang/channels" params={{ lang }}>
              <Trans>Go to Channels</Trans>
            </Link>
          </p>
        ) : null}
        <Select
          label={t`WhatsApp number`}
          hint={t`Its active AI base answers on your site, and ‘Continue on WhatsApp’ opens a chat with it.`}
          placeholder={t`Choose a number`}
          options={context.channels.map((choice) => ({ value: choice.id, label: choice.label }))}
          value={settings.channelId ?? ''}
          disabled={saving}
          error={fieldError('channelId')}
          onChange={(event) => send({ type: 'CHOOSE_CHANNEL', channelId: event.target.value === '' ? null : event.target.value })}
        />
        <Select
          label={t`Inventory`}
          hint={t`The products the answers show and the product finder searches.`}
          placeholder={t`No inventory`}
          options={context.inventories.map((choice) => ({ value: choice.id, label: choice.label }))}
          value={settings.inventoryId ?? ''}
          disabled={saving}
          error={fieldError('inventoryId')}
          onChange={(event) => send({ type: 'CHOOSE_INVENTORY', inventoryId: event.target.value === '' ? null : event.target.value })}
        />
        <Checkbox
          label={t`Product finder (CATALYST FILTER)`}
          hint={t`Shoppers search the inventory by price, colour and size in the widget.`}
          checked={settings.filterEnabled}
          disabled={saving}
          onChange={(event) => send({ type: 'SET_FILTER', enabled: event.target.checked })}
        />
        <TextField
          label={t`Answers a day, at most`}
          hint={t`Past this, the widget stops answering until tomorrow, so nobody can use up your plan’s queries.`}
          type="number"
          inputMode="numeric"
          min={1}
          value={Number.isFinite(settings.dailyCap) ? String(settings.dailyCap) : ''}
          disabled={saving}
          error={fieldError('dailyCap')}
          onChange={(event) => send({ type: 'SET_DAILY_CAP', dailyCap: event.target.value === '' ? 0 : Number(event.target.value) })}
        />
      </Card>

      <Card
        title={t`Your sites`}
        description={<Trans>The widget shows only on these sites, such as https://www.mystore.com (no path).</Trans>}
      >
        {settings.allowedOrigins.length > 0 && (
          <Sites aria-label={t`Sites that show the widget`}>
            {settings.allowedOrigins.map((origin, index) => (
              <li key={origin}>
                <span>
                  {origin}
                  {fieldError(`allowedOrigins.${index}`) && <FieldError>{fieldError(`allowedOrigins.${index}`)}</FieldError>}
                </span>
                <Button variant="ghost" size="sm" disabled={saving} onClick={() => send({ type: 'REMOVE_ORIGIN', index })}>
                  <Trans>Remove {origin}</Trans>
                </Button>
              </li>
            ))}
          </Sites>
        )}
        <Row>
          <TextField
            label={t`Site address`}
            name="newOrigin"
            placeholder="https://www.mystore.com"
            inputMode="url"
            value={newOrigin}
            disabled={saving}
            error={fieldError('newOrigin') ?? fieldError('allowedOrigins')}
            onChange={(event) => setNewOrigin(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              send({ type: 'ADD_ORIGIN', origin: newOrigin });
            }}
          />
          <Button variant="secondary" disabled={saving} onClick={() => send({ type: 'ADD_ORIGIN', origin: newOrigin })}>
            <Trans>Add site</Trans>
          </Button>
        </Row>
      </Card>

      <Card title={t`Look`}>
        <Inline>
          <TextField
            label={t`Colour`}
            hint={t`The button’s and the panel’s header, as #RRGGBB.`}
            value={settings.look.color}
            disabled={saving}
            error={fieldError('look.color')}
            onChange={(event) => send({ type: 'SET_COLOR', color: event.target.value })}
          />
          <input
            type="color"
            aria-label={t`Pick a colour`}
            value={/^#[0-9a-f]{6}$/i.test(settings.look.color) ? settings.look.color : '#000000'}
            disabled={saving}
            onChange={(event) => send({ type: 'SET_COLOR', color: event.target.value.toUpperCase() })}
          />
        </Inline>
        <RadioGroup
          legend={t`Side of the page`}
          name="position"
          options={[
            { value: 'right', label: t`Bottom right` },
            { value: 'left', label: t`Bottom left` },
          ]}
          value={settings.look.position}
          disabled={saving}
          onChange={(value) => send({ type: 'SET_POSITION', position: value === 'left' ? 'left' : 'right' })}
        />
      </Card>

      <Card title={t`Greeting`} description={<Trans>The panel’s first words, in the language of the page it is on.</Trans>}>
        {locales.map((locale) => (
          <TextArea
            key={locale}
            label={localeNames[locale]}
            rows={2}
            placeholder={readyMadeGreetings[locale]}
            hint={t`Empty: the ready-made greeting shown.`}
            value={settings.greetings[locale]}
            disabled={saving}
            error={fieldError(`greetings.${locale}`)}
            onChange={(event) => send({ type: 'SET_GREETING', lang: locale, text: event.target.value })}
          />
        ))}
      </Card>

      <Card
        title={t`Opening hours`}
        description={<Trans>Outside them, the message still goes, and the greeting says when someone answers.</Trans>}
      >
        <Checkbox
          label={t`Someone answers at set hours only`}
          checked={hours !== null}
          disabled={saving}
          onChange={(event) => send({ type: 'SET_HOURS', openingHours: event.target.checked ? workingWeek : null })}
        />
        {hours && (
          <>
            <Inline role="group" aria-label={t`Days with opening hours`}>
              {weekdays.map((day) => (
                <Checkbox
                  key={day}
                  label={i18n._(weekdayNames[day])}
                  checked={hours.days.includes(day)}
                  disabled={saving}
                  onChange={(event) =>
                    send({
                      type: 'SET_HOURS',
                      openingHours: {
                        ...hours,
                        days: event.target.checked ? [...hours.days, day] : hours.days.filter((other) => other !== day),
                      },
                    })
                  }
                />
              ))}
            </Inline>
            {fieldError('openingHours.days') && <FieldError>{fieldError('openingHours.days')}</FieldError>}
            <Inline>
              <TextField
                label={t`From`}
                type="time"
                value={hours.start}
                disabled={saving}
                error={fieldError('openingHours.start')}
                onChange={(event) => send({ type: 'SET_HOURS', openingHours: { ...hours, start: event.target.value } })}
              />
              <TextField
                label={t`To`}
                type="time"
                value={hours.end}
                disabled={saving}
                error={fieldError('openingHours.end')}
                onChange={(event) => send({ type: 'SET_HOURS', openingHours: { ...hours, end: event.target.value } })}
              />
            </Inline>
          </>
        )}
      </Card>

      <div>
        <Button type="submit" loading={saving} disabled={!saving && !snapshot.can({ type: 'SAVE' })}>
          {snapshot.matches({ settings: 'saved' }) ? <Trans>Saved</Trans> : <Trans>Save widget</Trans>}
        </Button>
      </div>
    </Form>
  );
}
