// @vitest-environment happy-dom
// Settings' 'Time zone' card (src/features/settings/components/time-zone-section.tsx) with the
// account-time-zone machine's calls provided by the test (promise doubles it settles): the browser's
// zone offered, and said so, while the account has none; the IANA zones with their offsets; Save
// sending the zone chosen and a toast once it is kept; a refused zone said at the field, another
// failure above it; a failed load tried again. Also how the API file reads the server's refusals.
// English source messages, as Lingui shows them without a catalog.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { dashboardValidation } from '@/domain/dashboard';
import { ApiError } from '@/src/api/api-errors';
import { timeZoneFailureFrom } from '@/src/features/settings/api/time-zone-api';
import { TimeZoneCard, type TimeZoneActors } from '@/src/features/settings/components/time-zone-section';
import { timeZoneLabel, timeZoneOptions } from '@/src/features/settings/time-zone-options';
import { theme } from '@/src/ui/theme';
import { flush, PromiseWorld } from '../model/promise-world';

function show() {
  const world = new PromiseWorld();
  const actors: TimeZoneActors = {
    loadTimeZone: world.actor<string | null, unknown>('loadTimeZone'),
    saveTimeZone: world.actor<string, { timeZone: string }>('saveTimeZone'),
  };
  render(
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <TimeZoneCard actors={actors} browserZone="Europe/Lisbon" />
        <Toaster />
      </ThemeProvider>
    </I18nProvider>,
  );
  const settle = async (event: { type: string; output?: unknown; error?: unknown }) => {
    await act(async () => {
      world.settle(event);
      await flush();
    });
  };
  return { world, settle };
}

const select = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Time zone' });
const save = () => screen.getByRole('button', { name: 'Save' });

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(() => {
  cleanup();
  toast.remove();
});

describe('the time zone card', () => {
  test('an account without a zone: the browser’s is chosen and said so; Save keeps it, and a toast says so', async () => {
    const user = userEvent.setup();
    const { world, settle } = show();
    expect(screen.getByRole('heading', { name: 'Time zone' })).toBeTruthy();
    expect(screen.getByText('The dashboard counts its days, from midnight to midnight, in this time zone.')).toBeTruthy();
    expect(screen.getByText('Loading your time zone…')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();

    await settle({ type: 'xstate.done.actor.loadTimeZone', output: null });
    expect(select().value).toBe('Europe/Lisbon');
    expect(
      screen.getByText('Your account has no time zone yet, so your browser’s (Europe/Lisbon) is used. Save to keep it on your account.'),
    ).toBeTruthy();
    // The line is the select's description.
    expect(select().getAttribute('aria-describedby')).toBeTruthy();

    await user.click(save());
    expect(world.pendingInput('saveTimeZone')).toEqual({ timeZone: 'Europe/Lisbon' });
    expect(save().getAttribute('aria-busy')).toBe('true');
    expect(select().disabled).toBe(true);

    await settle({ type: 'xstate.done.actor.saveTimeZone', output: 'Europe/Lisbon' });
    expect(await screen.findByText('Time zone saved. The dashboard counts its days in it from now on.')).toBeTruthy();
    expect(screen.queryByText(/Your account has no time zone yet/)).toBeNull();
    expect(save().getAttribute('aria-busy')).toBeNull();
  });

  test('an account with a zone starts on it; another is chosen from the IANA zones and saved', async () => {
    const user = userEvent.setup();
    const { world, settle } = show();
    await settle({ type: 'xstate.done.actor.loadTimeZone', output: 'America/Sao_Paulo' });
    expect(select().value).toBe('America/Sao_Paulo');
    expect(screen.queryByText(/Your account has no time zone yet/)).toBeNull();
    const labels = [...select().options].map((option) => option.textContent);
    expect(labels.length).toBe(
      Intl.supportedValuesOf('timeZone').length + (Intl.supportedValuesOf('timeZone').includes('Europe/Lisbon') ? 0 : 1),
    );
    expect(labels).toContain(timeZoneLabel('America/Sao_Paulo', 'en', new Date()));

    await user.selectOptions(select(), 'Asia/Tokyo');
    await user.click(save());
    expect(world.pendingInput('saveTimeZone')).toEqual({ timeZone: 'Asia/Tokyo' });
    await settle({ type: 'xstate.done.actor.saveTimeZone', output: 'Asia/Tokyo' });
    expect(select().value).toBe('Asia/Tokyo');
  });

  test('a refused zone is said at the field; any other failure above it, and Save tries again', async () => {
    const user = userEvent.setup();
    const { world, settle } = show();
    await settle({ type: 'xstate.done.actor.loadTimeZone', output: 'America/Sao_Paulo' });
    await user.selectOptions(select(), 'Pacific/Auckland');
    await user.click(save());
    await settle({
      type: 'xstate.error.actor.saveTimeZone',
      error: { kind: 'invalid', fields: { timeZone: dashboardValidation.timeZoneInvalid.id } },
    });
    expect(screen.getByText('Choose a known time zone.')).toBeTruthy();
    expect(select().getAttribute('aria-invalid')).toBe('true');
    expect(select().value).toBe('Pacific/Auckland');

    await user.click(save());
    // Sent again: the refusal's message goes while it is.
    expect(screen.queryByText('Choose a known time zone.')).toBeNull();
    await settle({ type: 'xstate.error.actor.saveTimeZone', error: { kind: 'unknown' } });
    expect(screen.getByText('The time zone could not be saved. Check your connection and save again.')).toBeTruthy();
    await user.click(save());
    expect(world.calls.filter((call) => call.src === 'saveTimeZone').map((call) => call.input)).toEqual([
      { timeZone: 'Pacific/Auckland' },
      { timeZone: 'Pacific/Auckland' },
      { timeZone: 'Pacific/Auckland' },
    ]);
  });

  test('a load that failed says so and is tried again', async () => {
    const user = userEvent.setup();
    const { world, settle } = show();
    await settle({ type: 'xstate.error.actor.loadTimeZone', error: new Error('offline') });
    expect(screen.getByText('Your time zone could not be loaded.')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(world.isPending('loadTimeZone')).toBe(true);
    await settle({ type: 'xstate.done.actor.loadTimeZone', output: 'Asia/Tokyo' });
    await waitFor(() => expect(select().value).toBe('Asia/Tokyo'));
  });
});

describe('the zones and the API’s refusals', () => {
  test('each zone with its offset, in the page’s language; an unknown one kept, as it is', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    expect(timeZoneLabel('America/Sao_Paulo', 'en', winter)).toBe('America/Sao Paulo (GMT-03:00)');
    expect(timeZoneLabel('Asia/Kolkata', 'pt', winter)).toBe('Asia/Kolkata (GMT+05:30)');
    expect(timeZoneLabel('Europe/Madrid', 'es', winter)).toBe('Europe/Madrid (GMT+01:00)');
    const options = timeZoneOptions('en', ['Mars/Olympus_Mons', null], winter);
    expect(options.find((option) => option.value === 'Mars/Olympus_Mons')?.label).toBe('Mars/Olympus Mons');
    expect(options.map((option) => option.value)).toEqual([...options.map((option) => option.value)].sort());
  });

  test('a 400 validation_failed is the machine’s invalid failure with its fields; anything else unknown', () => {
    const fields = { timeZone: dashboardValidation.timeZoneInvalid.id };
    expect(timeZoneFailureFrom(new ApiError({ status: 400, code: 'validation_failed', message: 'x', fields }))).toEqual({
      kind: 'invalid',
      fields,
    });
    expect(timeZoneFailureFrom(new ApiError({ status: 503, code: 'unknown', message: 'x' }))).toEqual({ kind: 'unknown' });
    expect(timeZoneFailureFrom(new TypeError('fetch failed'))).toEqual({ kind: 'unknown' });
  });
});
