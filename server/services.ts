// The composition root: the stores, clients, queues and keys one server process builds once, from
// its database and parsed configuration (./config.ts), for the HTTP app (./app.ts) and its background
// workers (./workers.ts) to share. One channel store and one webhook intake for both: a worker
// marking a channel empties the webhook's cache of it.
import { recordCheckout, wakeRecoveriesOfShoppers, type RecordedCheckout } from './checkouts/checkout-intake';
import { ownCarts, type OwnCarts } from './checkouts/own-carts';
import { checkoutListStore, type CheckoutListStore } from './checkouts/checkout-list-store';
import { recoveryFlowStore, type RecoveryFlowStore } from './checkouts/recovery-flow-store';
import { recoveryTestSends, type RecoveryTestSends } from './checkouts/recovery-test-send';
import { RECOVERY_PURPOSE, reminderEndedSql } from './checkouts/reminder-sends';
import type { CheckoutDraft } from './checkouts/shopify-checkouts';
import type { FastifyBaseLogger } from 'fastify';
import type { ConvertedValue } from '../domain/inventory';
import type { SyncTrigger } from '../domain/inventory-sync';
import { accountStore, type AccountStore } from './accounts/account-store';
import { aiBaseStore, type AiBaseStore } from './ai-bases/ai-base-store';
import { modelCatalog, type ModelCatalog } from './answering/model-catalog';
import { conversationsPage, type ConversationsPage } from './channels/channel-conversations';
import { cloudApiClient } from './channels/cloud-api-client';
import { contactStore, type ContactStore } from './contacts/contact-store';
import { audienceStore, type AudienceStore } from './audiences/audience-store';
import { campaignEndedSql, campaignHeldSql } from './campaigns/campaign-queries';
import { campaignResults, type CampaignResultsReader } from './campaigns/campaign-results';
import { campaignStore, type CampaignStore } from './campaigns/campaign-store';
import { CAMPAIGN_PURPOSE } from '@/domain/campaign';
import type { Config } from './config';
import { dashboardStore, type DashboardStore } from './dashboard/dashboard-store';
import { changeTimeZone } from './dashboard/time-zone-change';
import type { Db } from './db/database';
import { convertedValue } from './storefront/converted-value';
import { inventoryStore, type InventoryStore } from './inventories/inventory-store';
import { enqueueSync } from './inventories/inventory-sync';
import { lastRuns, productsPage } from './inventories/sync-report-reads';
import { knowledgeStore, type KnowledgeStore } from './knowledge/knowledge-store';
import { s3ObjectStore, type ObjectStore } from './files/object-store';
import { sharedRateLimitStore } from './limits/shared-rate-limit';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { leadRequestStore, type LeadRequestStore } from './leads/lead-request-store';
import { channelStore, type ChannelStore } from './channels/channel-store';
import { webhookIntake, type WebhookIntake } from './channels/webhook-intake';
import { secretBox, secretsKeyFrom, type SecretBox } from './secrets/secret-box';
import { eventRecorder, type EventRecorder } from './storefront/event-recorder';
import { storefrontStore, type StorefrontStore } from './storefront/storefront-store';
import { templateStore, type TemplateStore } from './templates/template-store';
import { templateSender, type TemplateSender } from './messaging/template-sender';
import { noticeStore, type NoticeStore } from './notices/notice-store';
import { orderEventIntake, type OrderEventIntake } from './order-events/order-event-intake';
import type { WebhookDelivery } from './order-events/webhook-deliveries';
import { publicSiteOrigin } from './order-events/order-webhook-address';
import { ensureOrderWebhooks, type OrderWebhooksOutcome } from './order-events/order-webhook-subscriptions';
import { solutionsReader, type SolutionsReader } from './solutions/solutions-reader';
import { widgetChat, type WidgetChat } from './widgets/widget-chat';
import { widgetEventRecorder, type WidgetEventRecorder } from './widgets/widget-event-recorder';
import { widgetHandoffs, type WidgetHandoffs } from './widgets/widget-handoffs';
import { widgetStore, type WidgetStore } from './widgets/widget-store';

/** An inventory's sync queue and reports, beside its store: what the inventory routes read and queue. */
export type InventorySyncs = {
  /** Queues a sync unless one is queued or running; true when this call queued it. */
  enqueue: (inventoryId: string, trigger: SyncTrigger) => Promise<boolean>;
  lastRuns: (inventoryId: string, limit?: number) => ReturnType<typeof lastRuns>;
  productsPage: (inventoryId: string, query: { page: number; pageSize: number; q: string }) => ReturnType<typeof productsPage>;
  convertedValue: (inventoryId: string) => Promise<ConvertedValue>;
};

export type Services = {
  /** Seals merchants' tokens at rest (SECRETS_KEY, else the key file in DATA_DIR). */
  secrets: SecretBox;
  /** The key file written at this start, when SECRETS_KEY was unset and there was none (the app warns). */
  generatedSecretsKeyFile: string | null;
  accounts: AccountStore;
  /** Changes an account's time zone, moving its dashboard's days with it. */
  changeTimeZone: (uid: string, zone: string) => Promise<void>;
  aiBases: AiBaseStore;
  /** Knowledge files and their passages: the upload routes, the chat and the knowledge and WhatsApp workers. */
  knowledge: KnowledgeStore;
  /** The bucket of merchants' uploaded files, shared by every process (OBJECT_STORE_*). */
  files: ObjectStore;
  /** A request limit's counts in the database, shared by every web process (@fastify/rate-limit's `store`). */
  sharedLimits: (scope: string) => FastifyRateLimitStoreCtor;
  /** The chat's models: the built-in answerer and the LLM endpoint's (LLM_BASE_URL), its list cached. */
  models: ModelCatalog;
  leads: LeadRequestStore;
  /** Merchants' stores and catalogs (their tokens sealed with `secrets`). */
  inventories: InventoryStore;
  inventorySyncs: InventorySyncs;
  /** A channel's conversations, a page at a time. */
  conversations: { page: (channelId: string, cursor: string | undefined) => Promise<ConversationsPage> };
  dashboard: DashboardStore;
  /** Makes the recorder of shoppers' events, batched: the app makes one with its log and closes it with itself. */
  eventRecorder: (log: FastifyBaseLogger) => EventRecorder;
  /** Makes the recorder of what the website widget's pages report, batched as the shoppers' events are. */
  widgetEventRecorder: (log: FastifyBaseLogger) => WidgetEventRecorder;
  /** Connected WhatsApp numbers: the channel routes and the WhatsApp worker. */
  channels: ChannelStore;
  /** What the WhatsApp webhook reads and records; the channel store's changes empty its cache of a channel. */
  webhookIntake: WebhookIntake;
  /** The shopper's side: the public API and the shopper's pages share its catalog cache. */
  storefront: StorefrontStore;
  /** Shoppers by number and their consent: the contact routes, the WhatsApp worker's opt-outs and opt-ins, the sender. */
  contacts: ContactStore;
  /** Each number's WhatsApp message templates: the template routes, the webhook's template updates, the sender. */
  templates: TemplateStore;
  /** The one way a template is sent first: notices, recovery, campaigns (server/messaging/). */
  templateSender: TemplateSender;
  /** Each inventory's post-sale notice settings (server/notices/). */
  notices: NoticeStore;
  /**
   * Stores' order events: the Shopify webhook's intake, the subscription of an inventory's store to its
   * order webhooks (after step 1 is saved), and the public origin they reach (SITE_URL; null: none, orders are polled).
   */
  orderEvents: { intake: OrderEventIntake; subscribe: (inventoryId: string) => Promise<OrderWebhooksOutcome>; publicOrigin: string | null };
  /** Each inventory's checkout-recovery flow (server/checkouts/). */
  recoveryFlows: RecoveryFlowStore;
  /** 'Send me a test': reminder 1 of an inventory's saved flow to the merchant's own number, through the sender. */
  recoveryTests: RecoveryTestSends;
  /** The Checkouts screen's figures and list. */
  checkoutList: CheckoutListStore;
  /** Stores' checkouts, as their webhooks describe them: what checkout recovery reads (server/checkouts/). */
  checkouts: {
    record: (inventoryId: string, checkout: CheckoutDraft, delivery: WebhookDelivery) => Promise<RecordedCheckout>;
    /** Shoppers wrote to a number of their account: their checkouts' recovery runs now (its stop rules). */
    shoppersWrote: (shoppers: readonly { uid: string; phone: string }[]) => Promise<number>;
  };
  /** Catalyst's own carts as abandoned checkouts: the cart page's checkout and the WhatsApp answerer's cart links. */
  ownCarts: OwnCarts;
  /** Saved audiences and the live count of any rules over the account's contacts (server/audiences/). */
  audiences: AudienceStore;
  /** Campaigns: drafts, review, planning into the sender, pause, resume, cancel (server/campaigns/). */
  campaigns: CampaignStore;
  /** A campaign's results beside the previous one's. */
  campaignResults: CampaignResultsReader;
  /** The Solutions screen: each solution set up or not, with its last 30 days' figure (server/solutions/). */
  solutions: SolutionsReader;
  /** The website widget's settings and what its script reads on a site (server/widgets/). */
  widgets: WidgetStore;
  /** The widget's chat: answers through the WhatsApp pipeline, the daily cap, its conversations (server/widgets/widget-chat.ts). */
  widgetChat: WidgetChat;
  /** The widget's handoffs to WhatsApp: the codes pages are handed, picked up by the WhatsApp worker (server/widgets/widget-handoffs.ts). */
  widgetHandoffs: WidgetHandoffs;
};

export type ServiceOptions = {
  /** How long the webhook remembers a channel (tests lengthen it to show that a change reaches it at once). */
  webhookTtlMs?: number;
};

export function buildServices(db: Db, config: Config, { webhookTtlMs }: ServiceOptions = {}): Services {
  const secretsKey = secretsKeyFrom(config.secretsKey, config.dataDir);
  const secrets = secretBox(secretsKey.key);
  const intake = webhookIntake(db, secrets, webhookTtlMs === undefined ? {} : { ttlMs: webhookTtlMs });
  const channels = channelStore(db, secrets, { onChannelChanged: intake.forget });
  const contacts = contactStore(db);
  const publicOrigin = publicSiteOrigin(config.siteUrl);
  const inventories = inventoryStore(db, secrets, { publicOrigin, orderPollSeconds: config.workers.orderPollMs / 1000 });
  const audiences = audienceStore(db);
  // The campaign store holds the sender and the sender asks it about a campaign's template: bound once both exist.
  let campaigns: CampaignStore | null = null;
  const sender = templateSender(db, {
    channels,
    contacts,
    cloudApi: cloudApiClient(config.whatsapp),
    sendingGraceMs: config.workers.templateSendingGraceMs,
    // A cart reminder whose order came in while it waited never goes; nor a cancelled campaign's message.
    endedSql: { [RECOVERY_PURPOSE]: reminderEndedSql, [CAMPAIGN_PURPOSE]: campaignEndedSql },
    // A paused campaign's messages wait; one whose template Meta stopped pauses.
    heldSql: { [CAMPAIGN_PURPOSE]: campaignHeldSql },
    holdOnTemplate: { [CAMPAIGN_PURPOSE]: (send) => campaigns!.holdForTemplate(send) },
  });
  campaigns = campaignStore(db, { audiences, channels, sender });
  const recoveryFlows = recoveryFlowStore(db, { channels });
  const storefront = storefrontStore(db);
  const aiBases = aiBaseStore(db);
  const dashboard = dashboardStore(db);
  const widgets = widgetStore(db, { channels, chatLink: config.whatsappChatLink });
  const handoffs = widgetHandoffs({ db });
  const notices = noticeStore(db, { channels });
  const knowledge = knowledgeStore(db);
  const models = modelCatalog(config.llm);
  return {
    secrets,
    generatedSecretsKeyFile: secretsKey.generated ? secretsKey.file : null,
    accounts: accountStore(db),
    changeTimeZone: (uid, zone) => changeTimeZone(db, uid, zone),
    aiBases,
    knowledge,
    files: s3ObjectStore(config.objectStore),
    sharedLimits: (scope) => sharedRateLimitStore(db, scope),
    models,
    leads: leadRequestStore(db),
    inventories,
    inventorySyncs: {
      enqueue: (inventoryId, trigger) => enqueueSync(db, inventoryId, trigger),
      lastRuns: (inventoryId, limit) => lastRuns(db, inventoryId, limit),
      productsPage: (inventoryId, query) => productsPage(db, inventoryId, query),
      convertedValue: (inventoryId) => convertedValue(db, inventoryId),
    },
    conversations: { page: (channelId, cursor) => conversationsPage(db, channelId, cursor) },
    dashboard,
    eventRecorder: (log) => eventRecorder(db, { log }),
    widgetEventRecorder: (log) => widgetEventRecorder(db, { log }),
    channels,
    webhookIntake: intake,
    storefront,
    contacts,
    templates: templateStore(db, { channels, cloudApi: cloudApiClient(config.whatsapp) }),
    notices,
    templateSender: sender,
    orderEvents: {
      intake: orderEventIntake(db, inventories),
      subscribe: (inventoryId) => ensureOrderWebhooks({ db, secrets, publicOrigin }, inventoryId),
      publicOrigin,
    },
    recoveryFlows,
    recoveryTests: recoveryTestSends(db, { flows: recoveryFlows, channels, contacts, inventories, sender }),
    checkoutList: checkoutListStore(db, { timeScale: config.demoTimeScale }),
    checkouts: {
      record: (inventoryId, checkout, delivery) => recordCheckout(db, inventoryId, checkout, delivery, { timeScale: config.demoTimeScale }),
      shoppersWrote: (shoppers) => wakeRecoveriesOfShoppers(db, shoppers),
    },
    ownCarts: ownCarts(db, { storefront, timeScale: config.demoTimeScale }),
    audiences,
    campaigns,
    campaignResults: campaignResults(db, campaigns),
    solutions: solutionsReader(db, {
      inventories,
      aiBases,
      channels,
      campaigns,
      recoveryFlows,
      notices,
      dashboard,
      widgets,
      widgetConversations: handoffs,
    }),
    widgets,
    widgetChat: widgetChat({ db, knowledge, models }),
    widgetHandoffs: handoffs,
  };
}
