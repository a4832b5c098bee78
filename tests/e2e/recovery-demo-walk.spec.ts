// Issue 34's done-when, walked in Chromium as a merchant walks `DEMO_TIME_SCALE=60 npm start`, in
// Portuguese: a merchant of its own with an active AI base, an inventory on the walk's store (its
// checkouts read by the order poll: the e2e server has no public address) and a number with the
// ready-made cart reminders approved, whose three shoppers agreed to marketing messages, switches
// recovery on at /pt/checkouts with the ready-made reminders (10 % off on the last) and saves. The
// e2e server runs recovery in demo time (E2E_DEMO_TIME_SCALE: an hour a second), so the reminders go
// 1 s, 24 s and 72 s after a shopper leaves. Three shoppers leave a checkout on the store: one buys
// from the first reminder's link on the store's checkout page (recovered, with its value, and
// messaged no more), one answers 'PARAR' (opted out, messaged no more), one ignores them all and gets
// the three, the last with its discount code. Last, the Checkouts screen and the dashboard show it,
// in Portuguese. The rules under it are proved below the browser: tests/server/checkout-recovery.test.ts,
// checkout-recovered-orders.test.ts, order-events.test.ts (the poll's checkouts), tests/unit/checkout-recovery.test.ts.
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { CheckoutList } from '@/domain/checkout-list';
import { dayIn, type Dashboard } from '@/domain/dashboard';
import { readyMadeTemplate } from '@/domain/ready-made-templates';
import type { TemplateDraft } from '@/domain/message-template';
import { e2ePeers } from './fixtures/e2e-peers';
import { signInDirectly } from './fixtures/emulator-users';
import { inventoryApi } from './fixtures/inventory-api';
import { newMerchant } from './fixtures/merchant-api';
import { activeBase, connectWalkNumber } from './fixtures/walk-number';

type Line = { from: 'shopper' | 'business'; type: string; text: string };

const ZONE = 'America/Sao_Paulo';
/** 199.00 in the fixture store. */
const IPOD_NANO = 808950810;
const BUYS = { waId: '5511976541001', name: 'Ana' };
const STOPS = { waId: '5511976541002', name: 'Bruno' };
const IGNORES = { waId: '5511976541003', name: 'Carla' };
const CART_REMINDERS = ['cart_reminder_1', 'cart_reminder_2', 'cart_reminder_3'] as const;

test.use({ timezoneId: ZONE });

/** What the number sent the shopper: its templates' texts as the shopper sees them. */
async function templatesTo(request: APIRequestContext, shopperUrl: string, phoneNumberId: string, waId: string) {
  const answer = await request.get(`${shopperUrl}/conversation`, { params: { phoneNumberId, waId } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { lines: Line[] }).lines.filter((line) => line.from === 'business' && line.type === 'template');
}

test('the recovery walk: reminders sent in demo time, one checkout recovered from its link, a shopper who wrote PARAR never messaged again', async ({
  page,
  request,
}) => {
  test.slow();
  const firstDay = dayIn(new Date(), ZONE);
  const firstUtcDay = dayIn(new Date(), 'UTC');
  const { recoveryWalkStore: store, shopifyToken, whatsapp } = e2ePeers();
  const number = whatsapp.recoveryWalkNumber;
  const merchant = await newMerchant(request, 'recovery-walk');
  const headers = { authorization: `Bearer ${merchant.idToken}` };
  const call = async <T>(method: 'get' | 'post' | 'put', path: string, data?: unknown): Promise<T> => {
    const answer = await request[method](`/api/v1${path}`, { headers, ...(data === undefined ? {} : { data }) });
    expect(answer.ok(), `${method} ${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
    return (await answer.json()) as T;
  };

  // 1. As `npm start` leaves the demo account: an inventory on the store, an active AI base, the number
  // connected and its callback URL verified at Meta, and the store's shoppers as contacts who agreed.
  const [inventory, base] = await Promise.all([
    inventoryApi(request, merchant).onDemoStore('Loja Lembretes', { ...store, token: shopifyToken }),
    activeBase(request, merchant, 'Ana dos Lembretes'),
    signInDirectly(page, merchant),
  ]);
  const channel = await connectWalkNumber(request, merchant, {
    number,
    shopperUrl: whatsapp.shopperUrl,
    aiBaseId: base.id,
    inventoryId: inventory.id,
  });
  for (const shopper of [BUYS, STOPS, IGNORES])
    await call('post', '/contacts', {
      phone: `+${shopper.waId}`,
      name: shopper.name,
      language: 'pt',
      optIn: ['marketing'],
      note: 'Aceitou ofertas pelo WhatsApp no checkout da loja',
    });

  // 2. The ready-made cart reminders, in Portuguese, submitted and approved by Meta (the templates walk
  // through the screen is the notices walk's; here the API, as the Templates screen submits them).
  for (const key of CART_REMINDERS) {
    const { draft } = readyMadeTemplate(key);
    const portuguese: TemplateDraft = { ...draft, languages: { pt_BR: draft.languages.pt_BR! } };
    await call('put', `/channels/${channel.id}/templates/${draft.name}`, portuguese);
  }
  await expect
    .poll(
      async () => {
        const statuses = await Promise.all(
          CART_REMINDERS.map(async (name) => {
            const { records } = await call<{ records: { status: string }[] }>('get', `/channels/${channel.id}/templates/${name}`);
            return records.map((record) => record.status).join();
          }),
        );
        return statuses;
      },
      { message: "Meta's reviews of the cart reminders", timeout: 30_000, intervals: [500] },
    )
    .toEqual(['APPROVED', 'APPROVED', 'APPROVED']);

  // 3. Recovery switched on at /pt/checkouts: the number chosen, the ready-made reminders come with it,
  // 10 % off on the last; saved.
  await page.goto(`/pt/checkouts?inventory=${inventory.id}`);
  await expect(page.getByRole('heading', { name: 'Checkouts abandonados de Loja Lembretes' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('switch', { name: 'Lembrar os compradores que abandonam um checkout' }).check();
  await page.getByLabel(/^Número do WhatsApp/).selectOption({ label: `${number.displayPhoneNumber} (${number.verifiedName})` });
  for (const [index, name] of CART_REMINDERS.entries())
    await expect(page.getByRole('region', { name: `Lembrete ${index + 1}` }).getByLabel(/^Modelo/)).toHaveValue(name);
  const last = page.getByRole('region', { name: 'Lembrete 3' });
  await expect(last.getByRole('checkbox', { name: /^Oferecer um código de desconto/ })).toBeChecked();
  await expect(last.getByLabel(/^Porcentagem de desconto/)).toHaveValue('10');
  await page.getByRole('button', { name: 'Salvar o fluxo de recuperação' }).click();
  await expect(page.getByRole('button', { name: 'Salvo' })).toBeVisible();

  // 4. Three shoppers leave a checkout on the store (as the demo store's do every few minutes).
  const leave = async (shopper: { waId: string; name: string }, quantity: number) => {
    const left = await request.post(`${store.storefrontUrl}/_demo/checkouts`, {
      data: { lines: [{ variantId: IPOD_NANO, quantity }], phone: `+${shopper.waId}`, firstName: shopper.name },
    });
    expect(left.status(), await left.text()).toBe(201);
  };
  await leave(BUYS, 1);
  await leave(STOPS, 1);
  await leave(IGNORES, 2);
  const templates = (shopper: { waId: string }) => templatesTo(request, whatsapp.shopperUrl, number.phoneNumberId, shopper.waId);

  // 5. The first reminder reaches each, in Portuguese, named, with the way back to their checkout.
  for (const shopper of [BUYS, STOPS, IGNORES])
    await expect
      .poll(async () => (await templates(shopper)).map((line) => line.text), { timeout: 30_000 })
      .toEqual([expect.stringContaining(`Oi, ${shopper.name}!`)]);

  // 6. One buys from the reminder's link, on the store's checkout page; one answers PARAR.
  const link = /https?:\/\/\S+\/recover\?\S+/.exec((await templates(BUYS))[0]!.text)![0];
  expect(new URL(link).searchParams.get('ref')).toMatch(/^rc[a-z2-9]{20}$/);
  await page.goto(link);
  await page.getByRole('button', { name: 'Finalizar compra' }).click();
  await expect(page.getByText(/Pedido #\d+ feito/)).toBeVisible();
  const boughtAfter = (await templates(BUYS)).length;
  const said = await request.post(`${whatsapp.shopperUrl}/messages`, {
    data: { phoneNumberId: number.phoneNumberId, waId: STOPS.waId, text: 'PARAR' },
  });
  expect(said.ok(), await said.text()).toBe(true);
  const stoppedAfter = (await templates(STOPS)).length;

  // 7. The one who ignored them gets all three, the last with its discount code (10 % off).
  await expect.poll(async () => (await templates(IGNORES)).length, { timeout: 120_000, intervals: [2_000] }).toBe(3);
  expect((await templates(IGNORES))[2]!.text).toMatch(/10\s?%/);
  // Step 3 is due after steps 2 and 3 of the others: none went to the buyer after the order, nor after PARAR.
  expect(await templates(BUYS)).toHaveLength(boughtAfter);
  expect(await templates(STOPS)).toHaveLength(stoppedAfter);

  // 8. The Checkouts figures and list, from the API: the order recovered its checkout, with its value.
  const today = dayIn(new Date(), 'UTC');
  const list = () => call<CheckoutList>('get', `/checkouts?inventory=${inventory.id}&from=${firstUtcDay}&to=${today}`);
  await expect.poll(async () => (await list()).figures.recovered, { message: 'the order read by the poll', timeout: 30_000 }).toBe(1);
  const { figures, items } = await list();
  expect({ abandoned: figures.abandoned, reminded: figures.reminded, recovered: figures.recovered }).toEqual({
    abandoned: 3,
    reminded: 3,
    recovered: 1,
  });
  expect(figures.recoveredValue).toEqual([{ currency: 'BRL', totalMinor: 19_900 }]);
  const byPhone = (waId: string) => items.find((item) => item.phone?.endsWith(waId.slice(-4)));
  expect(byPhone(BUYS.waId)).toMatchObject({ status: 'recovered' });
  expect(byPhone(STOPS.waId)).toMatchObject({ status: 'opted_out', reason: 'unsubscribed' });
  expect(byPhone(IGNORES.waId)).toMatchObject({ status: 'reminded', remindersSent: 3 });

  // …and on the screen, in Portuguese.
  await page.goto(`/pt/checkouts?inventory=${inventory.id}`);
  const shown = page.getByRole('region', { name: 'Números da recuperação' });
  await expect(shown.getByText('Recuperados', { exact: true }).locator('xpath=following-sibling::*[1]')).toHaveText('1');
  await expect(shown).toContainText('R$ 199,00');
  const row = (waId: string) => page.getByRole('row').filter({ hasText: `•••• ${waId.slice(-4)}` });
  await expect(row(BUYS.waId)).toContainText('Recuperado');
  await expect(row(STOPS.waId)).toContainText('Descadastrado');

  // 9. The dashboard's results: recovered value and rate, from the same checkouts.
  const range = { from: firstDay, to: dayIn(new Date(), ZONE) };
  const { recovery } = await call<Dashboard>('get', `/dashboard?from=${range.from}&to=${range.to}&tz=${encodeURIComponent(ZONE)}`);
  expect({ reminded: recovery.reminded.current, recovered: recovery.recovered.current, value: recovery.valueMinor.current }).toEqual({
    reminded: 3,
    recovered: 1,
    value: 19_900,
  });
  await page.goto(range.from === range.to ? '/pt/dashboard?range=today' : `/pt/dashboard?range=custom&from=${range.from}&to=${range.to}`);
  await expect(page.getByText('Recuperados: 1 de 3 checkouts lembrados')).toBeVisible({ timeout: 15_000 });
});
