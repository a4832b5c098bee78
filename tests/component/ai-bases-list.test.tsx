// /ia-bases as a view: the merchant's AI bases by status, what each card offers (the WhatsApp numbers
// a base answers on, connected through the real API: none, no badge), and the plan's cap.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import type { AiBase } from '@/domain/ai-base';
import type { ChannelWebhookSetup } from '@/domain/channel';
import type { FixturePhoneNumber } from '../fixtures/whatsapp/phone-numbers';
import { sampleInstructions } from '../fixtures/sample-ai-base';
import type { TestUser } from '../server/support/emulator-users';
import { api, completeBase, merchant } from './support/merchant';
import { renderApp } from './support/render-app';
import { whatsappNumbers } from './support/whatsapp-numbers';

/** Connects a number to a base through the real API (the server checks it with the Cloud API fixture). */
const connectNumber = (owner: TestUser, number: FixturePhoneNumber, aiBaseId: string) =>
  api<ChannelWebhookSetup>(owner, 'POST', '/channels', {
    phoneNumberId: number.phoneNumberId,
    wabaId: number.wabaId,
    accessToken: number.accessToken,
    appSecret: number.appSecret,
    aiBaseId,
    inventoryId: null,
  });

const main = () => screen.getByRole('main');
const region = (name: string) => screen.findByRole('region', { name }, { timeout: 15_000 });

it('sections by status, the card of a base in configuration, and the plan cap with the new-base action disabled', async () => {
  const user = await merchant('list', 'start'); // 2 AI bases
  const created = await completeBase(user, { name: 'Live seller' });
  const live = await api<AiBase>(user, 'POST', `/ai-bases/${created.id}/activate`);
  const draft = await api<AiBase>(user, 'POST', '/ai-bases', { ...sampleInstructions, name: 'Half done', function: 'support' });

  const { router } = await renderApp('/en/ia-bases', user);
  const active = await region('Active');
  const training = await region('In configuration');
  expect(within(active).getByRole('heading', { name: 'Live seller' })).toBeTruthy();
  expect(within(training).getByRole('heading', { name: 'Half done' })).toBeTruthy();
  expect(within(main()).queryByRole('region', { name: 'Deactivated' })).toBeNull();
  expect(within(training).getByText('Agent status: in training')).toBeTruthy();
  expect(within(training).getByRole('progressbar', { name: 'Configuration progress' }).getAttribute('aria-valuenow')).toBe('33');
  // No number answers for it: no WhatsApp badge.
  expect(within(training).queryByText(/WhatsApp/)).toBeNull();
  expect(within(active).queryByText(/WhatsApp/)).toBeNull();

  // Two bases on a plan for two: the notice, and the action shown but disabled.
  expect(within(main()).getByText('Upgrade your plan to add more AI Bases.')).toBeTruthy();
  expect(within(main()).getByRole('button', { name: 'New AI base' }).hasAttribute('disabled')).toBe(true);
  expect(within(main()).queryByRole('link', { name: 'New AI base' })).toBeNull();

  await userEvent.click(within(training).getByRole('link', { name: 'Edit Half done' }));
  await waitFor(() => expect(router.state.location.pathname).toBe(`/en/ia-base/${draft.id}`));
  // Resumes at its step.
  expect(await screen.findByRole('heading', { name: '2. Knowledge base' }, { timeout: 15_000 })).toBeTruthy();

  // Deactivated from elsewhere: its own section, with a way back.
  await api(user, 'POST', `/ai-bases/${live.id}/deactivate`);
  await router.navigate({ to: '/$lang/ia-bases', params: { lang: 'en' } });
  await userEvent.click(within(await region('Deactivated')).getByRole('link', { name: 'Reactivate Live seller' }));
  await waitFor(() => expect(router.state.location.pathname).toBe(`/en/ia-base/${live.id}/activate`));
});

it('with room on the plan: the empty state leads to a new base', async () => {
  const user = await merchant('list-empty');
  const { router } = await renderApp('/en/ia-bases', user);
  expect(await screen.findByRole('heading', { name: 'No AI bases yet' }, { timeout: 15_000 })).toBeTruthy();
  await userEvent.click(within(main()).getAllByRole('link', { name: 'New AI base' })[0]!);
  await waitFor(() => expect(router.state.location.pathname).toBe('/en/ia-base'));
  expect(await screen.findByRole('heading', { name: '1. Instructions' }, { timeout: 15_000 })).toBeTruthy();
});

it('a base’s card shows the WhatsApp numbers it answers on, a paused one said so', async () => {
  const user = await merchant('list-numbers', 'start');
  const live = await api<AiBase>(user, 'POST', `/ai-bases/${(await completeBase(user, { name: 'Answering seller' })).id}/activate`);
  await completeBase(user, { name: 'Quiet draft' });
  const { baseCardActive, baseCardPaused } = whatsappNumbers;
  await connectNumber(user, baseCardActive, live.id);
  const paused = await connectNumber(user, baseCardPaused, live.id);
  await api(user, 'POST', `/channels/${paused.channel.id}/pause`);

  await renderApp('/en/ia-bases', user);
  const active = await region('Active');
  expect(within(active).getByText(`WhatsApp ${baseCardActive.displayPhoneNumber}`)).toBeTruthy();
  expect(within(active).getByText(`WhatsApp ${baseCardPaused.displayPhoneNumber}, paused`)).toBeTruthy();
  expect(within(await region('In configuration')).queryByText(/WhatsApp/)).toBeNull();
});
