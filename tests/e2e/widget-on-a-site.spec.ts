// The website widget in Chromium on other people's pages, as a merchant pastes its one line: a page
// with hostile CSS (rules on every element, !important) under a strict CSP that allows only the
// Catalyst server's origin for scripts and fetches, and a page laid out like a Shopify theme
// (theme.liquid's snippet before </body>). Each is served here from an origin of its own on loopback,
// listed among the merchant's sites (a third, not listed, shows nothing). On each: the widget draws,
// labelled in the page's language; its panel opens with the greeting and 'Continue on WhatsApp' to the
// merchant's number with a message ready; the keyboard stays in the panel and Escape gives the focus
// back; axe finds nothing in it; the page gains one global (CatalystWidget) and logs no error. On the
// strict-CSP page a question asked in the panel's chat is answered by the number's AI base (the
// cross-origin POST and its preflight as a shopper's browser makes them), and what the page reported
// (shown, opened) with the chat begun reaches the merchant's dashboard.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Channel } from '@/domain/channel';
import { dayIn, type Dashboard } from '@/domain/dashboard';
import { defaultWidgetSettings, type Widget } from '@/domain/widget';
import { WIDGET_REF_ALPHABET } from '@/domain/widget-ref';
import { e2ePeers } from './fixtures/e2e-peers';
import { newMerchant } from './fixtures/merchant-api';
import { activeBase } from './fixtures/walk-number';

type Site = { origin: string; close: () => Promise<void> };

/** A site of its own on loopback: `pages` by path, each with its headers. */
async function site(pages: Record<string, { body: string; type?: string; headers?: Record<string, string> }>): Promise<Site> {
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    // A browser asks every site for its icon: none here, and no 404 in the page's console for it.
    if (path === '/favicon.ico') return void response.writeHead(204).end();
    const page = pages[path];
    if (!page) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': page.type ?? 'text/html; charset=utf-8', ...page.headers }).end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const snippet = (catalyst: string, publicId: string) => `<script src="${catalyst}/widget.js" data-catalyst="${publicId}" async></script>`;

const hostileCss = `
* { all: unset !important; display: none !important; color: red !important; font-size: 40px !important; }
html, body, main, h1, p { display: block !important; }
button, a, section, div { visibility: hidden !important; position: static !important; }
catalyst-widget { display: none !important; opacity: 0 !important; }
`;

/** The page as a merchant's theme would have it, with the snippet before </body>. */
const themePage = (catalyst: string, publicId: string, lang: string) => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>Loja da Ana</title>
<link rel="stylesheet" href="/theme.css"></head>
<body class="template-index"><header class="site-header"><a href="/">Loja da Ana</a><nav><a href="/collections/all">Shop</a></nav></header>
<main id="MainContent"><h1>Summer collection</h1><p>Dresses, shirts and sandals.</p></main>
<footer class="site-footer"><p>© Loja da Ana</p></footer>
${snippet(catalyst, publicId)}
</body></html>`;

// One world for the three: the number connects once.
test.describe.configure({ mode: 'serial' });
// A shopper's browser: the chat refuses bots by user agent, and headless Chromium names itself one.
test.use({
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36',
});

let catalyst: string;
let publicId: string;
/** The merchant's, for its dashboard's figures. */
let merchantHeaders: Record<string, string>;
let number: string;
const sites: Site[] = [];

test.beforeAll(async ({ request, baseURL }) => {
  catalyst = baseURL!;
  const merchant = await newMerchant(request, 'widget-site');
  const base = await activeBase(request, merchant, 'Vendedora do site');
  const { widgetNumber } = e2ePeers().whatsapp;
  const headers = { authorization: `Bearer ${merchant.idToken}` };
  merchantHeaders = headers;
  const connected = await request.post('/api/v1/channels', {
    headers,
    // Only the connect form's fields (the fixture's number carries its display name and more).
    data: {
      phoneNumberId: widgetNumber.phoneNumberId,
      wabaId: widgetNumber.wabaId,
      accessToken: widgetNumber.accessToken,
      appSecret: widgetNumber.appSecret,
      aiBaseId: base.id,
      inventoryId: null,
    },
  });
  expect(connected.status(), await connected.text()).toBe(201);
  const channel = ((await connected.json()) as { channel: Channel }).channel;
  number = widgetNumber.displayPhoneNumber.replace(/\D/g, '');
  // The snippet names the widget's public id, there before anything is saved.
  publicId = ((await (await request.get('/api/v1/widget', { headers })).json()) as Widget).publicId;

  const hostile = await site({
    '/': {
      body: themePage(catalyst, publicId, 'pt-BR'),
      headers: {
        'content-security-policy': `default-src 'none'; script-src ${catalyst}; connect-src ${catalyst}; style-src 'self'`,
      },
    },
    '/theme.css': { body: hostileCss, type: 'text/css' },
  });
  const theme = await site({
    '/': { body: themePage(catalyst, publicId, 'en') },
    '/theme.css': { body: 'body{margin:0;font-family:serif}', type: 'text/css' },
  });
  const notListed = await site({ '/': { body: themePage(catalyst, publicId, 'en') }, '/theme.css': { body: '', type: 'text/css' } });
  sites.push(hostile, theme, notListed);

  const saved = await request.put('/api/v1/widget', {
    headers,
    data: {
      ...defaultWidgetSettings(),
      enabled: true,
      channelId: channel.id,
      allowedOrigins: [hostile.origin, theme.origin],
      look: { color: '#FFE066', position: 'right' },
      greetings: { en: 'Hi! Looking for a summer dress?', pt: 'Oi! Procurando um vestido de verão?', es: '' },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
});

test.afterAll(async () => {
  await Promise.all(sites.map((each) => each.close()));
});

/** Opens the site's page, collecting what the page logs as errors. Served by the site itself: a
 * response a test fulfils would not come from a loopback address, and Chromium would then keep the
 * page from reaching the loopback Catalyst server (local network access). */
async function open(page: Page, at: Site) {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${at.origin}/`);
  return errors;
}

async function walk(
  page: Page,
  labels: {
    open: string;
    title: string;
    close: string;
    whatsapp: string;
    greeting: string;
    prefilled: string;
    message: string;
    send: string;
  },
) {
  const launcher = page.getByRole('button', { name: labels.open });
  await expect(launcher).toBeVisible();
  await expect(launcher).toHaveAttribute('aria-expanded', 'false');
  await launcher.click();
  const panel = page.getByRole('dialog', { name: labels.title });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(labels.greeting)).toBeVisible();
  const whatsapp = panel.getByRole('link', { name: labels.whatsapp });
  // The message ends with the visitor's code, handed over when the panel opened.
  const ready = `https://wa.me/${number}?text=${encodeURIComponent(labels.prefilled)}`.replace(/[.?()]/g, '\\$&');
  await expect(whatsapp).toHaveAttribute('href', new RegExp(`^${ready}%20\\(ref%20[${WIDGET_REF_ALPHABET}]{6}\\)$`));
  // The focus is in the panel, and stays there: the close button, the chat's field and its button, WhatsApp.
  await expect(panel.getByRole('button', { name: labels.close })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('textbox', { name: labels.message })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: labels.send })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(whatsapp).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: labels.close })).toBeFocused();
  expect(
    (await new AxeBuilder({ page }).include('catalyst-widget').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations,
  ).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(launcher).toBeFocused();
}

test('on a page with hostile CSS and a strict CSP: drawn, in Portuguese, keyboard and screen-reader usable, no error', async ({
  page,
  request,
}) => {
  const errors = await open(page, sites[0]!);
  await walk(page, {
    open: 'Fale com a gente',
    title: 'Fale com a gente',
    close: 'Fechar o chat',
    whatsapp: 'Continuar no WhatsApp',
    greeting: 'Oi! Procurando um vestido de verão?',
    prefilled: 'Olá! Vim pelo site de vocês.',
    message: 'Sua mensagem',
    send: 'Enviar',
  });
  // A question in the chat: the shopper's line, then the AI base's answer, no error line.
  await page.getByRole('button', { name: 'Fale com a gente' }).click();
  await page.getByRole('textbox', { name: 'Sua mensagem' }).fill('Vocês entregam em Curitiba?');
  await page.keyboard.press('Enter');
  const conversation = page.getByRole('list', { name: 'Conversa' });
  await expect(conversation.locator('.message.shopper')).toHaveText('Vocês entregam em Curitiba?');
  await expect(conversation.locator('.message.agent:not(.typing)')).toHaveCount(1);
  expect((await conversation.locator('.message.agent').textContent())?.trim()).not.toBe('');
  await expect(conversation.locator('.message.error')).toHaveCount(0);
  await page.keyboard.press('Escape');
  // The page's rules did not reach in: the button keeps its size and the merchant's colour.
  const box = await page.getByRole('button', { name: 'Fale com a gente' }).boundingBox();
  expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([56, 56]);
  expect(errors).toEqual([]);
  // What the page reported under its CSP reaches the merchant's dashboard: shown once, opened (twice), a chat begun.
  const now = new Date();
  const range = `from=${dayIn(new Date(now.getTime() - 86_400_000), 'UTC')}&to=${dayIn(now, 'UTC')}&tz=UTC`;
  const widgetFigures = async () => {
    const read = await request.get(`/api/v1/dashboard?${range}`, { headers: merchantHeaders });
    const { widget } = (await read.json()) as Dashboard;
    return { views: widget.views.current, opens: widget.opens.current, chats: widget.chats.current };
  };
  await expect.poll(widgetFigures, { timeout: 15_000 }).toEqual({ views: 1, opens: 2, chats: 1 });
});

test('on a Shopify-theme-like page: drawn in English, one global, the page’s own layout untouched', async ({ page }) => {
  const errors = await open(page, sites[1]!);
  await expect(page.getByRole('button', { name: 'Chat with us' })).toBeVisible();
  // Before axe adds its own: the script's one global.
  const globals = await page.evaluate(() => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const clean = new Set(Object.keys(frame.contentWindow!));
    frame.remove();
    return Object.keys(window).filter((name) => !clean.has(name));
  });
  expect(globals).toEqual(['CatalystWidget']);
  await walk(page, {
    open: 'Chat with us',
    title: 'Talk to us',
    close: 'Close the chat',
    whatsapp: 'Continue on WhatsApp',
    greeting: 'Hi! Looking for a summer dress?',
    prefilled: 'Hi! I came from your website.',
    message: 'Your message',
    send: 'Send',
  });
  await expect(page.getByRole('heading', { name: 'Summer collection' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a site the merchant did not list shows nothing', async ({ page }) => {
  // The server answers 403 without Access-Control-Allow-Origin: the browser keeps the answer from the script.
  const settled = new Promise<string>((resolve) => {
    const isRead = (url: string) => url.includes('/api/v1/widget-sites/');
    page.on('requestfailed', (request) => isRead(request.url()) && resolve(request.failure()?.errorText ?? 'failed'));
    page.on('requestfinished', (request) => isRead(request.url()) && resolve('read'));
  });
  const errors = await open(page, sites[2]!);
  expect(await settled).toBe('net::ERR_FAILED');
  expect(errors.join('\n')).toContain('blocked by CORS policy');
  await expect(page.locator('catalyst-widget')).toHaveCount(0);
});
