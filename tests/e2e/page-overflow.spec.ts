// No screen scrolls sideways: one merchant with content on every screen (results and AI use on the
// dashboard, an inventory on the demo store with its sync run and products, a number connected and
// answering, two AI bases with files), every signed-in screen and both shopper pages in Portuguese
// (the longest words), each at 1280 × 800 and at 390 × 844: the page is never wider than the window,
// and the failure names the elements that stick out. Beside it, what a page-wide check cannot see:
// the figures' definitions shown inside the window, the media types table inside its card, the
// inventory's tables without a scroll bar of their own at 1280 px, the channel card's values
// wrapped between words, and each product variant's text, once chosen, shown whole (price included).
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { AiBase } from '@/domain/ai-base';
import type { Channel } from '@/domain/channel';
import { addDays, dayIn, type Dashboard } from '@/domain/dashboard';
import { DEMO_PRODUCT_QUESTION } from '@/scripts/demo-channel';
import { DEMO_SHOPPER } from '../fixtures/whatsapp-cloud-api-server';
import { e2ePeers } from './fixtures/e2e-peers';
import { signInDirectly } from './fixtures/emulator-users';
import { inventoryApi } from './fixtures/inventory-api';
import { merchantApi, newMerchant, type Merchant } from './fixtures/merchant-api';
import { textLines } from './fixtures/text-lines';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const VIEWPORTS = [DESKTOP, PHONE];
/** The browser's zone, which becomes the account's at the dashboard's first read. */
const ZONE = 'America/Sao_Paulo';
const FAQ_QUESTION = 'Qual o prazo de entrega?';
const FAQ = `Pergunta;Resposta\n${FAQ_QUESTION};Os pedidos chegam de 3 a 7 dias úteis.\nPosso trocar um produto?;Sim, em até 30 dias.`;
const FILE_NAME = 'perguntas_frequentes_da_loja_demo_catalyst.csv';

type Overflow = { scrollWidth: number; clientWidth: number; outside: string[] };

/**
 * How wide the page is against its window, and the widest elements sticking out of the window's
 * right edge where it starts (their parent does not) or at its end (none of their children does),
 * unless a scroll box of their own holds them.
 */
function pageOverflow(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside = (el: Element) => el.getBoundingClientRect().right > width + 0.5;
    const heldInside = (el: Element) => {
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement)
        if (getComputedStyle(box).overflowX !== 'visible' && !outside(box)) return true;
      return false;
    };
    const rightOf = (el: Element) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return Math.max(el.getBoundingClientRect().right, range.getBoundingClientRect().right);
    };
    const describe = (el: Element) => {
      const attrs = ['role', 'id', 'data-testid', 'aria-label', 'class']
        .map((name) => (el.getAttribute(name) ? `${name}="${el.getAttribute(name)!.slice(0, 40)}"` : ''))
        .filter(Boolean);
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
      return `<${el.localName} ${attrs.join(' ')}> right ${Math.round(rightOf(el))} px: "${text}"`;
    };
    // Elements, and the parents of text that runs out of its element (a long word).
    const textOutside = (el: Element) =>
      [...el.childNodes].some((node) => {
        if (node.nodeType !== Node.TEXT_NODE) return false;
        const range = document.createRange();
        range.selectNodeContents(node);
        return range.getBoundingClientRect().right > width + 0.5;
      });
    const sticking = [...document.body.querySelectorAll('*')].filter((el) => (outside(el) || textOutside(el)) && !heldInside(el));
    // Where it starts (the parent fits) and what pushes it (no child sticks out).
    const sources = sticking
      .filter((el) => !outside(el.parentElement!) || ![...el.children].some(outside))
      .sort((a, b) => rightOf(b) - rightOf(a));
    return { scrollWidth: document.documentElement.scrollWidth, clientWidth: width, outside: sources.slice(0, 8).map(describe) };
  });
}

/** Two frames drawn: what follows the window's size (a chart's ResizeObserver) has followed it. */
const framesDrawn = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

async function expectNoSidewaysScroll(page: Page, where: string) {
  await framesDrawn(page);
  const overflow = await pageOverflow(page);
  expect
    .soft(
      overflow.scrollWidth,
      `${where}: the page is ${overflow.scrollWidth} px wide in a ${overflow.clientWidth} px window; sticking out:\n  ${overflow.outside.join('\n  ')}`,
    )
    .toBeLessThanOrEqual(overflow.clientWidth);
}

/** Every figure's definition, shown by keyboard focus, lies inside the window. */
async function expectDefinitionsInside(page: Page, where: string) {
  const buttons = page.getByRole('main').getByRole('button', { name: /^O que é/ });
  const count = await buttons.count();
  expect(count, `${where}: definitions`).toBeGreaterThan(8);
  for (let i = 0; i < count; i++) {
    const button = buttons.nth(i);
    await button.focus();
    const tip = page.locator(`[id="${await button.getAttribute('aria-describedby')}"]`);
    await expect(tip).toBeVisible();
    const box = await tip.evaluate((el) => {
      const rect = el.getBoundingClientRect();
      return { left: Math.round(rect.left), right: Math.round(rect.right), window: document.documentElement.clientWidth };
    });
    expect.soft(box.left, `${where}: ${await button.getAttribute('aria-label')} starts inside the window`).toBeGreaterThanOrEqual(0);
    expect.soft(box.right, `${where}: ${await button.getAttribute('aria-label')} ends inside the window`).toBeLessThanOrEqual(box.window);
    await button.blur();
  }
}

/** The media types table's cells lie inside its card: no column cut off. */
async function expectMediaTypesInsideCard(page: Page, where: string) {
  const table = page.getByRole('main').getByRole('table', { name: 'Tipos de mídia' });
  await expect(table.getByRole('columnheader', { name: 'Participação' })).toBeVisible();
  const outside = await table.evaluate((el) => {
    const card = el.parentElement!.getBoundingClientRect();
    return [...el.querySelectorAll('th, td')]
      .filter((cell) => {
        const box = cell.getBoundingClientRect();
        return box.left < card.left - 0.5 || box.right > card.right + 0.5;
      })
      .map((cell) => cell.textContent);
  });
  expect.soft(outside, `${where}: cells of 'Tipos de mídia' outside its card`).toEqual([]);
}

/** A table's scroll box has nothing to scroll: the table fits its column. */
async function expectTableFits(region: Locator, where: string) {
  await expect(region.getByRole('row').nth(1)).toBeVisible();
  const scroll = await region.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect
    .soft(scroll.scrollWidth, `${where}: the table needs ${scroll.scrollWidth} px in ${scroll.clientWidth} px`)
    .toBeLessThanOrEqual(scroll.clientWidth);
}

/** The channel card's values break only between words. */
async function expectValuesWrapBetweenWords(page: Page, where: string) {
  const card = page.getByRole('main').getByRole('region', { name: 'Números conectados' });
  const values = card.locator('dd');
  await expect(values.first()).toBeVisible();
  for (const value of await values.all()) {
    const lines = await textLines(value);
    for (const line of lines.slice(0, -1))
      expect.soft(line, `${where}: a value broken inside a word: ${JSON.stringify(lines)}`).toMatch(/\s$/);
  }
}

/**
 * What a variant select shows of the chosen option: null when its whole text is seen, else how it is
 * cut. The select itself shows it when it is seen (then it must be as wide as a select holding that
 * option alone); a select laid transparent shows it in a box of its own beside it.
 */
function chosenTextCut(select: Locator): Promise<string | null> {
  return select.evaluate((element: HTMLSelectElement) => {
    const text = element.selectedOptions[0]!.text;
    if (getComputedStyle(element).opacity !== '0') {
      const natural = element.cloneNode(false) as HTMLSelectElement;
      natural.append(element.selectedOptions[0]!.cloneNode(true));
      natural.style.cssText = 'width: auto; min-width: 0; max-width: none; position: absolute; visibility: hidden';
      element.after(natural);
      const needed = natural.getBoundingClientRect().width;
      natural.remove();
      const shown = element.getBoundingClientRect().width;
      return needed > shown + 0.5 ? `"${text}" needs ${Math.round(needed)} px, the select is ${Math.round(shown)} px` : null;
    }
    const card = element.closest('li')!.getBoundingClientRect();
    const mirror = [...element.parentElement!.querySelectorAll('*')].find(
      (el) => el !== element && !element.contains(el) && el.textContent?.trim() === text && getComputedStyle(el).opacity !== '0',
    );
    if (!mirror) return `"${text}" is shown nowhere`;
    const box = mirror.getBoundingClientRect();
    if (mirror.scrollWidth > mirror.clientWidth || box.left < card.left || box.right > card.right) return `"${text}" is cut`;
    return null;
  });
}

/** Every variant of every product, once chosen, shows its whole text (price included) in the card. */
async function expectVariantTextShown(page: Page, where: string) {
  const selects = await page.getByRole('combobox', { name: 'Opção' }).all();
  expect(selects.length, `${where}: variant selects`).toBeGreaterThan(0);
  const cut: string[] = [];
  for (const select of selects) {
    const chosen = await select.inputValue();
    for (const value of await select
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))) {
      await select.selectOption(value);
      const problem = await chosenTextCut(select);
      if (problem) cut.push(problem);
    }
    await select.selectOption(chosen);
  }
  expect.soft(cut, `${where}: variant texts cut`).toEqual([]);
}

/** The merchant's world: every screen with content of its own. */
async function makeWorld(request: Parameters<typeof newMerchant>[0], merchant: Merchant) {
  const { demo, shopifyToken, whatsapp } = e2ePeers();
  const number = whatsapp.pageOverflowNumber;
  const bases = merchantApi(request, merchant);
  const makeActiveBase = async () => {
    const base: AiBase = await bases.create({ name: 'Assistente da Loja Demo' });
    await bases.uploadKnowledge(base, FILE_NAME, FAQ);
    return bases.activate(await bases.complete(await bases.get(base.id)));
  };
  // A second base left at its knowledge step, with a file.
  const makeDraftBase = async () => {
    const base: AiBase = await bases.create({ name: 'Assistente de Trocas e Devoluções' });
    await bases.uploadKnowledge(base, FILE_NAME, FAQ);
    return base;
  };
  const [inventory, active, draft] = await Promise.all([
    inventoryApi(request, merchant).onDemoStore('Loja Demo Catalyst', { ...demo, token: shopifyToken }),
    makeActiveBase(),
    makeDraftBase(),
  ]);

  // The number connected, its callback URL verified, answering with the active base from the inventory.
  const headers = { authorization: `Bearer ${merchant.idToken}` };
  const connected = await request.post('/api/v1/channels', {
    headers,
    data: {
      phoneNumberId: number.phoneNumberId,
      wabaId: number.wabaId,
      accessToken: number.accessToken,
      appSecret: number.appSecret,
      aiBaseId: active.id,
      inventoryId: inventory.id,
    },
  });
  expect(connected.status(), await connected.text()).toBe(201);
  const { channel, verifyToken, webhookUrl } = (await connected.json()) as { channel: Channel; verifyToken: string; webhookUrl: string };
  const verified = await request.post(`${whatsapp.shopperUrl}/webhook`, {
    data: { phoneNumberId: number.phoneNumberId, callbackUrl: webhookUrl, verifyToken },
  });
  expect(verified.status(), await verified.text()).toBe(200);

  // A shopper asks a question the base answers (an AI request) and for products (a catalog sent).
  const replies = async () => {
    const answer = await request.get(`${whatsapp.shopperUrl}/conversation`, {
      params: { phoneNumberId: number.phoneNumberId, waId: DEMO_SHOPPER.waId },
    });
    return ((await answer.json()) as { lines: Array<{ from: string }> }).lines.filter((line) => line.from === 'business').length;
  };
  for (const [index, text] of [FAQ_QUESTION, DEMO_PRODUCT_QUESTION].entries()) {
    const sent = await request.post(`${whatsapp.shopperUrl}/messages`, {
      data: { phoneNumberId: number.phoneNumberId, waId: DEMO_SHOPPER.waId, text },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    await expect.poll(replies, { timeout: 20_000 }).toBeGreaterThan(index);
  }
  // The dashboard has counted them (the days the screen shows: the last 7 in the browser's zone).
  const today = dayIn(new Date(), ZONE);
  await expect
    .poll(
      async () => {
        const params = { from: addDays(today, -6), to: today, tz: ZONE, currency: 'BRL' };
        const answer = await request.get('/api/v1/dashboard', { headers, params });
        const dashboard = (await answer.json()) as Dashboard;
        return { requests: dashboard.requests.current! > 0, catalogsSent: dashboard.catalogsSent.current! > 0 };
      },
      { timeout: 15_000 },
    )
    .toEqual({ requests: true, catalogsSent: true });
  return { inventory, active, draft, channel };
}

test.use({ timezoneId: ZONE });

test('no screen is wider than the window at 1280 × 800 and 390 × 844, nor cuts a column, a word or a price', async ({ page, request }) => {
  test.slow();
  const merchant = await newMerchant(request, 'page-overflow', 'start');
  const { inventory, active, draft, channel } = await makeWorld(request, merchant);
  const main = page.getByRole('main');

  // The shopper's pages: the catalog, then the cart with two products.
  await page.setViewportSize(DESKTOP);
  await page.goto(`/pt/c/${inventory.publicId}`);
  await expect(page.getByRole('combobox', { name: 'Opção' }).first()).toBeVisible();
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expectNoSidewaysScroll(page, `catalog at ${viewport.width} px`);
    await expectVariantTextShown(page, `catalog at ${viewport.width} px`);
  }
  const add = page.getByRole('button', { name: 'Adicionar ao carrinho' });
  await add.nth(0).click();
  await add.nth(1).click();
  await page.getByRole('button', { name: /Carrinho \(2\)/ }).click();
  await page.getByRole('link', { name: 'Revisar carrinho' }).click();
  await expect(page.getByRole('button', { name: 'Finalizar compra' })).toBeVisible();
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectNoSidewaysScroll(page, `cart at ${viewport.width} px`);
  }

  // Every signed-in screen, each shown once its content is in, at both sizes.
  await signInDirectly(page, merchant);
  const screens: Array<{ path: string; ready: () => Locator; checks?: (where: string, viewport: typeof DESKTOP) => Promise<void> }> = [
    {
      path: '/pt/dashboard?range=last_7_days',
      ready: () => main.getByRole('table', { name: 'Tipos de mídia' }),
      checks: async (where) => {
        await expectMediaTypesInsideCard(page, where);
        await expectDefinitionsInside(page, where);
      },
    },
    { path: '/pt/ia-bases', ready: () => main.getByRole('heading', { name: draft.name }) },
    { path: '/pt/ia-base', ready: () => main.getByRole('heading', { name: '1. Instruções' }) },
    {
      path: `/pt/ia-base/${draft.id}`,
      ready: () => main.getByRole('table', { name: 'Arquivos na base de conhecimento' }).getByRole('rowheader'),
    },
    { path: `/pt/ia-base/${active.id}/activate`, ready: () => main.getByText('Sua base de IA está ativa.') },
    { path: '/pt/inventories', ready: () => main.getByRole('link', { name: `Abrir ${inventory.name}` }) },
    { path: '/pt/inventory', ready: () => main.getByRole('textbox', { name: 'Nome do inventário' }) },
    {
      path: `/pt/inventory/${inventory.id}`,
      ready: () => main.getByRole('region', { name: 'Lista de produtos' }).getByRole('row').nth(1),
      checks: async (where, viewport) => {
        if (viewport !== DESKTOP) return;
        await expectTableFits(main.getByRole('region', { name: 'Últimas sincronizações' }), `${where}, the last syncs`);
        await expectTableFits(main.getByRole('region', { name: 'Lista de produtos' }), `${where}, the products`);
      },
    },
    {
      path: '/pt/channels',
      ready: () => main.getByRole('region', { name: 'Números conectados' }).getByText(channel.verifiedName),
      checks: (where) => expectValuesWrapBetweenWords(page, where),
    },
    { path: `/pt/channels/${channel.id}`, ready: () => main.getByText(FAQ_QUESTION).first() },
    { path: '/pt/settings', ready: () => main.getByRole('combobox', { name: 'Fuso horário' }) },
    { path: '/pt/component-examples', ready: () => main.getByRole('heading', { level: 1, name: 'Exemplos de componentes' }) },
  ];
  for (const screen of screens) {
    await page.setViewportSize(DESKTOP);
    await page.goto(screen.path);
    await expect(screen.ready().first()).toBeVisible();
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const where = `${screen.path} at ${viewport.width} px`;
      await expectNoSidewaysScroll(page, where);
      await screen.checks?.(where, viewport);
    }
  }
});
