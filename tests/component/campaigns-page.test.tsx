// The campaign wizard and the campaign's page as views, with the real machine and API client, against
// the component tests' real API server and its loopback WhatsApp Cloud API (global-setup.ts), where
// the ready-made offers are submitted through the API and approved by the fixture's review. Proved
// here: each step refuses what does not hold at its fields (aria-invalid, described by the message);
// an audience made here is counted live (who it reaches, who is left out and why, by country) and
// refuses rules a count cannot take; the template's variables are filled per contact; a time the
// server refuses (past) sends the merchant back to the step it is on; a reload resumes at the saved
// step; the review shows the server's reach, cost and spread; sent for tomorrow, the campaign is
// scheduled, paused (with why) and cancelled only once confirmed. The results beside the previous
// campaign's (failure reasons, revenue by currency, cost, no return and why) are rendered in
// Portuguese from an answer of the API's shape (the server's own tests count them). An audience's tags
// rule offers the account's tags with how many contacts have each, and is counted as it changes.
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import type { Campaign, CampaignResults as Results, CampaignReview } from '@/domain/campaign';
import type { ContactDetail } from '@/domain/contact';
import { CampaignResults } from '@/src/features/campaigns/components/campaign-results';
import { CampaignWizardSection } from '@/src/features/campaigns/components/campaign-wizard';
import type { TestUser } from '../server/support/emulator-users';
import { api, merchant } from './support/merchant';
import { approvedReadyMade, merchantWithNumber } from './support/merchant-number';
import { renderView } from './support/render-view';
import { whatsappNumbers } from './support/whatsapp-numbers';

const WAIT = { timeout: 15_000 };
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
const saveAndAdvance = () => userEvent.click(screen.getByRole('button', { name: 'Save and advance' }));
/** The message a control is described by (its error). */
const describedBy = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const expectRefused = (control: HTMLElement, message: string) => {
  expect(control.getAttribute('aria-invalid')).toBe('true');
  expect(describedBy(control)).toContain(message);
};

/** A wall-clock time two days ahead at 10:00 in the server's zone for an account without one. */
function twoDaysAhead() {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' });
  return `${day.format(Date.now() + 2 * 24 * 60 * 60_000)}T10:00`;
}

async function contacts(owner: TestUser) {
  const add = (body: Record<string, unknown>) => api<ContactDetail>(owner, 'POST', '/contacts', body);
  await add({ phone: '+55 11 98765-0001', name: 'Ana Souza', language: 'pt', optIn: ['marketing'] });
  await add({ phone: '+55 11 98765-0002', name: 'Bia', language: 'pt', optIn: ['marketing'] });
  await add({ phone: '+55 21 98765-0003', name: 'Caio', language: 'pt', optIn: ['marketing'] });
  await add({ phone: '+55 31 98765-0004', name: 'Duda', language: 'pt', optIn: ['utility'] });
  const out = await add({ phone: '+55 41 98765-0005', name: 'Eva', language: 'pt', optIn: ['marketing'] });
  await api(owner, 'POST', `/contacts/${out.id}/consent`, { action: 'opt_out', purpose: 'marketing', note: 'Asked by phone' });
  await add({ phone: '+34 612 34 56 78', name: 'Flor', language: 'es', optIn: ['marketing'] });
}

it('builds a campaign step by step, refused at its fields, resumed after a reload, then scheduled, paused and cancelled', async () => {
  const { owner, inventoryId, channelId } = await merchantWithNumber('campaign-wizard', whatsappNumbers.campaignWizard, 'Loja Iara');
  await approvedReadyMade(owner, channelId!, ['campaign_offers']);
  await contacts(owner);
  const { id } = await api<Campaign>(owner, 'POST', '/campaigns', { name: '' });
  const render = () => renderView(() => <CampaignWizardSection campaignId={id} />, owner);
  const first = await render();

  // Step 1: nothing chosen yet, refused at both fields.
  expect(await screen.findByRole('heading', { name: 'Audience' }, WAIT)).toBeTruthy();
  await saveAndAdvance();
  expectRefused(field(/^Campaign name/), 'Give this campaign a name.');
  expectRefused(screen.getByRole('combobox', { name: /^Audience/ }), 'Choose who this campaign goes to.');
  await userEvent.type(field(/^Campaign name/), 'Weekly offers');
  expect(field(/^Campaign name/).getAttribute('aria-invalid')).toBeNull();

  // A new audience, counted live: every contact first, then those speaking Portuguese.
  await userEvent.click(screen.getByRole('button', { name: 'New audience' }));
  const count = await screen.findByRole('status', { name: 'Audience count' }, WAIT);
  expect(await within(count).findByText('Reaches 4 contacts', {}, WAIT)).toBeTruthy();
  expect(within(count).getByText('The rules match 6 contacts.')).toBeTruthy();
  const leftOut = within(count).getByRole('list', { name: 'Left out' });
  expect(
    within(leftOut)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['1 — never agreed to receive promotions', '1 — unsubscribed from promotions']);
  await userEvent.click(screen.getByRole('checkbox', { name: 'Portuguese' }));
  expect(await within(count).findByText('Reaches 3 contacts', {}, WAIT)).toBeTruthy();
  const byCountry = within(count).getByRole('list', { name: 'Reachable by country' });
  expect(
    within(byCountry)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Brazil: 3']);

  // Rules no count can take: said at their field, not counted.
  await userEvent.type(field(/^Ordered within the last/), '400');
  expectRefused(field(/^Ordered within the last/), 'Enter a number of days from 1 to 365.');
  expect(screen.queryByRole('status', { name: 'Audience count' })).toBeNull();
  await userEvent.clear(field(/^Ordered within the last/));
  expect(
    await within(await screen.findByRole('status', { name: 'Audience count' }, WAIT)).findByText('Reaches 3 contacts', {}, WAIT),
  ).toBeTruthy();

  await userEvent.click(screen.getByRole('button', { name: 'Save the audience' }));
  expectRefused(field(/^Audience name/), 'Give this audience a name.');
  await userEvent.type(field(/^Audience name/), 'Portuguese speakers');
  await userEvent.click(screen.getByRole('button', { name: 'Save the audience' }));
  const audience = (await screen.findByRole('combobox', { name: /^Audience/ }, WAIT)) as HTMLSelectElement;
  expect(audience.selectedOptions[0]?.textContent).toBe('Portuguese speakers');
  await saveAndAdvance();

  // Step 2: the number, the ready-made offers, what fills each variable.
  expect(await screen.findByRole('heading', { name: 'Message' }, WAIT)).toBeTruthy();
  await userEvent.selectOptions(field(/^WhatsApp number/), channelId!);
  await userEvent.selectOptions(field(/^Template/), 'campaign_offers');
  expect(field(/^What fills \{\{first_name\}\}/).selectedOptions[0]?.textContent).toBe('The contact’s first name');
  expect(field(/^What fills \{\{store_url\}\}/).selectedOptions[0]?.textContent).toBe('Link to the catalog page');
  await saveAndAdvance();
  expectRefused(field(/^Text for \{\{offer\}\}/), 'Write the text that fills this variable.');
  expectRefused(field(/^Text for \{\{end_date\}\}/), 'Write the text that fills this variable.');
  expectRefused(field(/^Inventory of the catalog link/), 'Choose the inventory whose catalog page the link opens.');
  await userEvent.type(field(/^Text for \{\{offer\}\}/), '20% off');
  await userEvent.type(field(/^Text for \{\{end_date\}\}/), 'Sunday');
  await userEvent.selectOptions(field(/^Inventory of the catalog link/), inventoryId);
  await saveAndAdvance();

  // Step 3: a time in the past passes here (it is one) and the server's review sends it back, said at its field.
  expect(await screen.findByRole('heading', { name: 'When' }, WAIT)).toBeTruthy();
  await userEvent.click(screen.getByRole('radio', { name: 'At a date and time' }));
  fireEvent.change(field(/^Date and time \(America\/Sao_Paulo\)/), { target: { value: '2020-01-01T10:00' } });
  await saveAndAdvance();
  expect(await screen.findByText('Choose a time from now on.', {}, WAIT)).toBeTruthy();
  const time = field(/^Date and time/);
  expectRefused(time, 'Choose a time from now on.');
  fireEvent.change(time, { target: { value: twoDaysAhead() } });
  await saveAndAdvance();
  expect(await screen.findByRole('heading', { name: 'Review' }, WAIT)).toBeTruthy();
  expect(await screen.findByText('Contacts it goes to', {}, WAIT)).toBeTruthy();
  first.unmount();

  // Reloaded: the draft as saved, at its step.
  await render();
  expect(await screen.findByRole('heading', { name: 'Review' }, WAIT)).toBeTruthy();
  const review = await api<CampaignReview>(owner, 'GET', `/campaigns/${id}/review`);
  expect(review.reachable).toBe(3);
  const facts = (await screen.findByText('Contacts it goes to', {}, WAIT)).closest('dl')!;
  const fact = (label: string) => within(facts).getByText(label).nextElementSibling?.textContent;
  expect(fact('Contacts it goes to')).toBe('3');
  const dollars = review.estimatedCostMicros / 1_000_000;
  expect(fact('Estimated cost')).toBe(
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(
      dollars,
    ),
  );
  expect(fact('Messaging limit')).toBe(
    review.messagingLimit === null
      ? 'No limit: 3 contacts in one day'
      : `tier ${review.messagingLimit.toLocaleString('en-US')}: 3 contacts in one day`,
  );
  expect(fact('Quiet hours')).toBe('21:00–09:00 on each shopper’s clock');

  // Scheduled: its page, with nothing sent yet.
  await userEvent.click(screen.getByRole('button', { name: 'Schedule the campaign' }));
  expect(await screen.findByText('Scheduled', {}, WAIT)).toBeTruthy();
  const results = await screen.findByRole('table', { name: 'Results' }, WAIT);
  const row = (label: string) => within(results).getByRole('rowheader', { name: label }).parentElement!;
  expect(within(row('Messages planned')).getAllByRole('cell')[0]?.textContent).toBe('3');

  // Cancel asks first; kept, it is still scheduled. Paused: why it waits.
  await userEvent.click(screen.getByRole('button', { name: 'Cancel the campaign' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel this campaign?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the campaign' }));
  expect((await api<Campaign>(owner, 'GET', `/campaigns/${id}`)).status).toBe('scheduled');
  await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
  expect(await screen.findByText('You paused this campaign. Its messages wait until you resume it.', {}, WAIT)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
  expect((await api<Campaign>(owner, 'GET', `/campaigns/${id}`)).status).toBe('paused');

  await userEvent.click(screen.getByRole('button', { name: 'Cancel the campaign' }));
  await userEvent.click(
    within(await screen.findByRole('dialog', { name: 'Cancel this campaign?' })).getByRole('button', { name: 'Yes, cancel it' }),
  );
  expect(await screen.findByText('Cancelled', {}, WAIT)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
  expect((await api<Campaign>(owner, 'GET', `/campaigns/${id}`)).status).toBe('cancelled');
}, 180_000);

it('shows the results beside the previous campaign’s in Portuguese: each failure reason named, revenue by currency, no return and why', async () => {
  const figures = (change: Partial<Results['figures']>): Results['figures'] => ({
    planned: 300,
    queued: 0,
    sent: 290,
    delivered: 280,
    read: 200,
    failed: 10,
    failedByReason: [],
    replies: 25,
    clicks: 40,
    orders: 6,
    revenue: [],
    costMicros: 18_750_000,
    returnOnCost: null,
    returnWithheld: 'no_cost',
    ...change,
  });
  const results: Results = {
    figures: figures({
      failedByReason: [
        { reason: 'per_user_marketing_limit', count: 7 },
        { reason: 'marketing_opted_out', count: 3 },
      ],
      revenue: [
        { currency: 'BRL', totalMinor: 129_990 },
        { currency: 'EUR', totalMinor: 4_500 },
      ],
      returnWithheld: 'several_currencies',
    }),
    previous: {
      id: '00000000-0000-4000-8000-0000000000e1',
      name: 'Black Friday',
      figures: figures({
        costMicros: 62_500,
        returnOnCost: 12.5,
        returnWithheld: null,
        revenue: [{ currency: 'USD', totalMinor: 78_125 }],
      }),
    },
  };
  const owner = { idToken: 'unused' } as TestUser;
  await renderView(() => <CampaignResults results={results} />, owner, { lang: 'pt' });
  const table = await screen.findByRole('table', { name: 'Resultados' });
  const cells = (label: string) =>
    within(within(table).getByRole('rowheader', { name: label }).parentElement!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent?.replace(/\s/g, ' '));
  expect(within(table).getByRole('columnheader', { name: 'Anterior: Black Friday' })).toBeTruthy();
  // Counts of messages, each label in the plural as the figures beside it.
  expect(
    within(table)
      .getAllByRole('rowheader')
      .slice(0, 6)
      .map((header) => header.textContent),
  ).toEqual(['Mensagens planejadas', 'Aguardando a vez', 'Enviadas', 'Entregues', 'Lidas', 'Falharam']);
  expect(cells('Falharam: o limite da Meta de mensagens de marketing para este comprador foi atingido')).toEqual(['7', '0']);
  expect(cells('Falharam: o comprador parou de receber mensagens de marketing')).toEqual(['3', '0']);
  expect(cells('Receita')).toEqual(['R$ 1.299,90 + € 45,00', 'US$ 781,25']);
  expect(cells('Custo (dólares americanos)')).toEqual(['US$ 18,75', 'US$ 0,0625']);
  expect(cells('Retorno sobre o custo')).toEqual(['— nenhum: a receita está em várias moedas', '12,5×']);
  expect(cells('Link do catálogo aberto')).toEqual(['40', '40']);
});

it("an audience's tags rule: chosen among the account's tags (with how many have each), counted, removed, saved", async () => {
  const owner = await merchant('campaign-audience-tags');
  const add = (body: Record<string, unknown>) => api<ContactDetail>(owner, 'POST', '/contacts', body);
  await add({ phone: '+55 11 98765-1001', name: 'Ana', tags: ['vip'], optIn: ['marketing'] });
  await add({ phone: '+55 11 98765-1002', name: 'Bia', tags: ['vip', 'atacado'], optIn: ['marketing'] });
  await add({ phone: '+55 11 98765-1003', name: 'Caio', tags: ['atacado'] });
  await add({ phone: '+55 11 98765-1004', name: 'Duda', optIn: ['marketing'] });
  const { id } = await api<Campaign>(owner, 'POST', '/campaigns', { name: 'Tagged' });
  await renderView(() => <CampaignWizardSection campaignId={id} />, owner);

  await userEvent.click(await screen.findByRole('button', { name: 'New audience' }, WAIT));
  const count = await screen.findByRole('status', { name: 'Audience count' }, WAIT);
  expect(await within(count).findByText('Reaches 3 contacts', {}, WAIT)).toBeTruthy();
  const tags = screen.getByRole('combobox', { name: /^Has any of these tags/ }) as HTMLSelectElement;
  const offered = () => [...tags.options].map((option) => option.textContent);
  await screen.findByRole('option', { name: 'vip (2)' }, WAIT);
  expect(offered()).toEqual(['Add a tag', 'atacado (2)', 'vip (2)']);

  await userEvent.selectOptions(tags, 'atacado');
  const chosen = () =>
    within(screen.getByRole('list', { name: 'Tags chosen' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
  expect(chosen()).toEqual(['atacado']);
  expect(offered()).toEqual(['Add a tag', 'vip (2)']);
  expect(await within(count).findByText('Reaches 1 contact', {}, WAIT)).toBeTruthy();
  expect(within(count).getByText('The rules match 2 contacts.')).toBeTruthy();

  await userEvent.selectOptions(tags, 'vip');
  expect(chosen()).toEqual(['atacado', 'vip']);
  expect(await within(count).findByText('Reaches 2 contacts', {}, WAIT)).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Remove the tag atacado' }));
  expect(chosen()).toEqual(['vip']);
  expect(await within(count).findByText('The rules match 2 contacts.', {}, WAIT)).toBeTruthy();

  await userEvent.type(field(/^Audience name/), 'VIPs');
  await userEvent.click(screen.getByRole('button', { name: 'Save the audience' }));
  const audience = (await screen.findByRole('combobox', { name: /^Audience/ }, WAIT)) as HTMLSelectElement;
  expect(audience.selectedOptions[0]?.textContent).toBe('VIPs');
  const { audiences } = await api<{ audiences: { name: string; rules: { tags: string[] } }[] }>(owner, 'GET', '/audiences');
  expect(audiences.map((each) => [each.name, each.rules.tags])).toEqual([['VIPs', ['vip']]]);
}, 90_000);
