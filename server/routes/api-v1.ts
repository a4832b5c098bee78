// The product API under /api/v1: every route authenticated (unless marked public) and scoped
// to the caller's account.
import type { FastifyInstance } from 'fastify';
import { accountStore } from '../accounts/account-store';
import type { LlmConfig } from '../answering/llm-config';
import { modelCatalog } from '../answering/model-catalog';
import { refinementChat } from '../answering/refinement-chat';
import { registerBearerAuth } from '../auth/bearer-auth';
import type { TokenVerifier } from '../auth/token-verifier';
import type { Database } from '../db/database';
import { aiBaseStore } from '../ai-bases/ai-base-store';
import type { ChannelStore } from '../channels/channel-store';
import type { CloudApiConfig } from '../channels/cloud-api-client';
import { knowledgeStore } from '../knowledge/knowledge-store';
import { leadRequestStore } from '../leads/lead-request-store';
import { API_PREFIX } from './api-prefix';
import { registerAdminAccountRoutes } from './admin-account-routes';
import { registerAiBaseRoutes } from './ai-base-routes';
import { registerChannelRoutes } from './channel-routes';
import { registerChatRoutes } from './chat-routes';
import { registerDashboardRoutes } from './dashboard-routes';
import { dashboardStore } from '../dashboard/dashboard-store';
import { changeTimeZone } from '../dashboard/time-zone-change';
import { registerKnowledgeFileRoutes, type KnowledgeRouteOptions } from './knowledge-file-routes';
import { registerLeadRequestRoutes, type LeadRateLimit } from './lead-request-routes';
import { registerMeRoutes } from './me-routes';
import { registerInventoryRoutes } from './inventory-routes';
import { inventoryStore } from '../inventories/inventory-store';
import type { MetaConfig } from '../inventories/meta-catalog';
import type { SecretBox } from '../secrets/secret-box';
import { eventRecorder } from '../storefront/event-recorder';
import { storefrontStore, type StorefrontStore } from '../storefront/storefront-store';
import { registerStorefrontRoutes } from './storefront-routes';

export type ApiDependencies = {
  database: Database;
  verifyToken: TokenVerifier;
  leadRateLimit: LeadRateLimit;
  knowledge: Pick<KnowledgeRouteOptions, 'dataDir' | 'maxFileBytes' | 'onQueued'>;
  /** The OpenAI-compatible chat endpoint, if configured (else only the built-in answerer). */
  llm: LlmConfig | null;
  /** Seals merchants' tokens at rest. */
  secrets: SecretBox;
  /** Meta's Graph API for catalogs. */
  meta: MetaConfig;
  /** Meta's Graph API for WhatsApp numbers (the Cloud API). */
  whatsapp: CloudApiConfig;
  /** Connected WhatsApp numbers: the webhook's store, shared so that a change reaches its cache at once. */
  channels: ChannelStore;
  /** Whether a store's address may be this machine (the demo store; never in production). */
  allowLoopbackPeers: boolean;
  /** Sync now's least interval (SYNC_NOW_INTERVAL_MS); a minute by default. */
  syncNowIntervalMs?: number;
  /** SITE_URL: the origin of the links the API writes (cart summary URLs); unset, the request's. */
  siteUrl?: string;
  /** The shopper's side, shared with the shopper's pages (one catalog cache); made here when not given. */
  storefront?: StorefrontStore;
};

export async function registerApiV1(
  app: FastifyInstance,
  {
    database,
    verifyToken,
    leadRateLimit,
    knowledge,
    llm,
    secrets,
    meta,
    whatsapp,
    channels,
    allowLoopbackPeers,
    syncNowIntervalMs,
    siteUrl,
    storefront,
  }: ApiDependencies,
) {
  await app.register(
    async (api) => {
      registerBearerAuth(api, verifyToken);
      const accounts = accountStore(database.db);
      const aiBases = aiBaseStore(database.db);
      const knowledgeBase = knowledgeStore(database.db);
      const models = modelCatalog(llm);
      registerMeRoutes(api, accounts, (uid, zone) => changeTimeZone(database.db, uid, zone));
      registerAiBaseRoutes(api, aiBases, accounts, channels);
      registerAdminAccountRoutes(api, accounts);
      await registerKnowledgeFileRoutes(api, {
        store: knowledgeBase,
        accounts,
        ...knowledge,
      });
      registerChatRoutes(api, refinementChat({ aiBases, knowledge: knowledgeBase, accounts, models }), models);
      await registerLeadRequestRoutes(api, leadRequestStore(database.db), leadRateLimit);
      registerInventoryRoutes(api, {
        db: database.db,
        accounts,
        store: inventoryStore(database.db, secrets),
        onQueued: knowledge.onQueued,
        meta,
        allowLoopbackPeers,
        syncNowIntervalMs,
      });
      registerChannelRoutes(api, {
        db: database.db,
        accounts,
        store: channels,
        whatsapp,
        ...(siteUrl ? { siteUrl } : {}),
      });
      const events = eventRecorder(database.db, { log: app.log });
      app.addHook('onClose', () => events.close());
      registerDashboardRoutes(api, dashboardStore(database.db), accounts);
      await registerStorefrontRoutes(api, {
        store: storefront ?? storefrontStore(database.db),
        events,
        ...(siteUrl ? { siteUrl } : {}),
      });
    },
    { prefix: API_PREFIX },
  );
}
