// Tenant isolation, route by route: account B must never read, change or delete account A's
// records. Every /api/v1 route must have a row in this table, so a new route without a tenancy
// case fails here until someone writes one.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultRecoveryFlow } from '@/domain/checkout-recovery';
import type { ChannelWebhookSetup } from '@/domain/channel';
import { readyMadeTemplate } from '@/domain/ready-made-templates';
import { defaultWidgetSettings, type Widget } from '@/domain/widget';
import { recordCheckout } from '@/server/checkouts/checkout-intake';
import { storeCheckouts } from '@/server/checkouts/checkout-tables';
import { inventories } from '@/server/inventories/inventory-tables';
import { fixturePhoneNumber, startWhatsAppCloudApiServer, type WhatsAppCloudApiServer } from '../fixtures/whatsapp-cloud-api-server';
import { newPhoneNumberId, seedAnsweringRecords } from './support/channel-seed';
import { createUser, type TestUser } from './support/emulator-users';
import { scratchDataDir, storedUploads } from './support/knowledge-uploads';
import { seedStorefrontInventory, type SeededInventory } from './support/storefront-seed';
import { testDatabase } from './support/test-database';
import { call, startTestServer, type TestServer } from './support/test-server';

type As = (user: TestUser, path: string, init?: { method?: string; body?: unknown }) => ReturnType<typeof call>;

type TenancyCase =
  | {
      /** The route answers about the caller only (no record id in it): B's answer must carry nothing of A's. */
      scope: 'caller';
      method: string;
      url: string;
    }
  | {
      /**
       * A public form: it takes records from anyone and gives none back, so nothing of A's can
       * leak through it. B's answer is checked to hold nothing of A's anyway.
       */
      scope: 'public-write';
      method: string;
      url: string;
      body: (owner: TestUser) => unknown;
    }
  | {
      /** A list of the caller's records: B's holds none of A's (A's record is seeded first). */
      scope: 'list';
      method: string;
      url: string;
      seed: (as: As, owner: TestUser) => Promise<string>;
    }
  | {
      /** Creates a record for the caller: what B creates never shows up among A's records. */
      scope: 'create';
      method: string;
      url: string;
      body: unknown;
      /** Instead of `body`: one made for B, naming records of B's. */
      bodyFor?: (caller: TestUser) => Promise<unknown>;
      /** The new record's id in the answer (default: its `id`). */
      idOf?: (answer: unknown) => string;
      /** The owner's list, as text. */
      listOf: (as: As, owner: TestUser) => Promise<string>;
    }
  | {
      /** Sets one of the caller's own settings: A's change shows in A's account only, never in B's. */
      scope: 'own-setting';
      method: string;
      url: string;
      body: unknown;
      /** The caller's view of the setting. */
      read: (as: As, caller: TestUser) => Promise<unknown>;
    }
  | {
      /** Public and the same for everyone (a download): B gets exactly what A gets, nothing of A's. */
      scope: 'public-read';
      method: string;
      url: string;
    }
  | {
      /** Signed-in only, and the same for every account (a list of what the server offers): A and B get the same answer, no token a 401. */
      scope: 'same-for-all';
      method: string;
      url: string;
    }
  | {
      /** Staff only (the admin claim): an account without it gets 403 and nothing of anyone's. */
      scope: 'staff';
      method: string;
      url: string;
      /** The concrete path, when the route names a record (A's). */
      path?: (owner: TestUser) => string;
      body?: unknown;
    }
  | {
      /**
       * Public, by an inventory's public id (the shopper's pages): no token needed, what one
       * inventory's id answers holds nothing private of its owner's (token, admin address,
       * account), and another inventory's records (a cart, a catalog) are refused there.
       */
      scope: 'storefront';
      method: string;
      url: string;
      /** Asks A's inventory's route with B's record; answers the status it must answer with (a refusal, or 202 for a beacon that ignores it) and the answer. */
      crossed: (
        mine: SeededInventory,
        theirs: SeededInventory,
      ) => Promise<{
        expected: number;
        answer: Awaited<ReturnType<typeof call>>;
      }>;
    }
  | {
      /**
       * The caller's figures, filtered by a record id in the query (the dashboard): A gets 200 with
       * A's record; B naming A's record gets the 404 an unknown id gets, and B's own answer holds
       * nothing of A's.
       */
      scope: 'filtered';
      method: string;
      url: string;
      /** Creates a record of A's and returns the query naming it. */
      seed: (as: As, owner: TestUser) => Promise<string>;
      /** The same query without the filter. */
      unfiltered: string;
    }
  | {
      /**
       * A file the caller uploads (a contact import, multipart): it writes the caller's records only,
       * even where it names what A has (A's number); A's records stay as they were.
       */
      scope: 'upload';
      method: string;
      url: string;
      /** A's view of A's records (seeded here), compared before and after B's upload. */
      ownerView: (as: As, owner: TestUser) => Promise<unknown>;
      /** B's upload. */
      upload: (caller: TestUser) => ReturnType<typeof call>;
      /** B's view of B's records after it, which holds `marker`. */
      callerView: (as: As, caller: TestUser) => Promise<string>;
      marker: string;
    }
  | {
      /**
       * Counts the caller's records (an audience's rules over the contacts): a record A adds is counted in
       * A's answer and never in B's.
       */
      scope: 'counted';
      method: string;
      url: string;
      body: unknown;
      count: (answer: unknown) => number;
      /** Adds a record of A's that the body's rules match. */
      seed: (as: As, owner: TestUser) => Promise<void>;
    }
  | {
      /**
       * Public, by a public id, for the sites its owner listed (the website widget): a site A listed
       * reads it, with nothing private of A's; any other site is refused (403) and reads nothing.
       */
      scope: 'site';
      method: string;
      url: string;
      /** Makes A's record public for `listed`; the concrete path. */
      seed: (as: As, owner: TestUser) => Promise<{ path: string; listed: string }>;
      /** What a page sends (JSON, from a browser's user agent); the listed site's status when not 200. */
      body?: unknown;
      status?: number;
    }
  | {
      /**
       * Fetches a page of a site the caller listed (the widget's 'check my site'): A checks a page of A's
       * site; B naming it is refused at the address (422), as any site B did not list, and reads nothing of A's.
       */
      scope: 'checked';
      method: string;
      url: string;
      /** Lists A's site; a page address on it. */
      seed: (as: As, owner: TestUser) => Promise<string>;
    }
  | {
      /** The route takes a record id: B gets 404 (not 403: no existence leak) and A's record is unchanged. */
      scope: 'record';
      method: string;
      url: string;
      /** Creates a record of A's and returns the route's concrete path for it. */
      seed: (as: As, owner: TestUser) => Promise<string>;
      /** A's view of the record after B's attempt, compared before and after. */
      snapshot: (as: As, owner: TestUser, path: string) => Promise<unknown>;
      body?: unknown;
    };

const leadRequest = (owner: TestUser) => ({
  name: 'Tenant',
  email: owner.email,
  phone: '+5511987654321',
  position: 'Owner',
  website: 'https://loja.com.br',
  platform: 'shopify',
  privacyConsent: true,
  whatsappConsent: false,
  locale: 'en',
});

const instructions = {
  name: 'Tenant base',
  function: 'support',
  language: 'pt_br',
  voiceTone: 'default',
  personalized: false,
  instructions: 'Answer from the catalog only.',
  expectedInputs: '',
};

// One AI base of A's serves every row: B's attempts must leave it unchanged, which each row checks.
let aliceBase: Promise<string> | undefined;
const seedAiBase = (as: As, owner: TestUser) =>
  (aliceBase ??= as(owner, '/api/v1/ai-bases', {
    method: 'POST',
    body: instructions,
  }).then((answer) => {
    expect(answer.status).toBe(201);
    return (answer.body as { id: string }).id;
  }));
const aiBaseRecord = (method: string, suffix: string, body?: unknown): TenancyCase => ({
  scope: 'record',
  method,
  url: `/api/v1/ai-bases/:id${suffix}`,
  seed: async (as, owner) => `/api/v1/ai-bases/${await seedAiBase(as, owner)}${suffix}`,
  snapshot: async (as, owner, path) => {
    const id = path.split('/')[4]!;
    const answer = await as(owner, `/api/v1/ai-bases/${id}`);
    expect(answer.status).toBe(200);
    return answer.body;
  },
  body,
});

// One inventory of A's, named only (B is refused before any store or catalog is asked).
let aliceInventory: Promise<string> | undefined;
const seedInventory = (as: As, owner: TestUser) =>
  (aliceInventory ??= as(owner, '/api/v1/inventories', {
    method: 'POST',
    body: { name: 'Tenant inventory' },
  }).then((answer) => {
    expect(answer.status).toBe(201);
    return (answer.body as { id: string }).id;
  }));
const inventoryRecord = (method: string, suffix: string, body?: unknown): TenancyCase => ({
  scope: 'record',
  method,
  url: `/api/v1/inventories/:id${suffix}`,
  seed: async (as, owner) => `/api/v1/inventories/${await seedInventory(as, owner)}${suffix}`,
  snapshot: async (as, owner, path) => {
    const answer = await as(owner, `/api/v1/inventories/${path.split('/')[4]!}`);
    expect(answer.status).toBe(200);
    return answer.body;
  },
  body,
});
// One checkout of A's inventory's store, as its webhook recorded it: B's attempts leave its page as it was.
let aliceCheckout: Promise<string> | undefined;
const seedCheckout = (as: As, owner: TestUser) =>
  (aliceCheckout ??= seedInventory(as, owner).then(async (inventoryId) => {
    const { db } = await testDatabase();
    const token = `tenant-${randomUUID()}`;
    await recordCheckout(
      db,
      inventoryId,
      {
        token,
        shopifyCheckoutId: null,
        phone: '+5511987654321',
        whatsappUpdatesPhone: null,
        acceptsSmsMarketing: false,
        firstName: 'Tenant shopper of A',
        locale: 'pt-BR',
        currency: 'BRL',
        totalMinor: 10_000,
        items: [{ title: 'Camiseta', quantity: 1, variantId: null }],
        recoveryUrl: null,
        startedAt: new Date('2026-01-10T15:00:00Z'),
        updatedAt: new Date('2026-01-10T15:00:00Z'),
        completedAt: null,
      },
      { webhookId: `w-${token}`, topic: 'checkouts/create' },
    );
    const [row] = await db.select({ id: storeCheckouts.id }).from(storeCheckouts).where(eq(storeCheckouts.token, token));
    return String(row!.id);
  }));
const integration = {
  name: 'Taken over',
  ecommerceType: 'shopify',
  shopifyToken: 'shpat_0123456789abcdef0123456789abcdef',
  shopifyUrl: 'https://tenant.myshopify.com',
  website: 'https://tenant.example',
  checkoutParams: '',
  trackingUrl: '',
  expectedVersion: 1,
};

// One knowledge file of A's base, processed, serves the knowledge rows; B's attempts must leave
// the base, the file list (statuses, passage counts) and the stored bytes as they were.
let aliceFile: Promise<string> | undefined;
const seedKnowledgeFile = (as: As, owner: TestUser) =>
  (aliceFile ??= seedAiBase(as, owner).then(async (baseId) => {
    const form = new FormData();
    form.append('file', new Blob(['Pergunta;Resposta\nQual o frete?;Frete grátis acima de R$ 200.\n']), 'faq.csv');
    const response = await fetch(`${server.url}/api/v1/ai-bases/${baseId}/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.idToken}` },
      body: form,
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    await expect
      .poll(async () => ((await as(owner, `/api/v1/ai-bases/${baseId}/files/${id}`)).body as { status: string }).status, {
        timeout: 60_000,
      })
      .toBe('ready');
    return id;
  }));
const knowledgeRecord = (method: string, route: string, concrete: (fileId: string) => string, body?: unknown): TenancyCase => ({
  scope: 'record',
  method,
  body,
  url: `/api/v1/ai-bases/:id${route}`,
  seed: async (as, owner) => {
    const fileId = await seedKnowledgeFile(as, owner);
    return `/api/v1/ai-bases/${await seedAiBase(as, owner)}${concrete(fileId)}`;
  },
  snapshot: async (as, owner, path) => {
    const id = path.split('/')[4]!;
    const [base, files, found] = await Promise.all([
      as(owner, `/api/v1/ai-bases/${id}`),
      as(owner, `/api/v1/ai-bases/${id}/files`),
      as(owner, `/api/v1/ai-bases/${id}/passages?q=frete`),
    ]);
    expect([base.status, files.status, found.status]).toEqual([200, 200, 200]);
    expect((found.body as { passages: unknown[] }).passages).toHaveLength(1);
    return {
      base: base.body,
      files: files.body,
      found: found.body,
      stored: await storedUploads(),
    };
  },
});

// A's chat with A's base (the knowledge file processed): B gets a 404, no passage, and A's
// count of AI requests stays as it was.
const chatBody = {
  message: 'Qual o frete?',
  history: [],
  settings: { blockedTerms: [], creativity: 3, model: 'builtin-retrieval' },
};
const chatRecord: TenancyCase = {
  scope: 'record',
  method: 'POST',
  url: '/api/v1/ai-bases/:id/chat',
  seed: async (as, owner) => {
    await seedKnowledgeFile(as, owner);
    const path = `/api/v1/ai-bases/${await seedAiBase(as, owner)}/chat`;
    const own = await as(owner, path, { method: 'POST', body: chatBody });
    expect(own.text).toContain('Frete grátis');
    return path;
  },
  snapshot: async (as, owner, path) => {
    const [base, me] = await Promise.all([as(owner, `/api/v1/ai-bases/${path.split('/')[4]!}`), as(owner, '/api/v1/me')]);
    expect([base.status, me.status]).toEqual([200, 200]);
    return {
      base: base.body,
      queries: (me.body as { usage: { queriesThisMonth: number } }).usage.queriesThisMonth,
    };
  },
  body: chatBody,
};

// One WhatsApp number of A's, connected through the API with A's active AI base (written to the
// database: activating one through the API takes a processed knowledge file) against the loopback
// Cloud API. B is refused before the Cloud API is asked, and A's channel stays as it was.
let aliceChannel: Promise<string> | undefined;
let numberIndex = 8000;
/** A connect form for a new number of the fixture's, answered by the caller's active AI base. */
const connectFormFor = async (owner: TestUser, label: string) => {
  const records = await seedAnsweringRecords(owner.uid, label);
  const number = fixturePhoneNumber(++numberIndex, {
    phoneNumberId: newPhoneNumberId(),
  });
  cloudApi.addNumber(number);
  const { phoneNumberId, wabaId, accessToken, appSecret } = number;
  return {
    phoneNumberId,
    wabaId,
    accessToken,
    appSecret,
    aiBaseId: records.activeBaseId,
    inventoryId: records.inventoryId,
  };
};
const seedChannel = (as: As, owner: TestUser) =>
  (aliceChannel ??= connectFormFor(owner, 'tenant-a').then(async (form) => {
    const answer = await as(owner, '/api/v1/channels', {
      method: 'POST',
      body: form,
    });
    expect(answer.status).toBe(201);
    return (answer.body as ChannelWebhookSetup).channel.id;
  }));
/** A's template, submitted once to A's channel: B naming that channel gets 404 and A's templates stay as they were. */
const TENANT_TEMPLATE = readyMadeTemplate('order_confirmation').draft;
let aliceTemplate: Promise<string> | undefined;
const seedTemplate = (as: As, owner: TestUser) =>
  (aliceTemplate ??= seedChannel(as, owner).then(async (channelId) => {
    const answer = await as(owner, `/api/v1/channels/${channelId}/templates/${TENANT_TEMPLATE.name}`, {
      method: 'PUT',
      body: TENANT_TEMPLATE,
    });
    expect(answer.status).toBe(200);
    return channelId;
  }));
const templateRecord = (method: string, url: string, path: string, body?: unknown): TenancyCase => ({
  scope: 'record',
  method,
  url: `/api/v1/channels/:channelId${url}`,
  seed: async (as, owner) => `/api/v1/channels/${await seedTemplate(as, owner)}${path}`,
  snapshot: async (as, owner) => {
    const answer = await as(owner, '/api/v1/templates');
    expect(answer.status).toBe(200);
    return answer.body;
  },
  body,
});
const channelRecord = (method: string, suffix: string, body?: unknown): TenancyCase => ({
  scope: 'record',
  method,
  url: `/api/v1/channels/:id${suffix}`,
  seed: async (as, owner) => `/api/v1/channels/${await seedChannel(as, owner)}${suffix}`,
  // The channel with its conversations and updatedAt: any write of B's would show.
  snapshot: async (as, owner, path) => {
    const answer = await as(owner, `/api/v1/channels/${path.split('/')[4]!}`);
    expect(answer.status).toBe(200);
    return answer.body;
  },
  body,
});

// One contact of A's (a shopper's number, A's name for it, a consent): B's attempts must leave it,
// and its history, as they were.
const ALICE_CONTACT = { phone: '+5511987654321', name: 'Tenant contact of A', optIn: ['utility'] };
let aliceContact: Promise<string> | undefined;
const seedContact = (as: As, owner: TestUser) =>
  (aliceContact ??= as(owner, '/api/v1/contacts', { method: 'POST', body: ALICE_CONTACT }).then((answer) => {
    expect(answer.status).toBe(201);
    return (answer.body as { id: string }).id;
  }));
const contactRecord = (method: string, suffix: string, body?: unknown): TenancyCase => ({
  scope: 'record',
  method,
  url: `/api/v1/contacts/:id${suffix}`,
  seed: async (as, owner) => `/api/v1/contacts/${await seedContact(as, owner)}${suffix}`,
  snapshot: async (as, owner, path) => {
    const answer = await as(owner, `/api/v1/contacts/${path.split('/')[4]!}`);
    expect(answer.status).toBe(200);
    return answer.body;
  },
  body,
});
/** A contact of A's with a tag only A has: the tag is what must not be in B's lists. */
const ALICE_TAG = 'tenant-a-only';
let aliceTagged: Promise<string> | undefined;
const seedTag = (as: As, owner: TestUser) =>
  (aliceTagged ??= as(owner, '/api/v1/contacts', {
    method: 'POST',
    body: { phone: '+5511987650777', name: 'Tagged contact of A', tags: [ALICE_TAG] },
  }).then((answer) => {
    expect(answer.status).toBe(201);
    return ALICE_TAG;
  }));
let countedContacts = 0;
let aliceAudience: Promise<string> | undefined;
const seedAudience = (as: As, owner: TestUser) =>
  (aliceAudience ??= as(owner, '/api/v1/audiences', {
    method: 'POST',
    body: { name: "Alice's buyers", rules: { languages: ['pt'], orderedWithinDays: 60 } },
  }).then((answer) => {
    expect(answer.status).toBe(201);
    return (answer.body as { id: string }).id;
  }));
const audienceRecord = (method: string, body?: unknown): TenancyCase => ({
  scope: 'record',
  method,
  url: '/api/v1/audiences/:id',
  seed: async (as, owner) => `/api/v1/audiences/${await seedAudience(as, owner)}`,
  snapshot: async (as, owner, path) => {
    const answer = await as(owner, path);
    expect(answer.status).toBe(200);
    return answer.body;
  },
  body,
});
let aliceCampaign: Promise<string> | undefined;
const seedCampaign = (as: As, owner: TestUser) =>
  (aliceCampaign ??= as(owner, '/api/v1/campaigns', { method: 'POST', body: { name: "Alice's offers" } }).then((answer) => {
    expect(answer.status).toBe(201);
    return (answer.body as { id: string }).id;
  }));
const campaignRecord = (method: string, suffix: string, body?: unknown): TenancyCase => ({
  scope: 'record',
  method,
  url: `/api/v1/campaigns/:id${suffix}`,
  seed: async (as, owner) => `/api/v1/campaigns/${await seedCampaign(as, owner)}${suffix}`,
  snapshot: async (as, owner, path) => {
    const answer = await as(owner, `/api/v1/campaigns/${path.split('/')[4]!}`);
    expect(answer.status).toBe(200);
    return answer.body;
  },
  body,
});
/** A contact import of B's naming A's number, as multipart (or, told, another file of other rows). */
const importAs = async (caller: TestUser, file = { name: 'contatos.csv', rows: `${ALICE_CONTACT.phone};Imported by B` }) => {
  const form = new FormData();
  form.append('defaultCountry', 'BR');
  form.append('purposes', 'marketing');
  form.append('consentSource', 'Imported by B');
  form.append('consentedAt', '2026-01-01');
  form.append('file', new Blob([`Telefone;Nome\n${file.rows}\n`]), file.name);
  const response = await fetch(`${server.url}/api/v1/contacts/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${caller.idToken}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) as unknown, text };
};

// One contact import of A's (a list an audience may choose), made through the route as A.
let aliceImport: Promise<string> | undefined;
const seedImport = (_as: As, owner: TestUser) =>
  (aliceImport ??= importAs(owner, { name: 'Lista-de-A.csv', rows: '+5511987650888;Listed by A' }).then((answer) => {
    expect(answer.status).toBe(200);
    return (answer.body as { importId: string }).importId;
  }));

// A's website widget: its public id (read first), then switched on for A's number and one site of A's.
const ALICE_SITE = 'https://www.alice-shop.example';
const widgetSettings = (channelId: string | null, enabled: boolean) => ({
  ...defaultWidgetSettings(),
  enabled,
  channelId,
  allowedOrigins: enabled ? [ALICE_SITE] : [],
});
/** Settings whose first field is the daily cap (the own-setting row reads back its body's first value). */
const withDailyCapFirst = (dailyCap: number) => {
  const { dailyCap: _default, ...rest } = widgetSettings(null, false);
  return { dailyCap, ...rest };
};
let aliceWidget: Promise<string> | undefined;
const seedWidget = (as: As, owner: TestUser) =>
  (aliceWidget ??= as(owner, '/api/v1/widget').then((answer) => {
    expect(answer.status).toBe(200);
    return (answer.body as Widget).publicId;
  }));
const seedSiteWidget = async (as: As, owner: TestUser) => {
  const publicId = await seedWidget(as, owner);
  const saved = await as(owner, '/api/v1/widget', { method: 'PUT', body: widgetSettings(await seedChannel(as, owner), true) });
  expect(saved.status, saved.text).toBe(200);
  return { path: `/api/v1/widget-sites/${publicId}`, listed: ALICE_SITE };
};
/** What a browser's page sends the widget's chat: JSON, with a browser's user agent. */
const pageHeaders = { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0 Safari/537.36' };
const WIDGET_MESSAGE = { visitorId: 'tenancy-visitor-0001', text: 'Vocês trocam?' };
const seedSiteChat = async (as: As, owner: TestUser) => {
  const { path, listed } = await seedSiteWidget(as, owner);
  return { path: `${path}/messages`, listed };
};
const seedSiteHandoffs = async (as: As, owner: TestUser) => {
  const { path, listed } = await seedSiteWidget(as, owner);
  return { path: `${path}/handoffs`, listed };
};
const seedSiteEvents = async (as: As, owner: TestUser) => {
  const { path, listed } = await seedSiteWidget(as, owner);
  return { path: `${path}/events`, listed };
};
/** A's widget with its product finder over a configured inventory of A's: the finder's catalog. */
const seedSiteCatalog = async (as: As, owner: TestUser) => {
  const { path, listed } = await seedSiteWidget(as, owner);
  const { db } = await testDatabase();
  const [inventory] = await db
    .insert(inventories)
    .values({
      uid: owner.uid,
      name: 'Tenant catalog',
      publicId: randomUUID().replaceAll('-', ''),
      status: 'configured',
      savedSteps: 2,
      syncStatus: 'synced',
      lastSyncedAt: new Date(),
      store: { name: 'Loja', currency: 'BRL' },
    })
    .returning({ id: inventories.id });
  const body = { ...widgetSettings(await seedChannel(as, owner), true), inventoryId: inventory!.id, filterEnabled: true };
  const saved = await as(owner, '/api/v1/widget', { method: 'PUT', body });
  expect(saved.status, saved.text).toBe(200);
  return { path: `${path}/catalog`, listed };
};
/** A conversation on A's widget, from A's listed site: its id. */
let aliceConversation: Promise<string> | undefined;
const seedWidgetConversation = (as: As, owner: TestUser) =>
  (aliceConversation ??= seedSiteChat(as, owner).then(async ({ path, listed }) => {
    const answer = await call(`${server.url}${path}`, {
      method: 'POST',
      headers: { ...pageHeaders, origin: listed },
      body: JSON.stringify(WIDGET_MESSAGE),
    });
    expect(answer.status, answer.text).toBe(200);
    return (answer.body as { conversationId: string }).conversationId;
  }));

const tenancyTable: TenancyCase[] = [
  { scope: 'caller', method: 'GET', url: '/api/v1/me' },
  {
    scope: 'own-setting',
    method: 'PUT',
    url: '/api/v1/me/time-zone',
    body: { timeZone: 'Asia/Tokyo' },
    read: async (as, caller) => ((await as(caller, '/api/v1/me')).body as { timeZone: string | null }).timeZone,
  },
  {
    scope: 'public-write',
    method: 'POST',
    url: '/api/v1/contact-requests',
    body: leadRequest,
  },
  {
    scope: 'public-write',
    method: 'POST',
    url: '/api/v1/material-requests',
    body: leadRequest,
  },
  { scope: 'staff', method: 'GET', url: '/api/v1/admin/lead-requests' },
  {
    scope: 'staff',
    method: 'PUT',
    url: '/api/v1/admin/accounts/:uid/plan',
    path: (owner) => `/api/v1/admin/accounts/${owner.uid}/plan`,
    body: { plan: 'enterprise' },
  },
  { scope: 'list', method: 'GET', url: '/api/v1/ai-bases', seed: seedAiBase },
  {
    scope: 'create',
    method: 'POST',
    url: '/api/v1/ai-bases',
    body: { ...instructions, name: "Bob's base" },
    listOf: async (as, owner) => (await as(owner, '/api/v1/ai-bases')).text,
  },
  aiBaseRecord('GET', ''),
  aiBaseRecord('PUT', '/instructions', {
    ...instructions,
    name: 'Taken over',
    expectedVersion: 1,
  }),
  aiBaseRecord('PUT', '/knowledge', { expectedVersion: 1 }),
  aiBaseRecord('PUT', '/refinement', {
    blockedTerms: ['x'],
    creativity: 9,
    model: 'builtin-retrieval',
    expectedVersion: 1,
  }),
  aiBaseRecord('POST', '/revert', { expectedVersion: 2 }),
  aiBaseRecord('POST', '/activate'),
  aiBaseRecord('POST', '/deactivate'),
  aiBaseRecord('DELETE', ''),
  knowledgeRecord('POST', '/files', () => ''),
  knowledgeRecord('GET', '/files', () => ''),
  knowledgeRecord('GET', '/files/:fileId', (fileId) => `/files/${fileId}`),
  knowledgeRecord('DELETE', '/files/:fileId', (fileId) => `/files/${fileId}`),
  knowledgeRecord('PUT', '/files/:fileId/columns', (fileId) => `/files/${fileId}/columns`, {
    columns: [{ sheet: null, index: 0, role: 'private' }],
  }),
  knowledgeRecord('GET', '/passages', () => '/passages?q=frete'),
  {
    scope: 'public-read',
    method: 'GET',
    url: '/api/v1/knowledge-template.xlsx',
  },
  {
    scope: 'storefront',
    method: 'POST',
    url: '/api/v1/storefront/:publicId/whatsapp-orders',
    crossed: async (mine, theirs) => ({
      expected: 422,
      answer: await storefrontOrder(mine.publicId, theirs.catalogId),
    }),
  },
  {
    scope: 'storefront',
    method: 'GET',
    url: '/api/v1/storefront/:publicId/cart',
    crossed: async (mine, theirs) => {
      const theirCart = await storefrontOrder(theirs.publicId, theirs.catalogId);
      expect(theirCart.status).toBe(201);
      return {
        expected: 404,
        answer: await call(`${server.url}/api/v1/storefront/${mine.publicId}/cart?cart=${(theirCart.body as { cartId: string }).cartId}`),
      };
    },
  },
  {
    scope: 'storefront',
    method: 'GET',
    url: '/api/v1/storefront/:publicId/catalog',
    // Public by design: A's catalog, with nothing private of A's (or B's) in it.
    crossed: async (mine) => ({
      expected: 200,
      answer: await call(`${server.url}/api/v1/storefront/${mine.publicId}/catalog`),
    }),
  },
  {
    scope: 'storefront',
    method: 'POST',
    url: '/api/v1/storefront/:publicId/checkout',
    crossed: async (mine, theirs) => {
      const theirCart = await storefrontOrder(theirs.publicId, theirs.catalogId);
      const cartId = (theirCart.body as { cartId: string }).cartId;
      return {
        expected: 404,
        answer: await storefrontPost(mine.publicId, 'checkout', {
          cartId,
          source: 'items_link',
          visitorId: 'tenant-visitor',
          locale: 'en',
        }),
      };
    },
  },
  {
    scope: 'storefront',
    method: 'POST',
    url: '/api/v1/storefront/:publicId/events',
    // Another inventory's cart id is accepted and not kept on this inventory's event (storefront.test.ts reads the events).
    crossed: async (mine, theirs) => {
      const theirCart = await storefrontOrder(theirs.publicId, theirs.catalogId);
      const cartId = (theirCart.body as { cartId: string }).cartId;
      return {
        expected: 202,
        answer: await storefrontPost(mine.publicId, 'events', {
          kind: 'cart_view',
          cartId,
          visitorId: 'tenant-visitor',
          locale: 'en',
        }),
      };
    },
  },
  chatRecord,
  { scope: 'same-for-all', method: 'GET', url: '/api/v1/ai-models' },
  {
    scope: 'list',
    method: 'GET',
    url: '/api/v1/inventories',
    seed: seedInventory,
  },
  {
    scope: 'create',
    method: 'POST',
    url: '/api/v1/inventories',
    body: { name: "Bob's inventory" },
    listOf: async (as, owner) => (await as(owner, '/api/v1/inventories')).text,
  },
  inventoryRecord('GET', ''),
  inventoryRecord('POST', '/store-check', {
    shopifyToken: integration.shopifyToken,
    shopifyUrl: integration.shopifyUrl,
  }),
  inventoryRecord('PUT', '/integration', integration),
  inventoryRecord('POST', '/catalog-check', { catalogId: '1234567890123456' }),
  inventoryRecord('PUT', '/catalog', {
    catalogId: '1234567890123456',
    expectedVersion: 1,
  }),
  inventoryRecord('POST', '/sync'),
  inventoryRecord('GET', '/products'),
  inventoryRecord('GET', '/runs'),
  ...(['GET', 'PUT'] as const).map((method): TenancyCase => ({
    scope: 'record',
    method,
    url: '/api/v1/inventories/:id/notices',
    seed: async (as, owner) => `/api/v1/inventories/${await seedInventory(as, owner)}/notices`,
    snapshot: async (as, owner, path) => {
      const answer = await as(owner, path);
      expect(answer.status).toBe(200);
      return answer.body;
    },
    body:
      method === 'PUT'
        ? {
            channelId: null,
            notices: {
              order_confirmation: { enabled: false, templateName: 'taken_over', variables: {} },
              shipping_update: { enabled: false, templateName: null, variables: {} },
            },
          }
        : undefined,
  })),
  ...(['GET', 'PUT'] as const).map((method): TenancyCase => ({
    scope: 'record',
    method,
    url: '/api/v1/inventories/:id/recovery-flow',
    seed: async (as, owner) => `/api/v1/inventories/${await seedInventory(as, owner)}/recovery-flow`,
    snapshot: async (as, owner, path) => {
      const answer = await as(owner, path);
      expect(answer.status).toBe(200);
      return answer.body;
    },
    body: method === 'PUT' ? { ...defaultRecoveryFlow(), minimumCartMinor: 99_999 } : undefined,
  })),
  {
    // B's test of A's flow sends nothing and makes no contact of A's.
    scope: 'record',
    method: 'POST',
    url: '/api/v1/inventories/:id/recovery-flow/test',
    seed: async (as, owner) => `/api/v1/inventories/${await seedInventory(as, owner)}/recovery-flow/test`,
    snapshot: async (as, owner, path) => {
      const flow = await as(owner, path.replace(/\/test$/, ''));
      expect(flow.status).toBe(200);
      return { flow: flow.body, contacts: (await as(owner, '/api/v1/contacts?q=987654329')).body };
    },
    body: { phone: '+5511987654329', consent: true },
  },
  inventoryRecord('DELETE', '/shopify-api-secret'),
  inventoryRecord('DELETE', ''),
  { scope: 'list', method: 'GET', url: '/api/v1/channels', seed: seedChannel },
  {
    scope: 'create',
    method: 'POST',
    url: '/api/v1/channels',
    body: null,
    bodyFor: (caller) => connectFormFor(caller, 'tenant-b'),
    idOf: (answer) => (answer as ChannelWebhookSetup).channel.id,
    listOf: async (as, owner) => (await as(owner, '/api/v1/channels')).text,
  },
  channelRecord('GET', ''),
  channelRecord('POST', '/pause'),
  channelRecord('POST', '/resume'),
  channelRecord('PUT', '/answering', {
    aiBaseId: '0e6f1f3c-94b5-4bd6-8d53-3f3f1bb2a2c1',
    inventoryId: null,
  }),
  channelRecord('PUT', '/retention', { retentionDays: 30 }),
  channelRecord('PUT', '/token', { accessToken: `EAAG${'x'.repeat(60)}` }),
  channelRecord('POST', '/verify-token'),
  channelRecord('DELETE', ''),
  { scope: 'list', method: 'GET', url: '/api/v1/templates', seed: seedTemplate },
  templateRecord('POST', '/templates/refresh', '/templates/refresh'),
  templateRecord('GET', '/templates/:name', `/templates/${TENANT_TEMPLATE.name}`),
  templateRecord('PUT', '/templates/:name', `/templates/${TENANT_TEMPLATE.name}`, TENANT_TEMPLATE),
  ...['/api/v1/dashboard', '/api/v1/dashboard.csv'].map((url): TenancyCase => ({
    scope: 'filtered',
    method: 'GET',
    url,
    seed: async (as, owner) => `${url}?from=2026-01-01&to=2026-01-31&tz=UTC&inventory=${await seedInventory(as, owner)}`,
    unfiltered: `${url}?from=2026-01-01&to=2026-01-31&tz=UTC`,
  })),
  ...['/api/v1/checkouts', '/api/v1/checkouts/export.csv'].map((url): TenancyCase => ({
    scope: 'filtered',
    method: 'GET',
    url,
    seed: async (as, owner) => `${url}?from=2026-01-01&to=2026-01-31&inventory=${await seedInventory(as, owner)}`,
    unfiltered: `${url}?from=2026-01-01&to=2026-01-31`,
  })),
  {
    scope: 'record',
    method: 'GET',
    url: '/api/v1/checkouts/:id',
    seed: async (as, owner) => `/api/v1/checkouts/${await seedCheckout(as, owner)}`,
    snapshot: async (as, owner, path) => {
      const answer = await as(owner, path);
      expect(answer.status).toBe(200);
      return answer.body;
    },
  },
  { scope: 'list', method: 'GET', url: '/api/v1/contacts', seed: seedContact },
  {
    scope: 'list',
    method: 'GET',
    url: '/api/v1/contacts/export.csv',
    // The file names no ids: A's name for the contact is what must not be in B's.
    seed: async (as, owner) => (await seedContact(as, owner), ALICE_CONTACT.name),
  },
  {
    scope: 'create',
    method: 'POST',
    url: '/api/v1/contacts',
    body: { phone: '+5511912345678', name: "Bob's contact" },
    listOf: async (as, owner) => (await as(owner, '/api/v1/contacts')).text,
  },
  {
    scope: 'upload',
    method: 'POST',
    url: '/api/v1/contacts/import',
    ownerView: async (as, owner) => {
      const id = await seedContact(as, owner);
      const [contact, all] = await Promise.all([as(owner, `/api/v1/contacts/${id}`), as(owner, '/api/v1/contacts')]);
      expect([contact.status, all.status]).toEqual([200, 200]);
      return { contact: contact.body, all: all.body };
    },
    upload: (caller) => importAs(caller),
    callerView: async (as, caller) => (await as(caller, '/api/v1/contacts')).text,
    marker: 'Imported by B',
  },
  { scope: 'list', method: 'GET', url: '/api/v1/contacts/tags', seed: seedTag },
  { scope: 'list', method: 'GET', url: '/api/v1/contacts/imports', seed: seedImport },
  {
    scope: 'record',
    method: 'GET',
    url: '/api/v1/contacts/imports/:id',
    seed: async (as, owner) => `/api/v1/contacts/imports/${await seedImport(as, owner)}`,
    snapshot: async (as, owner, path) => {
      const answer = await as(owner, path);
      expect(answer.status).toBe(200);
      return answer.body;
    },
  },
  contactRecord('GET', ''),
  contactRecord('PATCH', '', { name: 'Taken over', language: 'es', tags: ['taken over'] }),
  contactRecord('POST', '/consent', { action: 'opt_out', purpose: 'all', note: 'Taken over' }),
  { scope: 'list', method: 'GET', url: '/api/v1/audiences', seed: seedAudience },
  {
    scope: 'create',
    method: 'POST',
    url: '/api/v1/audiences',
    body: { name: "Bob's audience", rules: {} },
    listOf: async (as, owner) => (await as(owner, '/api/v1/audiences')).text,
  },
  {
    scope: 'counted',
    method: 'POST',
    url: '/api/v1/audiences/count',
    body: { rules: { countries: ['BR'] } },
    count: (answer) => (answer as { matched: number }).matched,
    seed: async (as, owner) => {
      const answer = await as(owner, '/api/v1/contacts', {
        method: 'POST',
        body: { phone: `+55119555${String(++countedContacts).padStart(5, '0')}`, optIn: ['marketing'] },
      });
      expect(answer.status).toBe(201);
    },
  },
  audienceRecord('GET'),
  audienceRecord('PUT', { name: 'Taken over', rules: {} }),
  audienceRecord('DELETE'),
  { scope: 'list', method: 'GET', url: '/api/v1/campaigns', seed: seedCampaign },
  {
    scope: 'create',
    method: 'POST',
    url: '/api/v1/campaigns',
    body: { name: "Bob's campaign" },
    listOf: async (as, owner) => (await as(owner, '/api/v1/campaigns')).text,
  },
  campaignRecord('GET', ''),
  campaignRecord('PUT', '', { name: 'Taken over' }),
  campaignRecord('DELETE', ''),
  campaignRecord('GET', '/review'),
  campaignRecord('POST', '/plan'),
  campaignRecord('POST', '/pause'),
  campaignRecord('POST', '/resume'),
  campaignRecord('POST', '/cancel'),
  campaignRecord('GET', '/results'),
  campaignRecord('GET', '/sends.csv'),
  // A's number answering with A's AI base: A's personal shopper lists it, B's answer does not.
  { scope: 'list', method: 'GET', url: '/api/v1/solutions', seed: seedChannel },
  { scope: 'list', method: 'GET', url: '/api/v1/widget', seed: seedWidget },
  {
    scope: 'own-setting',
    method: 'PUT',
    url: '/api/v1/widget',
    body: withDailyCapFirst(77),
    read: async (as, caller) => ((await as(caller, '/api/v1/widget')).body as Widget).dailyCap,
  },
  { scope: 'site', method: 'GET', url: '/api/v1/widget-sites/:publicId', seed: seedSiteWidget },
  {
    scope: 'checked',
    method: 'POST',
    url: '/api/v1/widget/site-check',
    seed: async (as, owner) => `${(await seedSiteWidget(as, owner)).listed}/`,
  },
  { scope: 'site', method: 'OPTIONS', url: '/api/v1/widget-sites/:publicId/messages', seed: seedSiteChat, status: 204 },
  { scope: 'site', method: 'POST', url: '/api/v1/widget-sites/:publicId/messages', seed: seedSiteChat, body: WIDGET_MESSAGE },
  { scope: 'site', method: 'OPTIONS', url: '/api/v1/widget-sites/:publicId/handoffs', seed: seedSiteHandoffs, status: 204 },
  {
    scope: 'site',
    method: 'POST',
    url: '/api/v1/widget-sites/:publicId/handoffs',
    seed: seedSiteHandoffs,
    body: { visitorId: WIDGET_MESSAGE.visitorId },
  },
  { scope: 'site', method: 'GET', url: '/api/v1/widget-sites/:publicId/catalog', seed: seedSiteCatalog },
  { scope: 'site', method: 'OPTIONS', url: '/api/v1/widget-sites/:publicId/events', seed: seedSiteEvents, status: 204 },
  {
    scope: 'site',
    method: 'POST',
    url: '/api/v1/widget-sites/:publicId/events',
    seed: seedSiteEvents,
    body: { kind: 'view' },
    status: 204,
  },
  { scope: 'list', method: 'GET', url: '/api/v1/widget/conversations', seed: seedWidgetConversation },
];

let server: TestServer;
let cloudApi: WhatsAppCloudApiServer;
const uploads = scratchDataDir('tenancy');
let alice: TestUser;
let bob: TestUser;
const as: As = (user, path, init = {}) =>
  call(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    token: user.idToken,
    ...(init.body === undefined
      ? {}
      : {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(init.body),
        }),
  });

beforeAll(async () => {
  // No review on a timer: A's template stays as submitted while B's calls are compared before and after.
  cloudApi = await startWhatsAppCloudApiServer({ autoReview: false });
  server = await startTestServer({
    env: { DATA_DIR: uploads.dir, WHATSAPP_GRAPH_URL: cloudApi.graphUrl },
    workers: true,
  });
  [alice, bob] = await Promise.all([createUser('tenant-a'), createUser('tenant-b')]);
});
afterAll(async () => {
  await server.close();
  await cloudApi?.close();
  uploads.remove();
});

test('every /api/v1 route has a row in the tenancy table, and every row a route', () => {
  const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
  const routes = server.app.registeredRoutes.filter((route) => route.url.startsWith('/api/v1/')).map(key);
  const rows = tenancyTable.map(key);
  expect(
    routes.filter((route) => !rows.includes(route)),
    'routes without a tenancy case',
  ).toEqual([]);
  expect(
    rows.filter((row) => !routes.includes(row)),
    'tenancy cases without a route',
  ).toEqual([]);
});

const storefrontPost = (publicId: string, path: string, body: unknown) =>
  call(`${server.url}/api/v1/storefront/${publicId}/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/124.0 Mobile Safari/537.36',
    },
    body: JSON.stringify(body),
  });
const storefrontOrder = (publicId: string, catalogId: string) =>
  storefrontPost(publicId, 'whatsapp-orders', {
    catalog_id: catalogId,
    product_items: [{ product_retailer_id: 'CAM-P', quantity: 1 }],
  });

describe.each(tenancyTable)('$method $url', (row) => {
  if (row.scope === 'caller') {
    test("B's answer is about B and holds nothing of A's", async () => {
      const forA = await as(alice, row.url, { method: row.method });
      const forB = await as(bob, row.url, { method: row.method });
      expect(forA.status).toBe(200);
      expect(forB.status).toBe(200);
      expect(forA.text).toContain(alice.uid);
      expect(forB.text).toContain(bob.uid);
      expect(forB.text).not.toContain(alice.uid);
      expect(forB.text).not.toContain(alice.email);
    });
  } else if (row.scope === 'counted') {
    test("a record A adds counts in A's answer, never in B's", async () => {
      const ask = (user: TestUser) => as(user, row.url, { method: row.method, body: row.body });
      const [aBefore, bBefore] = [await ask(alice), await ask(bob)];
      expect([aBefore.status, bBefore.status]).toEqual([200, 200]);
      await row.seed(as, alice);
      const [aAfter, bAfter] = [await ask(alice), await ask(bob)];
      expect(row.count(aAfter.body)).toBe(row.count(aBefore.body) + 1);
      expect(bAfter.body).toEqual(bBefore.body);
    });
  } else if (row.scope === 'own-setting') {
    test("A's change is A's: B's setting stays as it was", async () => {
      const bobBefore = await row.read(as, bob);
      const answer = await as(alice, row.url, {
        method: row.method,
        body: row.body,
      });
      expect(answer.status, answer.text).toBe(200);
      expect(await row.read(as, alice)).toEqual(Object.values(row.body as object)[0]);
      expect(await row.read(as, bob)).toEqual(bobBefore);
    });
  } else if (row.scope === 'filtered') {
    test("A's record filters A's figures; B naming it gets a 404, and B's figures hold nothing of A's", async () => {
      const path = await row.seed(as, alice);
      const id = new URL(path, server.url).searchParams.get('inventory')!;
      expect((await as(alice, path, { method: row.method })).status).toBe(200);
      const crossed = await as(bob, path, { method: row.method });
      expect(crossed.status).toBe(404);
      expect(crossed.text).not.toContain(id);
      const own = await as(bob, row.unfiltered, { method: row.method });
      expect(own.status).toBe(200);
      expect(own.text).not.toContain(id);
      expect(own.text).not.toContain(alice.uid);
    });
  } else if (row.scope === 'public-write') {
    test("A's request is taken; B's answer is the same and holds nothing of A's", async () => {
      const forA = await as(alice, row.url, {
        method: row.method,
        body: row.body(alice),
      });
      const forB = await as(bob, row.url, {
        method: row.method,
        body: row.body(bob),
      });
      expect(forA.status).toBe(202);
      expect(forB.text).toBe(forA.text);
      expect(forB.text).not.toContain(alice.email);
    });
  } else if (row.scope === 'list') {
    test("B's list holds nothing of A's", async () => {
      const id = await row.seed(as, alice);
      const forA = await as(alice, row.url, { method: row.method });
      const forB = await as(bob, row.url, { method: row.method });
      expect(forA.status).toBe(200);
      expect(forB.status).toBe(200);
      expect(forA.text).toContain(id);
      expect(forB.text).not.toContain(id);
    });
  } else if (row.scope === 'create') {
    test("what B creates is B's: it never shows among A's records", async () => {
      const before = await row.listOf(as, alice);
      const answer = await as(bob, row.url, {
        method: row.method,
        body: row.bodyFor ? await row.bodyFor(bob) : row.body,
      });
      expect(answer.status).toBe(201);
      const id = row.idOf ? row.idOf(answer.body) : (answer.body as { id: string }).id;
      expect(await row.listOf(as, bob)).toContain(id);
      expect(await row.listOf(as, alice)).toBe(before);
    });
  } else if (row.scope === 'upload') {
    test("what B uploads writes B's records only, even where it names A's; A's stay as they were", async () => {
      const before = await row.ownerView(as, alice);
      const answer = await row.upload(bob);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.text).not.toContain(alice.uid);
      expect(await row.callerView(as, bob)).toContain(row.marker);
      expect(await row.ownerView(as, alice)).toEqual(before);
    });
  } else if (row.scope === 'storefront') {
    test("A's inventory's public id refuses B's records, and no answer holds anything private of A's or B's", async () => {
      const [mine, theirs] = await Promise.all([seedStorefrontInventory('tenant-a'), seedStorefrontInventory('tenant-b')]);
      const { expected, answer } = await row.crossed(mine, theirs);
      expect(answer.status).toBe(expected);
      for (const inventory of [mine, theirs])
        for (const secret of [inventory.uid, inventory.id, inventory.adminUrl, inventory.tokenSealed])
          expect(answer.text).not.toContain(secret);
    });
  } else if (row.scope === 'site') {
    test("a site A listed reads A's record with nothing private; any other site is refused and reads nothing", async () => {
      const { path, listed } = await row.seed(as, alice);
      const sent = row.body === undefined ? {} : { body: JSON.stringify(row.body) };
      const headers = row.body === undefined ? {} : pageHeaders;
      const fromListed = await call(`${server.url}${path}`, { method: row.method, headers: { ...headers, origin: listed }, ...sent });
      expect(fromListed.status, fromListed.text).toBe(row.status ?? 200);
      expect(fromListed.headers.get('access-control-allow-origin')).toBe(listed);
      for (const secret of [alice.uid, alice.email, alice.idToken]) expect(fromListed.text).not.toContain(secret);
      for (const origin of ['https://www.bob-shop.example', null]) {
        const refused = await call(`${server.url}${path}`, {
          method: row.method,
          headers: { ...headers, ...(origin ? { origin } : {}) },
          ...sent,
        });
        expect(refused.status).toBe(403);
        expect(refused.headers.get('access-control-allow-origin')).toBeNull();
        expect(refused.text).not.toContain(alice.uid);
      }
      // B signed in changes nothing: the route answers sites, not accounts.
      const asBob = await as(bob, path, { method: row.method, ...(row.body === undefined ? {} : { body: row.body }) });
      expect(asBob.status).toBe(403);
    });
  } else if (row.scope === 'checked') {
    test("A checks a page of A's site; B naming it is refused at the address and reads nothing of A's", async () => {
      const url = await row.seed(as, alice);
      const forA = await as(alice, row.url, { method: row.method, body: { url } });
      expect(forA.status, forA.text).toBe(200);
      const forB = await as(bob, row.url, { method: row.method, body: { url } });
      expect(forB.status, forB.text).toBe(422);
      expect((forB.body as { error: { fields?: Record<string, string> } }).error.fields).toEqual({ url: 'widget_site_check.not_listed' });
      for (const secret of [alice.uid, alice.email]) expect(forB.text).not.toContain(secret);
    });
  } else if (row.scope === 'public-read') {
    test("A, B and no one at all get the same answer, with nothing of A's", async () => {
      await seedAiBase(as, alice);
      const forA = await as(alice, row.url, { method: row.method });
      const forB = await as(bob, row.url, { method: row.method });
      const anonymous = await call(`${server.url}${row.url}`, {
        method: row.method,
      });
      expect(forA.status).toBe(200);
      expect(forB.text).toBe(forA.text);
      expect(anonymous.text).toBe(forA.text);
      expect(forB.text).not.toContain(alice.uid);
      expect(forB.text).not.toContain(alice.email);
    });
  } else if (row.scope === 'same-for-all') {
    test("A and B get the same answer, with nothing of A's; no token gets a 401", async () => {
      await seedAiBase(as, alice);
      const forA = await as(alice, row.url, { method: row.method });
      const forB = await as(bob, row.url, { method: row.method });
      expect(forA.status).toBe(200);
      expect(forB.text).toBe(forA.text);
      expect(forB.text).not.toContain(alice.uid);
      expect((await call(`${server.url}${row.url}`, { method: row.method })).status).toBe(401);
    });
  } else if (row.scope === 'staff') {
    test('a merchant gets 403 and nothing of any account, and changes nothing', async () => {
      await as(alice, '/api/v1/contact-requests', {
        method: 'POST',
        body: leadRequest(alice),
      });
      const before = (await as(alice, '/api/v1/me')).body;
      const forB = await as(bob, row.path?.(alice) ?? row.url, {
        method: row.method,
        body: row.body,
      });
      expect(forB.status).toBe(403);
      expect(forB.text).not.toContain(alice.email);
      expect((await as(alice, '/api/v1/me')).body).toEqual(before);
    });
  } else {
    test("B cannot reach A's record: 404, and A's record is unchanged", async () => {
      const path = await row.seed(as, alice);
      const before = await row.snapshot(as, alice, path);
      const answer = await as(bob, path, {
        method: row.method,
        body: row.body,
      });
      expect(answer.status).toBe(404);
      expect(answer.text).not.toContain(alice.uid);
      expect(await row.snapshot(as, alice, path)).toEqual(before);
    });
  }
});
