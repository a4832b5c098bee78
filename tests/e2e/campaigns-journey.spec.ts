// A merchant's first campaign through the real UI in Portuguese, in Chromium against the e2e server and
// the Auth emulator: from the side menu to Campaigns, 'Nova campanha' makes a draft with its own
// address; an audience of Portuguese speakers who bought in the last 60 days is made with its live
// count (who it reaches, who is left out and why, by country) as the merchant edits it; saved, the
// step's draft survives a reload and resumes at the message step, which, with no WhatsApp number
// connected, leads to Channels. (The rest of the wizard, with a number and its approved template, is
// the component test's: tests/component/campaigns-page.test.tsx.)
import { expect, test } from '@playwright/test';
import type { Campaign } from '@/domain/campaign';
import { signInDirectly } from './fixtures/emulator-users';
import { newMerchant, type Merchant } from './fixtures/merchant-api';

test('builds a Portuguese audience with its live count, and resumes the draft after a reload', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  const merchant: Merchant = await newMerchant(context.request, 'campaigns-journey');
  const headers = { authorization: `Bearer ${merchant.idToken}` };
  const call = async <T>(method: 'get' | 'post', path: string, data?: unknown): Promise<T> => {
    const answer = await context.request[method](`/api/v1${path}`, { headers, ...(data === undefined ? {} : { data }) });
    expect(answer.ok(), `${method} ${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
    return (await answer.json()) as T;
  };
  // Three Portuguese speakers who agreed to promotions, one who never did, one who unsubscribed, one Spanish speaker.
  const contact = (phone: string, name: string, language: string, optIn: string[]) =>
    call<{ id: string }>('post', '/contacts', { phone, name, language, optIn });
  await contact('+55 11 98111-0001', 'Ana', 'pt', ['marketing']);
  await contact('+55 11 98111-0002', 'Bia', 'pt', ['marketing']);
  await contact('+351 912 345 678', 'Caio', 'pt', ['marketing']);
  await contact('+55 11 98111-0004', 'Duda', 'pt', ['utility']);
  const eva = await contact('+55 11 98111-0005', 'Eva', 'pt', ['marketing']);
  await call('post', `/contacts/${eva.id}/consent`, { action: 'opt_out', purpose: 'marketing', note: 'Pediu por telefone' });
  await contact('+34 612 34 56 79', 'Flor', 'es', ['marketing']);

  await signInDirectly(page, merchant);
  await page.goto('/pt/dashboard');
  await page.getByRole('navigation', { name: 'Menu lateral' }).getByRole('link', { name: 'Campanhas', exact: true }).click();
  await expect(page).toHaveURL(/\/pt\/campaigns$/);
  await expect(page.getByText('Nenhuma campanha ainda')).toBeVisible();
  await page.getByRole('link', { name: 'Nova campanha' }).first().click();
  // The draft made, its own address.
  await expect(page).toHaveURL(/\/pt\/campaigns\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Público' })).toBeVisible();

  await page.getByLabel('Nome da campanha').fill('Ofertas da semana');
  await page.getByRole('button', { name: 'Novo público' }).click();
  const count = page.getByRole('status', { name: 'Contagem do público' });
  await expect(count.getByText('Alcança 4 contatos')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Português' }).check();
  await expect(count.getByText('Alcança 3 contatos')).toBeVisible();
  await expect(count.getByText('As regras incluem 5 contatos.')).toBeVisible();
  await expect(count.getByRole('list', { name: 'Ficaram de fora' }).getByRole('listitem')).toHaveText([
    '1 — nunca aceitaram receber promoções',
    '1 — cancelaram a inscrição nas promoções',
  ]);
  await expect(count.getByRole('list', { name: 'Alcançáveis por país' }).getByRole('listitem')).toHaveText(['Brasil: 2', 'Portugal: 1']);
  // Bought in the last 60 days: none of them has an order.
  await page.getByLabel(/^Comprou nos últimos/).fill('60');
  await expect(count.getByText('Não alcança nenhum contato')).toBeVisible();
  await page.getByLabel(/^Comprou nos últimos/).fill('');
  await expect(count.getByText('Alcança 3 contatos')).toBeVisible();
  await page.getByLabel('Nome do público').fill('Falam português');
  await page.getByRole('button', { name: 'Salvar o público' }).click();
  await expect(page.getByRole('combobox', { name: /^Público/ })).toHaveValue(/[0-9a-f-]{36}/);
  await page.getByRole('button', { name: 'Salvar e avançar' }).click();
  await expect(page.getByRole('heading', { name: 'Mensagem' })).toBeVisible();

  // Reloaded: at the saved step, as saved.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mensagem' })).toBeVisible();
  const saved = await call<Campaign>('get', `/campaigns/${id}`);
  expect(saved).toMatchObject({ name: 'Ofertas da semana', step: 1, status: 'draft' });
  expect(saved.audienceId).not.toBeNull();
  await expect(page.getByText('Nenhum número do WhatsApp está conectado ainda')).toBeVisible();
  await page.getByRole('button', { name: 'Voltar', exact: true }).click();
  await expect(page.getByLabel(/^Nome da campanha/)).toHaveValue('Ofertas da semana');
  await context.close();
});
