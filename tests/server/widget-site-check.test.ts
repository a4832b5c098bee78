// POST /api/v1/widget/site-check: 'check my site' against a loopback HTTP server standing in for the
// merchant's site — a page with the widget's snippet, one without (and one with another widget's),
// redirects on the site and off it, an error status, a page past the size cap, one that never answers;
// addresses refused at the `url` field (not http(s), not on one of the widget's saved sites); and the
// fetcher itself outside the embedded default, refusing loopback addresses typed or resolved.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultWidgetSettings, type Widget } from '@/domain/widget';
import { pageHasSnippet, siteCheckRefusals, type SiteCheckAnswer } from '@/domain/widget-site-check';
import { checkSiteForSnippet, isPrivateAddress, SiteAddressBlocked } from '@/server/widgets/site-check';
import { createUser, type TestUser } from './support/emulator-users';
import { call, errorOf, jsonApi, ok, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let site: Server;
let siteOrigin: string;
let merchant: TestUser;
let publicId: string;
const api = jsonApi(() => server);

const snippet = (id: string, src = 'https://catalyst.example/widget.js') => `<script src="${src}" data-catalyst="${id}" async></script>`;
const page = (head: string) => `<!doctype html><html lang="pt"><head><title>Loja</title>${head}</head><body><h1>Loja</h1></body></html>`;

beforeAll(async () => {
  server = await startTestServer();
  merchant = await createUser('site-check');
  site = createServer((request, response) => {
    const html = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      response.end(body);
    };
    switch (request.url) {
      case '/with':
        return html(200, page(snippet(publicId)));
      case '/without':
        return html(200, page('<script src="/theme.js"></script>'));
      case '/another-widget':
        return html(200, page(snippet('wgt_someone_else')));
      case '/moved':
        response.writeHead(301, { location: '/with' });
        return response.end();
      case '/away':
        response.writeHead(302, { location: 'https://elsewhere.example/with' });
        return response.end();
      case '/broken':
        return html(500, 'oops');
      case '/huge': {
        // 3 MB of page before the snippet: read to the cap, the snippet is past it.
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write('<!doctype html><html><head>');
        response.write(`<!--${'x'.repeat(3 * 1024 * 1024)}-->`);
        return response.end(`${snippet(publicId)}</head></html>`);
      }
      case '/silent':
        return; // never answers
      default:
        return html(404, 'not here');
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  publicId = (await ok<Widget>(api(merchant, '/widget'))).publicId;
  await ok(api(merchant, '/widget', 'PUT', { ...defaultWidgetSettings(), allowedOrigins: [siteOrigin] }));
});
afterAll(async () => {
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
  await server.close();
});

const check = (url: string, user = merchant) => api(user, '/widget/site-check', 'POST', { url });

describe('check my site', () => {
  test('finds the snippet on a page that has it, also through a redirect on the same site', async () => {
    expect(await ok<SiteCheckAnswer>(check(`${siteOrigin}/with`))).toEqual({ result: 'found', url: `${siteOrigin}/with`, status: 200 });
    expect(await ok<SiteCheckAnswer>(check(`${siteOrigin}/moved`))).toEqual({ result: 'found', url: `${siteOrigin}/with`, status: 200 });
  });

  test('says not found on a page without it, or with another widget’s, or with it past the size cap', async () => {
    expect((await ok<SiteCheckAnswer>(check(`${siteOrigin}/without`))).result).toBe('not_found');
    expect((await ok<SiteCheckAnswer>(check(`${siteOrigin}/another-widget`))).result).toBe('not_found');
    expect((await ok<SiteCheckAnswer>(check(`${siteOrigin}/huge`))).result).toBe('not_found');
  });

  test('says unreachable for an error status, a redirect to another site, a closed port', async () => {
    expect(await ok<SiteCheckAnswer>(check(`${siteOrigin}/broken`))).toMatchObject({ result: 'unreachable', status: 500 });
    expect(await ok<SiteCheckAnswer>(check(`${siteOrigin}/away`))).toMatchObject({
      result: 'unreachable',
      url: 'https://elsewhere.example/with',
      status: 302,
    });
    expect(await ok<SiteCheckAnswer>(check(`${siteOrigin}/nowhere`))).toMatchObject({ result: 'unreachable', status: 404 });
  });

  test('gives up on a page that never answers (the timeout)', async () => {
    const answer = await checkSiteForSnippet(new URL(`${siteOrigin}/silent`), publicId, { allowPrivateAddresses: true, timeoutMs: 300 });
    expect(answer).toEqual({ result: 'unreachable', url: `${siteOrigin}/silent`, status: null });
  });

  test('refuses at the url field an address that is not http(s), or not on one of the widget’s sites', async () => {
    for (const [url, id] of [
      ['ftp://127.0.0.1/with', siteCheckRefusals.urlInvalid.id],
      ['loja.example', siteCheckRefusals.urlInvalid.id],
      ['https://www.not-listed.example/', siteCheckRefusals.notListed.id],
      [`http://localhost:${new URL(siteOrigin).port}/with`, siteCheckRefusals.notListed.id],
    ] as const) {
      const answer = await check(url);
      expect(answer.status, url).toBe(422);
      expect(errorOf(answer)).toMatchObject({ code: 'validation_failed', fields: { url: id } });
    }
    // Another merchant has not listed the site.
    const other = await createUser('site-check-other');
    expect(errorOf(await check(`${siteOrigin}/with`, other)).fields).toEqual({ url: siteCheckRefusals.notListed.id });
  });

  test('needs a signed-in merchant', async () => {
    const answer = await call(`${server.url}/api/v1/widget/site-check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${siteOrigin}/with` }),
    });
    expect(answer.status).toBe(401);
  });
});

describe('the fetcher outside the embedded default', () => {
  test('refuses loopback and private addresses, typed or resolved, before any request', async () => {
    const port = new URL(siteOrigin).port;
    for (const url of [`http://127.0.0.1:${port}/with`, `http://localhost:${port}/with`, `http://[::1]:${port}/with`]) {
      await expect(checkSiteForSnippet(new URL(url), publicId, { allowPrivateAddresses: false }), url).rejects.toBeInstanceOf(
        SiteAddressBlocked,
      );
    }
    for (const address of ['10.1.2.3', '192.168.0.10', '172.20.0.1', '169.254.169.254', '::1', 'fd00::1', '::ffff:127.0.0.1', '0.0.0.0'])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '2606:4700::1111', '::ffff:1.1.1.1']) expect(isPrivateAddress(address), address).toBe(false);
  });
});

describe('the snippet on a page', () => {
  test('is a script for widget.js naming the public id, in any attribute order and quoting', () => {
    expect(pageHasSnippet(snippet('wgt_1'), 'wgt_1')).toBe(true);
    expect(pageHasSnippet(`<SCRIPT async data-catalyst='wgt_1' src='/widget.js?v=2'></SCRIPT>`, 'wgt_1')).toBe(true);
    expect(pageHasSnippet(`<script data-catalyst=wgt_1 src=https://c.example/widget.js></script>`, 'wgt_1')).toBe(true);
    expect(pageHasSnippet(snippet('wgt_12'), 'wgt_1')).toBe(false);
    expect(pageHasSnippet(snippet('wgt_1', 'https://c.example/other.js'), 'wgt_1')).toBe(false);
    expect(pageHasSnippet('<p data-catalyst="wgt_1">widget.js</p>', 'wgt_1')).toBe(false);
  });
});
