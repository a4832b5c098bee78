// /templates in the real app, against the component tests' real API server and its loopback WhatsApp
// Cloud API (global-setup.ts), which keeps each WhatsApp Business Account's templates as Meta does:
// `hello_world` approved from the start, a submitted one reviewed a few seconds later — rejected when
// its name contains `test_reject` (ABUSIVE_CONTENT), else approved. Proved here: the side menu's
// Templates leads here; without a number the screen says so and leads to /channels; a number's
// templates after Refresh (name, language, category, status, quality); a ready-made template opened
// with one click, prefilled, previewed in the page's language, an error said at its field, submitted,
// In review, then Approved, and listed; a rejected one with Meta's reason, then editable again; a new
// template's draft brought back after a reload.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import type { AiBase } from '@/domain/ai-base';
import type { ChannelWebhookSetup } from '@/domain/channel';
import type { FixturePhoneNumber } from '../fixtures/whatsapp/phone-numbers';
import type { TestUser } from '../server/support/emulator-users';
import { api, completeBase, merchant } from './support/merchant';
import { renderApp } from './support/render-app';
import { whatsappNumbers } from './support/whatsapp-numbers';

const numbers = {
  listed: whatsappNumbers.templatesListed,
  readyMade: whatsappNumbers.templatesReadyMade,
  rejected: whatsappNumbers.templatesRejected,
  drafted: whatsappNumbers.templatesDrafted,
};

/** A merchant of the test's own with an active AI base and `number` connected through the real API. */
async function merchantWith(label: string, number: FixturePhoneNumber) {
  const owner = await merchant(label, 'start');
  const base = await api<AiBase>(owner, 'POST', `/ai-bases/${(await completeBase(owner, { name: 'Ana vendedora' })).id}/activate`);
  const { channel } = await api<ChannelWebhookSetup>(owner, 'POST', '/channels', {
    phoneNumberId: number.phoneNumberId,
    wabaId: number.wabaId,
    accessToken: number.accessToken,
    appSecret: number.appSecret,
    aiBaseId: base.id,
  });
  return { owner, channelId: channel.id };
}

const heading = (name: string | RegExp, level = 1) => screen.findByRole('heading', { name, level }, { timeout: 15_000 });
/** A row of a number's table, by the template's name and language, as its cells' texts. */
const row = (name: string, language: string) =>
  screen
    .getAllByRole('rowheader', { name })
    .map((header) => header.closest('tr')!)
    .map((tr) =>
      within(tr)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    )
    .find((cells) => cells[0] === language);
const templatesOf = (owner: TestUser, channelId: string, name: string) =>
  api<{ records: { language: string; status: string }[] }>(owner, 'GET', `/channels/${channelId}/templates/${name}`);

it("the side menu's Templates leads here; without a number the screen says so and leads to /channels", async () => {
  const owner = await merchant('templates-none', 'start');
  const { router } = await renderApp('/en/dashboard', owner);
  const menu = await screen.findByRole('navigation', { name: 'Side menu' }, { timeout: 15_000 });
  await userEvent.click(within(menu).getByRole('link', { name: 'Templates' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/en/templates'));
  expect(await heading('Templates')).toBeTruthy();
  expect(await heading('No WhatsApp number connected yet', 2)).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Go to Channels' }).getAttribute('href')).toBe('/en/channels');
  expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Templates')).toBeTruthy();
});

it("lists a number's templates after Refresh: name, language, category, status and quality", async () => {
  const { owner } = await merchantWith('templates-list', numbers.listed);
  await renderApp('/en/templates', owner);
  expect(await heading(numbers.listed.displayPhoneNumber, 2)).toBeTruthy();

  await userEvent.click(screen.getByRole('button', { name: `Refresh the templates of ${numbers.listed.displayPhoneNumber}` }));
  await waitFor(() => expect(screen.getAllByRole('rowheader', { name: 'hello_world' })).toHaveLength(3), { timeout: 15_000 });
  expect(await screen.findByText(/^Read from Meta$/)).toBeTruthy();
  expect(row('hello_world', 'English (US)')).toEqual(['English (US)', 'Utility', 'Approved', expect.any(String), '']);
  expect(row('hello_world', 'Portuguese (Brazil)')).toBeTruthy();
  expect(row('hello_world', 'Spanish')).toBeTruthy();
  // Approved: nothing to edit. Every ready-made template is offered.
  expect(screen.queryByRole('link', { name: /^Edit hello_world/ })).toBeNull();
  expect(screen.getAllByRole('link', { name: /^Review and submit: / })).toHaveLength(6);
}, 60_000);

it('a ready-made template opens prefilled, previewed, checked at its fields, then submitted, reviewed and listed', async () => {
  const { owner, channelId } = await merchantWith('templates-ready-made', numbers.readyMade);
  const { router } = await renderApp('/en/templates', owner);
  await heading(numbers.readyMade.displayPhoneNumber, 2);

  await userEvent.click(screen.getByRole('link', { name: 'Review and submit: Order confirmation' }));
  expect(await heading('New template')).toBeTruthy();
  expect(router.state.location.search).toEqual({ channel: channelId, new: 'order_confirmation' });
  const name = screen.getByLabelText(/^Name/) as HTMLInputElement;
  expect(name.value).toBe('order_confirmation');
  expect(screen.getByRole('tab', { name: 'English (US)', selected: true })).toBeTruthy();
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Portuguese (Brazil)', 'English (US)', 'Spanish']);
  const preview = screen.getByRole('figure', { name: 'Preview in English (US)' });
  expect(within(preview).getByText('Order confirmed')).toBeTruthy();
  expect(within(preview).getByText(/^Hi Emma! We’ve received your order #1042/)).toBeTruthy();

  // A rule broken is said at its field, in the page's language, and tied to it.
  await userEvent.clear(name);
  expect(await screen.findByText('Give the template a name.')).toBeTruthy();
  expect(name.getAttribute('aria-invalid')).toBe('true');
  await userEvent.type(name, 'order_confirmation');
  expect(name.getAttribute('aria-invalid')).toBeNull();

  // The preview follows the example.
  await userEvent.clear(screen.getByLabelText(/^Example of \{\{first_name\}\}/));
  await userEvent.type(screen.getByLabelText(/^Example of \{\{first_name\}\}/), 'Olivia');
  expect(within(preview).getByText(/^Hi Olivia! We’ve received your order #1042/)).toBeTruthy();

  await userEvent.click(screen.getByRole('button', { name: 'Submit to Meta for review' }));
  expect(await heading('In review', 2)).toBeTruthy();
  await waitFor(() => expect(router.state.location.search).toEqual({ channel: channelId, name: 'order_confirmation' }));
  // The fixture reviews a few seconds after the submission and says so by webhook; the page asks
  // every few seconds, and the server asks Meta itself when the webhook is late (a slow machine).
  expect(await screen.findByRole('heading', { name: 'Approved', level: 2 }, { timeout: 45_000 })).toBeTruthy();
  expect((await templatesOf(owner, channelId, 'order_confirmation')).records.map((record) => record.status)).toEqual([
    'APPROVED',
    'APPROVED',
    'APPROVED',
  ]);

  await userEvent.click(screen.getByRole('link', { name: 'Back to templates' }));
  await heading(numbers.readyMade.displayPhoneNumber, 2);
  expect(row('order_confirmation', 'English (US)')).toEqual(['English (US)', 'Utility', 'Approved', expect.any(String), '']);
  expect(screen.queryByRole('link', { name: 'Review and submit: Order confirmation' })).toBeNull();
  expect(screen.getAllByText('Already on this number')).toHaveLength(1);
}, 90_000);

it("a rejected template says Meta's reason, and can be edited and submitted again", async () => {
  const { owner, channelId } = await merchantWith('templates-rejected', numbers.rejected);
  await renderApp(`/en/templates?channel=${channelId}&new=blank`, owner);
  expect(await heading('New template')).toBeTruthy();

  await userEvent.type(screen.getByLabelText(/^Name/), 'news_test_reject');
  await userEvent.selectOptions(screen.getByLabelText(/^Category/), 'MARKETING');
  await userEvent.type(screen.getByLabelText(/^Message/), 'Hello! Our new collection has just arrived in the store.');
  await userEvent.click(screen.getByRole('button', { name: 'Submit to Meta for review' }));
  expect(await heading('In review', 2)).toBeTruthy();
  expect(await screen.findByRole('heading', { name: 'Rejected', level: 2 }, { timeout: 45_000 })).toBeTruthy();
  expect(screen.getByText('Meta’s reason: Meta found content that breaks its policies.')).toBeTruthy();

  await userEvent.click(screen.getByRole('button', { name: 'Edit and submit again' }));
  const name = (await screen.findByLabelText(/^Name/)) as HTMLInputElement;
  expect(name.value).toBe('news_test_reject');
  expect(name.readOnly).toBe(true);
  expect((screen.getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe('Hello! Our new collection has just arrived in the store.');

  // In the list, its row offers the same.
  await userEvent.click(screen.getByRole('link', { name: 'Back to templates' }));
  await heading(numbers.rejected.displayPhoneNumber, 2);
  expect(row('news_test_reject', 'English (US)')?.[2]).toContain('Rejected');
  const edit = screen.getByRole('link', { name: 'Edit news_test_reject and submit it again' });
  expect(new URL(edit.getAttribute('href')!, 'http://x').searchParams.get('name')).toBe('news_test_reject');
}, 90_000);

it("a new template's draft is brought back after a reload, and a field's error speaks the page's language", async () => {
  const { owner, channelId } = await merchantWith('templates-draft', numbers.drafted);
  const first = await renderApp(`/pt/templates?channel=${channelId}&new=blank`, owner);
  expect(await heading('Novo modelo')).toBeTruthy();
  await userEvent.type(screen.getByLabelText(/^Nome/), 'Aviso');
  expect(await screen.findByText('Use apenas letras minúsculas, números e sublinhados (_), como order_confirmation.')).toBeTruthy();
  await userEvent.type(screen.getByLabelText(/^Mensagem/), 'Oi! Chegou coisa nova na loja.');
  first.view.unmount();

  await renderApp(`/pt/templates?channel=${channelId}&new=blank`, owner);
  expect(await screen.findByText('Restauramos as alterações que você ainda não tinha salvado.', {}, { timeout: 15_000 })).toBeTruthy();
  expect((screen.getByLabelText(/^Nome/) as HTMLInputElement).value).toBe('Aviso');
  expect((screen.getByLabelText(/^Mensagem/) as HTMLTextAreaElement).value).toBe('Oi! Chegou coisa nova na loja.');
  expect(screen.getByRole('figure', { name: 'Prévia em Português (Brasil)' })).toBeTruthy();
}, 60_000);
