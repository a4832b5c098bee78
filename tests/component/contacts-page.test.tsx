// /contacts in the real app, against the component tests' real API server (global-setup.ts): each
// test a merchant of its own, their contacts made through the API. Proved here: the side menu's
// Contacts leads here, and with no contact the screen says so; the list (number in international
// form, name, language, country, each purpose's consent with its source), searched and filtered
// through the URL, and paged as the API pages; a contact added, refused first at its field, then
// opened with its consent history and a change of consent recorded; a contact's tags added (a bad one
// refused at the field) and removed on its page, and the list filtered by a tag; a CSV import with
// its statement and tags for every contact, a field error first, then the counts and the row to fix;
// the export of the filtered list.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import type { ContactDetail } from '@/domain/contact';
import type { TestUser } from '../server/support/emulator-users';
import { api, merchant } from './support/merchant';
import { renderApp, serverUrl } from './support/render-app';

afterEach(() => void vi.restoreAllMocks());

const heading = (name: string | RegExp, level = 1) => screen.findByRole('heading', { name, level }, { timeout: 15_000 });
const table = () => screen.getByRole('region', { name: 'Contacts, newest first' });
/** The list's rows as their cells' texts, the number first. */
const rows = () =>
  within(table())
    .queryAllByRole('rowheader')
    .map((header) => [
      header.textContent,
      ...within(header.closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ]);
const numbersListed = () => rows().map((row) => row[0]);

type Seeded = { owner: TestUser; ana: ContactDetail; bruno: ContactDetail; carla: ContactDetail };

/** Three contacts, oldest first: Ana (utility, by the merchant), Bruno (marketing, then out), Carla (in Spain, never asked). */
async function seeded(label: string): Promise<Seeded> {
  const owner = await merchant(label);
  const ana = await api<ContactDetail>(owner, 'POST', '/contacts', {
    phone: '(11) 98765-4321',
    country: 'BR',
    name: 'Ana Souza',
    optIn: ['utility'],
    note: 'Asked at the counter',
  });
  const bruno = await api<ContactDetail>(owner, 'POST', '/contacts', {
    phone: '+55 21 99876-5432',
    name: 'Bruno',
    optIn: ['marketing'],
    note: 'Signed up at the fair',
  });
  await api(owner, 'POST', `/contacts/${bruno.id}/consent`, { action: 'opt_out', purpose: 'marketing', note: 'Asked by phone' });
  const carla = await api<ContactDetail>(owner, 'POST', '/contacts', { phone: '+34 612 34 56 78', name: 'Carla' });
  return { owner, ana, bruno, carla };
}

/** Uploads a CSV through the API as the page would (the contacts a test needs many of). */
async function importCsv(owner: TestUser, csv: string) {
  const form = new FormData();
  form.append('defaultCountry', 'BR');
  form.append('file', new File([csv], 'many.csv'));
  const response = await fetch(`${serverUrl}/api/v1/contacts/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.idToken}` },
    body: form,
  });
  if (response.status !== 200) throw new Error(`import answered ${response.status}: ${await response.text()}`);
}

it("the side menu's Contacts leads here; with no contact the screen says so and offers to import or add them", async () => {
  const owner = await merchant('contacts-none');
  const { router } = await renderApp('/en/dashboard', owner);
  const menu = await screen.findByRole('navigation', { name: 'Side menu' }, { timeout: 15_000 });
  await userEvent.click(within(menu).getByRole('link', { name: 'Contacts' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/en/contacts'));
  expect(await heading('Contacts')).toBeTruthy();
  expect(await heading('No contacts yet', 2)).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Import a CSV file' }).getAttribute('href')).toBe('/en/contacts?view=import');
  expect(screen.getByRole('link', { name: 'Add one contact' }).getAttribute('href')).toBe('/en/contacts?view=add');
  expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Contacts')).toBeTruthy();
});

it('lists the contacts newest first, searched and filtered through the URL, and opens one with its history', async () => {
  const { owner, ana } = await seeded('contacts-list');
  const { router, view } = await renderApp('/en/contacts', owner);
  await heading('Contacts');
  await waitFor(() => expect(numbersListed()).toEqual(['+34 612 34 56 78', '+55 21 99876 5432', '+55 11 98765 4321']), { timeout: 15_000 });
  expect(rows()[0]).toEqual(['+34 612 34 56 78', 'Carla', 'Spanish', 'Spain', 'Not subscribed', 'Not subscribed', '']);
  const [anaRow] = rows().filter((row) => row[1] === 'Ana Souza');
  expect(anaRow!.slice(0, 5)).toEqual(['+55 11 98765 4321', 'Ana Souza', 'Portuguese', 'Brazil', expect.stringMatching(/^Subscribed/)]);
  expect(anaRow![4]).toContain('You, on the Contacts screen · ');
  expect(screen.getByText('3 contacts')).toBeTruthy();

  // The search goes to the URL, and the list follows it.
  await userEvent.type(screen.getByRole('searchbox', { name: /^Search/ }), 'ana');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(router.state.location.search).toEqual({ q: 'ana' }));
  await waitFor(() => expect(numbersListed()).toEqual(['+55 11 98765 4321']));
  await userEvent.clear(screen.getByRole('searchbox', { name: /^Search/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(router.state.location.search).toEqual({}));

  // Filters apply at once.
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Consent to' }), 'Marketing');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Unsubscribed');
  await waitFor(() => expect(router.state.location.search).toEqual({ purpose: 'marketing', status: 'unsubscribed' }));
  await waitFor(() => expect(numbersListed()).toEqual(['+55 21 99876 5432']));
  expect(rows()[0]![5]).toMatch(/^Unsubscribed/);

  // A contact's page: its consent and its history, newest first; back keeps the filters.
  await userEvent.click(screen.getByRole('link', { name: 'Open +55 21 99876 5432 and its history' }));
  expect(await heading('+55 21 99876 5432')).toBeTruthy();
  const history = within(await screen.findByRole('region', { name: 'Consent history, newest first' }));
  const events = history.getAllByRole('rowheader').map((header) =>
    within(header.closest('tr')!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  );
  expect(events).toEqual([
    ['Marketing', 'Opt-outUnsubscribed', 'You, on the Contacts screen', 'Asked by phone'],
    ['Marketing', 'Opt-inSubscribed', 'You, on the Contacts screen', 'Signed up at the fair'],
  ]);
  await userEvent.click(screen.getByRole('link', { name: 'Back to contacts' }));
  await waitFor(() => expect(router.state.location.search).toEqual({ purpose: 'marketing', status: 'unsubscribed' }));

  // An address typed or shared opens the same list: digits of a number (which the router reads as a number) find it.
  view.unmount();
  const shared = await renderApp(`/en/contacts?q=${ana.phone.slice(3, 9)}`, owner);
  expect(shared.router.state.location.search).toEqual({ q: '119876' });
  await waitFor(() => expect(numbersListed()).toEqual(['+55 11 98765 4321']), { timeout: 15_000 });
  expect((screen.getByRole('searchbox', { name: /^Search/ }) as HTMLInputElement).value).toBe('119876');
}, 60_000);

it("says so when the address names a contact that is not the merchant's, and leads back", async () => {
  const { ana } = await seeded('contacts-theirs');
  const stranger = await merchant('contacts-stranger');
  await renderApp(`/en/contacts?contact=${ana.id}&q=ana`, stranger);
  expect(await screen.findByText('This contact does not exist (or no longer does).', {}, { timeout: 15_000 })).toBeTruthy();
  expect(screen.queryByText('+55 11 98765 4321')).toBeNull();
  expect(screen.getByRole('link', { name: 'Back to contacts' }).getAttribute('href')).toBe('/en/contacts?q=ana');
});

it('tags a contact on its page (a bad tag said at the field), removes one, and filters the list by a tag', async () => {
  const { owner, ana, bruno } = await seeded('contacts-tags');
  await api(owner, 'PATCH', `/contacts/${bruno.id}`, { tags: ['atacado'] });
  const { router } = await renderApp(`/en/contacts?contact=${ana.id}`, owner);
  expect(await heading('+55 11 98765 4321')).toBeTruthy();
  expect(screen.getByText('No tags yet.')).toBeTruthy();
  const field = screen.getByLabelText(/^Add tags/) as HTMLInputElement;
  // The account's tags are suggested as the merchant types.
  await waitFor(() => expect([...(field.list?.options ?? [])].map((option) => option.value)).toEqual(['atacado']), { timeout: 15_000 });

  await userEvent.type(field, `VIP, ${'x'.repeat(41)}`);
  await userEvent.click(screen.getByRole('button', { name: 'Add' }));
  expect(await screen.findByText('A tag has at most 40 characters.')).toBeTruthy();
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect((await api<ContactDetail>(owner, 'GET', `/contacts/${ana.id}`)).tags).toEqual([]);

  await userEvent.clear(field);
  expect(field.getAttribute('aria-invalid')).toBeNull();
  await userEvent.type(field, 'VIP, Atacado , vip');
  await userEvent.click(screen.getByRole('button', { name: 'Add' }));
  const chips = () =>
    within(screen.getByRole('list', { name: 'Tags of this contact' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
  await waitFor(() => expect(chips()).toEqual(['vip', 'atacado']));
  expect(field.value).toBe('');
  expect((await api<ContactDetail>(owner, 'GET', `/contacts/${ana.id}`)).tags).toEqual(['vip', 'atacado']);

  await userEvent.click(screen.getByRole('button', { name: 'Remove the tag atacado' }));
  await waitFor(() => expect(chips()).toEqual(['vip']));
  expect(document.activeElement).toBe(field);
  expect((await api<ContactDetail>(owner, 'GET', `/contacts/${ana.id}`)).tags).toEqual(['vip']);

  // The list shows each contact's tags, and filters by one of the account's.
  await userEvent.click(screen.getByRole('link', { name: 'Back to contacts' }));
  await waitFor(() => expect(numbersListed()).toHaveLength(3), { timeout: 15_000 });
  expect(rows().map((row) => [row[1], row[6]])).toEqual([
    ['Carla', ''],
    ['Bruno', 'atacado'],
    ['Ana Souza', 'vip'],
  ]);
  const tagFilter = screen.getByRole('combobox', { name: 'Tag' }) as HTMLSelectElement;
  await waitFor(() => expect([...tagFilter.options].map((option) => option.value)).toEqual(['', 'atacado', 'vip']));
  await userEvent.selectOptions(tagFilter, 'vip');
  await waitFor(() => expect(router.state.location.search).toEqual({ tag: 'vip' }));
  await waitFor(() => expect(numbersListed()).toEqual(['+55 11 98765 4321']));
}, 60_000);

it('pages the list as the API pages it', async () => {
  const owner = await merchant('contacts-pages');
  const lines = Array.from({ length: 52 }, (_, index) => `+55 11 91234-${String(5000 + index)},Cliente ${index + 1}`);
  await importCsv(owner, ['phone,name', ...lines].join('\n'));
  const { router } = await renderApp('/en/contacts', owner);
  await heading('Contacts');
  await waitFor(() => expect(rows()).toHaveLength(50), { timeout: 15_000 });
  expect(screen.getByText(/^52 contacts · Page 1 of 2$/)).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'Previous page' })).toBeNull();
  await userEvent.click(screen.getByRole('link', { name: 'Next page' }));
  // The address's search is text (src/app/search-params.ts): `?page=2`, read back as '2'.
  await waitFor(() => expect(router.state.location.search).toEqual({ page: '2' }));
  expect(router.state.location.searchStr).toBe('?page=2');
  await waitFor(() => expect(rows()).toHaveLength(2));
  expect(screen.getByText(/^52 contacts · Page 2 of 2$/)).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull();
}, 60_000);

it('adds a contact, said wrong at its field first, then opens it with its history and records a change of consent', async () => {
  const owner = await merchant('contacts-add');
  const { router } = await renderApp('/en/contacts', owner);
  await heading('Contacts');
  await userEvent.click(await screen.findByRole('link', { name: 'Add contact' }));
  expect(await heading('Add a contact')).toBeTruthy();
  expect((screen.getByRole('combobox', { name: 'Country of the number' }) as HTMLSelectElement).value).toBe('US');

  const phone = screen.getByLabelText(/^WhatsApp number/) as HTMLInputElement;
  await userEvent.type(phone, '12345');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Utility' }));
  await userEvent.click(screen.getByRole('button', { name: 'Add contact' }));
  expect(await screen.findByText(/^This is not a valid phone number\./)).toBeTruthy();
  expect(phone.getAttribute('aria-invalid')).toBe('true');
  expect(document.activeElement).toBe(phone);
  const note = screen.getByLabelText(/^How the shopper agreed/);
  expect(note.getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByText(/^Say how the shopper agreed to receive these messages/)).toBeTruthy();

  await userEvent.clear(phone);
  await userEvent.type(phone, '+55 11 91234-5678');
  expect(phone.getAttribute('aria-invalid')).toBeNull();
  await userEvent.type(screen.getByLabelText(/^Name/), 'Dora Lima');
  await userEvent.type(note, 'Asked for order updates at the counter');
  await userEvent.click(screen.getByRole('button', { name: 'Add contact' }));

  expect(await heading('+55 11 91234 5678')).toBeTruthy();
  expect(router.state.location.search).toEqual({ contact: expect.any(String) });
  const history = () => within(screen.getByRole('region', { name: 'Consent history, newest first' }));
  const events = () =>
    history()
      .getAllByRole('rowheader')
      .map((header) =>
        within(header.closest('tr')!)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
  expect(events()).toEqual([['Utility', 'Opt-inSubscribed', 'You, on the Contacts screen', 'Asked for order updates at the counter']]);

  // The merchant records the shopper's wish to stop: said, and added to the history.
  await userEvent.click(screen.getByRole('radio', { name: 'Unsubscribe: the shopper asked to stop' }));
  await userEvent.type(screen.getByLabelText(/^Note/), 'Asked by phone to stop');
  await userEvent.click(screen.getByRole('button', { name: 'Record the change' }));
  expect(await screen.findByText('The change is recorded.')).toBeTruthy();
  expect(screen.getByText('Utility: Unsubscribed')).toBeTruthy();
  expect(events()[0]).toEqual(['Utility', 'Opt-outUnsubscribed', 'You, on the Contacts screen', 'Asked by phone to stop']);

  // The same number again is said at the number.
  await userEvent.click(screen.getByRole('link', { name: 'Back to contacts' }));
  await userEvent.click(await screen.findByRole('link', { name: 'Add contact' }));
  await userEvent.type(await screen.findByLabelText(/^WhatsApp number/), '+5511912345678');
  await userEvent.click(screen.getByRole('button', { name: 'Add contact' }));
  expect(await screen.findAllByText('This number is one of your contacts already.')).toHaveLength(2);
  expect(screen.getByLabelText(/^WhatsApp number/).getAttribute('aria-invalid')).toBe('true');
  await userEvent.click(screen.getByRole('link', { name: 'Find it in the list' }));
  await waitFor(() => expect(numbersListed()).toEqual(['+55 11 91234 5678']), { timeout: 15_000 });
}, 60_000);

it('imports a CSV with its statement: a field error first, then the counts and the row to fix', async () => {
  const owner = await merchant('contacts-import');
  const ana = await api<ContactDetail>(owner, 'POST', '/contacts', { phone: '+55 11 98765-4321', name: 'Ana' });
  await api(owner, 'POST', `/contacts/${ana.id}/consent`, { action: 'opt_out', purpose: 'marketing', note: 'Asked to stop' });
  await api(owner, 'POST', '/contacts', { phone: '+55 21 99876-5432', name: 'Dora', optIn: ['marketing'], note: 'At the fair' });
  const csv = [
    'telefone;nome',
    '+55 11 98765-4321;Ana Souza',
    '+55 21 99876-5432;Dora',
    '(11) 91234-5670;Bruno',
    '11 91234-5670;Bruno Lima',
    '12345;Zé',
  ].join('\r\n');

  const { view } = await renderApp('/pt/contacts?view=import', owner);
  expect(await heading('Importar contatos')).toBeTruthy();
  await userEvent.click(screen.getByRole('checkbox', { name: 'Marketing' }));
  await userEvent.click(screen.getByRole('button', { name: 'Importar' }));
  expect(await screen.findByText('Escolha o arquivo CSV a importar.')).toBeTruthy();
  expect(screen.getByLabelText(/^Onde e como concordaram/).getAttribute('aria-invalid')).toBe('true');

  await userEvent.upload(
    view.container.querySelector<HTMLInputElement>('input[type=file]')!,
    new File([csv], 'clientes.csv', { type: 'text/csv' }),
  );
  await userEvent.type(screen.getByLabelText(/^Onde e como concordaram/), 'Caixa no checkout do site');
  await userEvent.type(screen.getByLabelText(/^Quando concordaram/), '2025-03-01');
  await userEvent.type(screen.getByLabelText(/^Marcar todos os contatos importados com/), 'Feira 2025, Atacado');
  expect(screen.queryByText('Escolha o arquivo CSV a importar.')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Importar' }));

  expect(await screen.findByRole('heading', { name: 'Importação concluída' }, { timeout: 15_000 })).toBeTruthy();
  const facts = within(screen.getByLabelText('O que a importação fez'));
  const count = (label: string) => facts.getByText(label).nextElementSibling?.textContent;
  expect(count('Linhas lidas')).toBe('5');
  expect(count('Contatos criados')).toBe('1');
  // Ana's name, and Dora's tags (her consent was there already).
  expect(count('Contatos atualizados')).toBe('2');
  expect(count('Contatos sem alteração')).toBe('0');
  expect(count('Números repetidos unificados')).toBe('1');
  // Ana's opt-out is later than the file's consent: her opt-in is ignored.
  expect(count('Inscrições ignoradas (o cliente tinha cancelado)')).toBe('1');
  expect(count('Linhas não importadas')).toBe('1');
  const issues = within(screen.getByRole('region', { name: 'Linhas não importadas' }));
  expect(
    within(issues.getByRole('rowheader', { name: '6' }).closest('tr')!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['Número', expect.stringMatching(/^Este não é um número de telefone válido\./)]);
  expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Importação concluída' }));

  const { contacts } = await api<{ contacts: ContactDetail[] }>(owner, 'GET', '/contacts?q=bruno');
  expect(contacts.map((contact) => [contact.phone, contact.name, contact.consent.marketing.source, contact.tags])).toEqual([
    ['+5511912345670', 'Bruno', 'csv_import', ['feira 2025', 'atacado']],
  ]);
}, 60_000);

it('exports the contacts the filters match, as a CSV file', async () => {
  const { owner } = await seeded('contacts-export');
  await renderApp('/en/contacts?purpose=utility&status=subscribed', owner);
  await heading('Contacts');
  await waitFor(() => expect(numbersListed()).toEqual(['+55 11 98765 4321']), { timeout: 15_000 });

  // The browser's download is where the file leaves the page: caught there (happy-dom saves no file).
  const created = vi.spyOn(URL, 'createObjectURL');
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(saved).toHaveLength(1));
  expect(saved[0]).toMatch(/^catalyst-contacts-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (created.mock.calls[0]![0] as Blob).text();
  const [header, ...lines] = csv
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');
  expect(header).toBe(
    'phone,name,language,country,utility_status,utility_source,utility_at,marketing_status,marketing_source,marketing_at,tags',
  );
  expect(lines).toEqual([expect.stringMatching(/^\+5511987654321,Ana Souza,pt,BR,subscribed,merchant,[^,]+,not_subscribed,,,$/)]);
}, 60_000);
