// 'Connect a WhatsApp number' as a view: the channel-connect panel with its real machine, in
// happy-dom, with the merchant's real AI bases and inventory from the component tests' server. The
// machine's `connect` is the app's own (channel-connect-api.ts, POST /api/v1/channels on that server,
// which checks the number with the loopback Cloud API of global-setup.ts), each call held until the
// test has seen the screen wait. Proved here: the form's validation (messages at their fields, tied
// to them, the keyboard on the first to fix), `checking` (progress said, submit busy, the fields
// locked, the trimmed values sent), a failure (its kind said, every typed value kept, the refused
// field marked once back), the server's field errors, and `connected` (the callback URL and verify
// token with copy buttons and Meta's steps, shown once; Done reads the channel again, through the
// app's own `readChannel`, before the panel closes).
import { useRef, useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { AiBase } from '@/domain/ai-base';
import type { Channel, ChannelWebhookSetup, ConnectChannel } from '@/domain/channel';
import type { Inventory } from '@/domain/inventory';
import type { ChannelConnectFailure } from '@/machines/channel-connect';
import { createApiClient } from '@/src/api/api-client';
import { channelConnectApi } from '@/src/features/channels/api/channel-connect-api';
import { channelReadActor } from '@/src/features/channels/api/channel-detail-api';
import { ChannelConnectPanel } from '@/src/features/channels/components/channel-connect-panel';
import type { TestUser } from '../server/support/emulator-users';
import { api, completeBase, merchant } from './support/merchant';
import { serverUrl } from './support/render-app';
import { renderView } from './support/render-view';
import { whatsappNumbers } from './support/whatsapp-numbers';

/** A token of Meta's shape that no number of the Cloud API takes. */
const ACCESS_TOKEN = 'EAAGm0PX4ZCpsBAKZAc1a2b3c4d5e6f7g8h9i0j';
const APP_SECRET = '0123456789abcdef0123456789abcdef';

let user: TestUser;
let live: AiBase;
let aiBases: AiBase[];
let inventories: Inventory[];
beforeAll(async () => {
  user = await merchant('channels-connect', 'start');
  live = await api<AiBase>(user, 'POST', `/ai-bases/${(await completeBase(user, { name: 'Ana vendedora' })).id}/activate`);
  await completeBase(user, { name: 'Rascunho' }); // ready, never activated
  await api<Inventory>(user, 'POST', '/inventories', { name: 'Loja da Praia' });
  ({ aiBases } = await api<{ aiBases: AiBase[] }>(user, 'GET', '/ai-bases'));
  ({ inventories } = await api<{ inventories: Inventory[] }>(user, 'GET', '/inventories'));
});

type Release = { changed: Partial<ConnectChannel> } | { failure: ChannelConnectFailure };

/**
 * The machine's `connect` on the real API, each call held until the test lets it through (the server
 * then checks the number with the Cloud API and answers), optionally changed in flight (as an SPA
 * built before the server's rules would send it: the server's own field errors), or failed with
 * what the server cannot be made to answer from here (Meta not answering: the Cloud API fixture's
 * faults are set in global-setup's process).
 */
const userApi = () => createApiClient({ baseUrl: `${serverUrl}/api/v1`, getIdToken: async () => user.idToken });

function heldConnect() {
  const channels = channelConnectApi(userApi());
  const calls: ConnectChannel[] = [];
  const answers: ChannelWebhookSetup[] = [];
  const waiting: ((release: Release) => void)[] = [];
  const logic = fromPromise<ChannelWebhookSetup, ConnectChannel>(async ({ input }) => {
    calls.push(input);
    const release = await new Promise<Release>((resolve) => waiting.push(resolve));
    if ('failure' in release) throw release.failure;
    const answer = await channels.connect({ ...input, ...release.changed });
    answers.push(answer);
    return answer;
  });
  const next = async (release: Release) => {
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    waiting.shift()!(release);
  };
  return {
    logic,
    calls,
    answers,
    release: (changed: Partial<ConnectChannel> = {}) => next({ changed }),
    fail: (failure: ChannelConnectFailure) => next({ failure }),
  };
}

/** The panel as /channels opens it; closing it leaves a line saying so. */
async function renderPanel(connect = heldConnect(), choices = { aiBases, inventories }) {
  const connected: Channel[] = [];
  function Opened() {
    const [open, setOpen] = useState(true);
    const headingRef = useRef<HTMLHeadingElement>(null);
    if (!open) return <p>Panel closed</p>;
    return (
      <ChannelConnectPanel
        connect={connect.logic}
        readChannel={channelReadActor(userApi())}
        {...choices}
        headingRef={headingRef}
        onConnected={(channel) => connected.push(channel)}
        onClose={() => setOpen(false)}
      />
    );
  }
  await renderView(() => <Opened />, user);
  await screen.findByRole('heading', { name: 'Connect a WhatsApp number' }, { timeout: 15_000 });
  return { connect, connected };
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
const button = (name: string) => screen.getByRole('button', { name });
/** The texts an input's aria-describedby points at. */
const described = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

async function fillIn(values: { phoneNumberId?: string; wabaId?: string; accessToken?: string; appSecret?: string } = {}) {
  await userEvent.type(field(/^Phone number ID/), values.phoneNumberId ?? ' 106540352242922 ');
  await userEvent.type(field(/^WhatsApp Business Account ID/), values.wabaId ?? '102290129340398');
  // The token is pasted (Meta's are some two hundred characters).
  await userEvent.click(field(/^Access token/));
  await userEvent.paste(values.accessToken ?? ACCESS_TOKEN);
  await userEvent.type(field(/^App secret/), values.appSecret ?? APP_SECRET);
  await userEvent.selectOptions(field(/^AI base/), 'Ana vendedora');
}

it('offers only active AI bases and the inventories, the secrets in password fields', async () => {
  await renderPanel();
  const bases = within(field(/^AI base/))
    .getAllByRole('option')
    .map((option) => option.textContent);
  expect(bases).toEqual(['Choose an active AI base', 'Ana vendedora']);
  expect(aiBases.some((base) => base.status !== 'active')).toBe(true); // the other base is there, and not offered
  const inventoryChoices = within(field(/^Inventory \(optional\)/))
    .getAllByRole('option')
    .map((option) => option.textContent);
  expect(inventoryChoices).toEqual(['No inventory', 'Loja da Praia']);
  expect(field(/^Access token/).type).toBe('password');
  expect(field(/^App secret/).type).toBe('password');
});

it('refuses an empty or malformed form at its fields, tied to them, the keyboard on the first to fix; nothing is sent', async () => {
  const { connect } = await renderPanel();
  await userEvent.click(button('Connect'));
  const required = {
    'Phone number ID': 'The phone number ID is required.',
    'WhatsApp Business Account ID': 'The WhatsApp Business Account ID is required.',
    'Access token': 'The access token is required.',
    'App secret': 'The app secret is required.',
    'AI base': 'Choose the AI base that answers on this number.',
  };
  for (const [label, message] of Object.entries(required)) {
    const input = field(new RegExp(`^${label}`));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(described(input)).toContain(message);
  }
  expect(field(/^Inventory/).getAttribute('aria-invalid')).toBeNull();
  await waitFor(() => expect(document.activeElement).toBe(field(/^Phone number ID/)));

  await fillIn({ phoneNumberId: '+55 11 91234-5678', appSecret: 'not-a-secret!' });
  await userEvent.click(button('Connect'));
  expect(described(field(/^Phone number ID/))).toContain(
    'A phone number ID is a number, like 106540352242922 (WhatsApp Manager → API Setup).',
  );
  expect(described(field(/^App secret/))).toContain(
    'An app secret is letters and digits only (Meta for Developers → App settings → Basic).',
  );
  expect(field(/^WhatsApp Business Account ID/).getAttribute('aria-invalid')).toBeNull();
  await waitFor(() => expect(document.activeElement).toBe(field(/^Phone number ID/)));
  expect(connect.calls).toEqual([]);
});

it('while checking: the progress is said, the submit is busy and the fields locked; the trimmed values are sent', async () => {
  const { connect } = await renderPanel();
  await fillIn();
  await userEvent.click(button('Connect'));
  expect(await screen.findByText('Checking the number with WhatsApp…')).toBeTruthy();
  const submit = button('Connect');
  expect(submit.hasAttribute('disabled')).toBe(true);
  expect(submit.getAttribute('aria-busy')).toBe('true');
  expect(button('Cancel').hasAttribute('disabled')).toBe(true);
  expect(field(/^Phone number ID/).closest('fieldset')?.disabled).toBe(true);
  expect(connect.calls).toEqual([
    {
      phoneNumberId: '106540352242922',
      wabaId: '102290129340398',
      accessToken: ACCESS_TOKEN,
      appSecret: APP_SECRET,
      aiBaseId: live.id,
      inventoryId: null,
    },
  ]);
});

it('a failure says its kind and keeps every typed value; back in the details the refused field says why and has the keyboard', async () => {
  const { connect } = await renderPanel();
  await fillIn();
  await userEvent.selectOptions(field(/^Inventory/), 'Loja da Praia');
  await userEvent.click(button('Connect'));
  await connect.release(); // Meta refuses the token

  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('The number could not be connected.');
  expect(alert.textContent).toContain('Meta refused this access token');
  await waitFor(() => expect(document.activeElement?.contains(alert)).toBe(true));
  const typed = () => ({
    phoneNumberId: field(/^Phone number ID/).value,
    wabaId: field(/^WhatsApp Business Account ID/).value,
    accessToken: field(/^Access token/).value,
    appSecret: field(/^App secret/).value,
    aiBase: field(/^AI base/).value,
    inventory: field(/^Inventory/).value,
  });
  const before = {
    phoneNumberId: ' 106540352242922 ',
    wabaId: '102290129340398',
    accessToken: ACCESS_TOKEN,
    appSecret: APP_SECRET,
    aiBase: live.id,
    inventory: inventories[0]!.id,
  };
  expect(typed()).toEqual(before);
  expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull(); // the failure offers its own ways on

  // Meta did not answer the second time: Try again sends the same values.
  await userEvent.click(button('Try again'));
  await waitFor(() => expect(connect.calls).toHaveLength(2));
  expect(connect.calls[1]).toEqual(connect.calls[0]);
  await connect.fail({ kind: 'unreachable' });
  expect((await screen.findByRole('alert')).textContent).toContain('WhatsApp did not answer');

  await userEvent.click(button('Try again'));
  await connect.release(); // refused again: the same token
  expect(connect.calls).toHaveLength(3);
  await userEvent.click(await screen.findByRole('button', { name: 'Edit the details' }));
  const token = field(/^Access token/);
  await waitFor(() => expect(document.activeElement).toBe(token));
  expect(token.getAttribute('aria-invalid')).toBe('true');
  expect(described(token)).toContain(
    'Meta refused this access token: it is wrong, expired or revoked, or lacks the whatsapp_business_messaging permission.',
  );
  expect(typed()).toEqual(before);
  expect(screen.queryByRole('alert')).toBeNull();
  expect(button('Connect').hasAttribute('disabled')).toBe(false);
});

it("the server's field errors show at their fields, the keyboard on the first", async () => {
  const { connect } = await renderPanel();
  await fillIn();
  await userEvent.click(button('Connect'));
  await connect.release({ wabaId: 'waba' }); // the server's schema refuses it
  const waba = field(/^WhatsApp Business Account ID/);
  await waitFor(() => expect(document.activeElement).toBe(waba));
  expect(described(waba)).toContain('A WhatsApp Business Account ID is a number, like 102290129340398.');
  expect(screen.queryByRole('alert')).toBeNull();
});

it("connected: the callback URL and the verify token with copy buttons and Meta's steps, shown once", async () => {
  const { connect, connected } = await renderPanel();
  const number = whatsappNumbers.panel;
  await fillIn({
    phoneNumberId: number.phoneNumberId,
    wabaId: number.wabaId,
    accessToken: number.accessToken,
    appSecret: number.appSecret,
  });
  await userEvent.click(button('Connect'));
  await connect.release(); // the number's own token: Meta shows the number, the server saves it

  const title = await screen.findByRole('heading', { name: `${number.displayPhoneNumber} (Loja Ana) is connected` });
  await waitFor(() => expect(document.activeElement).toBe(title));
  const [answer] = connect.answers;
  expect(connected).toEqual([answer!.channel]);
  expect(answer!.channel).toMatchObject({
    phoneNumberId: number.phoneNumberId,
    aiBaseId: live.id,
    status: 'active',
    qualityRating: 'green',
  });
  expect(field(/^Callback URL/).value).toBe(`${serverUrl}/webhooks/whatsapp`);
  expect(field(/^Verify token/).value).toBe(answer!.verifyToken);
  expect(field(/^Verify token/).readOnly).toBe(true);
  expect(screen.getAllByRole('button', { name: 'Copy' })).toHaveLength(2);
  expect(screen.getAllByRole('listitem').map((step) => step.textContent)).toEqual([
    "Open your app's App Dashboard and go to WhatsApp → Configuration.",
    'Under Webhook, select Edit.',
    'Paste the Callback URL and the Verify token below, then select Verify and save.',
    'Under Webhook fields, subscribe to messages.',
  ]);
  expect(screen.getByText('Copy the verify token now: Catalyst keeps only a fingerprint of it and cannot show it again.')).toBeTruthy();
  // The secrets typed are gone with the form.
  expect(screen.queryByLabelText(/^Access token/)).toBeNull();

  await userEvent.click(button('Done'));
  expect(await screen.findByText('Panel closed')).toBeTruthy();
  expect(document.body.textContent).not.toContain(answer!.verifyToken);
  // Read again before closing: the list gets the channel as the server holds it now.
  expect(connected).toHaveLength(2);
  expect(connected[1]).toMatchObject({ id: answer!.channel.id, webhookVerifiedAt: null });
  // The server holds the number.
  const { channels } = await api<{ channels: Channel[] }>(user, 'GET', '/channels');
  expect(channels.map((channel) => channel.phoneNumberId)).toEqual([number.phoneNumberId]);
});

it('without an active AI base, a note leads to the AI bases instead of the form', async () => {
  await renderPanel(heldConnect(), { aiBases: aiBases.filter((base) => base.status !== 'active'), inventories });
  expect(screen.getByText('You have no active AI base yet.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Go to AI bases' }).getAttribute('href')).toBe('/en/ia-bases');
  expect(screen.queryByLabelText(/^Phone number ID/)).toBeNull();
  await userEvent.click(button('Cancel'));
  expect(await screen.findByText('Panel closed')).toBeTruthy();
});
