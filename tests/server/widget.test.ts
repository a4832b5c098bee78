// /api/v1/widget and /api/v1/widget-sites/{public id}: a merchant's website widget over HTTP. Read
// before any save: off, the ready-made settings, a public id that stays; saved once it holds, refused
// at its fields otherwise (the domain's rules and the server's: a number or inventory of another
// account's is unknown); what a script reads on a site, answered only to the sites listed (and
// Catalyst's own origin, the preview's) with the Origin echoed, a 403 to any other and a 404 while it
// is off — nothing private in it (no token, no account id, no other site).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultWidgetSettings, readyMadeGreetings, type PublicWidget, type Widget, type WidgetSettings } from '@/domain/widget';
import { addChannelRow, seedAnsweringRecords, type ChannelMerchant } from './support/channel-seed';
import { createUser, type TestUser } from './support/emulator-users';
import { call, errorOf, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const widgetOf = (user: TestUser) => call(`${server.url}/api/v1/widget`, { token: user.idToken });
const save = (user: TestUser, settings: WidgetSettings) =>
  call(`${server.url}/api/v1/widget`, {
    method: 'PUT',
    token: user.idToken,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(settings),
  });
const fromSite = (publicId: string, origin?: string) =>
  call(`${server.url}/api/v1/widget-sites/${publicId}`, origin ? { headers: { origin } } : {});

async function merchant(label: string): Promise<{ user: TestUser; records: ChannelMerchant; channelId: string }> {
  const user = await createUser(`widget-${label}`);
  const records = await seedAnsweringRecords(user.uid, label);
  const channelId = await addChannelRow(user.uid, records.activeBaseId, '+55 11 94000-0001');
  return { user, records, channelId };
}

const onFor = (channelId: string, inventoryId: string | null = null): WidgetSettings => ({
  ...defaultWidgetSettings(),
  enabled: true,
  channelId,
  inventoryId,
  allowedOrigins: ['https://www.lojadaana.com.br', 'http://localhost:8080'],
  greetings: { en: '', pt: 'Oi! Procurando um presente?', es: '' },
});

describe('the merchant’s widget', () => {
  test('before any save: off, ready-made, with a public id that stays; saved, it reads back as saved', async () => {
    const { user, channelId } = await merchant('read');
    const first = await widgetOf(user);
    expect(first.status, first.text).toBe(200);
    const widget = first.body as Widget;
    expect(widget).toMatchObject({ ...defaultWidgetSettings(), updatedAt: null });
    expect(widget.publicId).toMatch(/^[\w-]{12,}$/);
    expect(widget.publicId).not.toContain(user.uid);
    expect(((await widgetOf(user)).body as Widget).publicId).toBe(widget.publicId);

    // Origins as the browser's Origin header names them: lowercase, no trailing slash.
    const saved = await save(user, { ...onFor(channelId), allowedOrigins: ['https://WWW.LojaDaAna.com.br/', 'http://localhost:8080'] });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({
      enabled: true,
      channelId,
      allowedOrigins: ['https://www.lojadaana.com.br', 'http://localhost:8080'],
      greetings: { pt: 'Oi! Procurando um presente?' },
      publicId: widget.publicId,
    });
    expect((await widgetOf(user)).body).toEqual(saved.body);
  });

  test('refused at its fields: the domain’s rules, and a number or inventory that is not the caller’s', async () => {
    const { user, channelId } = await merchant('refused');
    const other = await merchant('refused-other');
    const answer = await save(user, {
      ...onFor(other.channelId, other.records.inventoryId),
      allowedOrigins: ['https://ok.example', 'ftp://loja.com.br', 'https://loja.com.br/pagina', 'https://ok.example'],
      look: { color: 'blue', position: 'left' },
      openingHours: { days: [], start: '09:00', end: '09:00' },
      dailyCap: 0,
    });
    expect(answer.status).toBe(422);
    expect(errorOf(answer)).toMatchObject({
      code: 'widget_refused',
      fields: {
        channelId: 'widget.channel_unknown',
        inventoryId: 'widget.inventory_unknown',
        'allowedOrigins.1': 'widget.origin_invalid',
        'allowedOrigins.2': 'widget.origin_invalid',
        'allowedOrigins.3': 'widget.origin_duplicate',
        'look.color': 'widget.color_invalid',
        'openingHours.days': 'widget.days_missing',
        'openingHours.end': 'widget.hours_empty',
        dailyCap: 'widget.daily_cap_out_of_range',
      },
    });
    // On without a number nor a site.
    const bare = await save(user, { ...defaultWidgetSettings(), enabled: true });
    expect(errorOf(bare).fields).toEqual({ channelId: 'widget.channel_missing', allowedOrigins: 'widget.origins_missing' });
    // Nothing of it was kept.
    expect(((await widgetOf(user)).body as Widget).enabled).toBe(false);
    expect(channelId).toBeTruthy();
  });
});

describe('what a script reads on a site', () => {
  test('answered to a listed site with its Origin echoed; any other site, or none, is refused', async () => {
    const { user, records, channelId } = await merchant('site');
    const saved = (await save(user, onFor(channelId, records.inventoryId))).body as Widget;

    const listed = await fromSite(saved.publicId, 'https://www.lojadaana.com.br');
    expect(listed.status, listed.text).toBe(200);
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://www.lojadaana.com.br');
    expect(listed.headers.get('vary')).toContain('Origin');
    const widget = listed.body as PublicWidget;
    expect(widget).toMatchObject({
      publicId: saved.publicId,
      look: saved.look,
      greetings: { en: readyMadeGreetings.en, pt: 'Oi! Procurando um presente?', es: readyMadeGreetings.es },
      open: true,
      whatsappNumber: '5511940000001',
    });
    expect(widget.filterCatalogId).toMatch(/^[\w-]+$/);
    // Nothing private: no account id, no token, no number id, no other listed site.
    for (const secret of [user.uid, channelId, records.inventoryId, 'sealed', 'localhost']) expect(listed.text).not.toContain(secret);

    // Catalyst's own origin (the screen's preview) reads it too.
    const own = await fromSite(saved.publicId, server.url);
    expect([own.status, own.headers.get('access-control-allow-origin')]).toEqual([200, server.url]);

    for (const origin of ['https://evil.example', 'https://lojadaana.com.br', 'http://www.lojadaana.com.br', undefined]) {
      const refused = await fromSite(saved.publicId, origin);
      expect([refused.status, errorOf(refused).code], String(origin)).toEqual([403, 'origin_not_allowed']);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
      expect(refused.text).not.toContain('Procurando');
    }
  });

  test('off, or unknown, it is a 404; the filter off names no catalog', async () => {
    const { user, channelId } = await merchant('off');
    const saved = (await save(user, { ...onFor(channelId), filterEnabled: false })).body as Widget;
    expect(((await fromSite(saved.publicId, 'https://www.lojadaana.com.br')).body as PublicWidget).filterCatalogId).toBeNull();
    await save(user, { ...onFor(channelId), enabled: false });
    expect((await fromSite(saved.publicId, 'https://www.lojadaana.com.br')).status).toBe(404);
    expect((await fromSite('no-such-widget', 'https://www.lojadaana.com.br')).status).toBe(404);
    // An id that is no public id's shape is refused before the database (a NUL byte would reach PostgreSQL as an error).
    expect((await fromSite('a%00b', 'https://www.lojadaana.com.br')).status).toBe(400);
  });
});
