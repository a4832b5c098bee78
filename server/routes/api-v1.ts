// The product API under /api/v1: every route authenticated (unless marked public) and scoped
// to the caller's account. The routes take the process's stores (../services.ts), never the database.
import type { FastifyInstance } from 'fastify';
import { refinementChat } from '../answering/refinement-chat';
import { registerBearerAuth } from '../auth/bearer-auth';
import type { TokenVerifier } from '../auth/token-verifier';
import type { CloudApiConfig } from '../channels/cloud-api-client';
import type { MetaConfig } from '../inventories/meta-catalog';
import type { Services } from '../services';
import { API_PREFIX } from './api-prefix';
import { registerAdminAccountRoutes } from './admin-account-routes';
import { registerAiBaseRoutes } from './ai-base-routes';
import { registerChannelRoutes } from './channel-routes';
import { registerChatRoutes } from './chat-routes';
import { registerContactRoutes } from './contact-routes';
import { registerDashboardRoutes } from './dashboard-routes';
import { registerKnowledgeFileRoutes, type KnowledgeRouteOptions } from './knowledge-file-routes';
import { registerLeadRequestRoutes, type LeadRateLimit } from './lead-request-routes';
import { registerMeRoutes } from './me-routes';
import { registerInventoryRoutes } from './inventory-routes';
import { registerStorefrontRoutes } from './storefront-routes';
import { registerTemplateRoutes } from './template-routes';
import { registerNoticeRoutes } from './notice-routes';
import { registerRecoveryFlowRoutes } from './recovery-flow-routes';
import { registerCheckoutRoutes } from './checkout-routes';
import { registerAudienceRoutes } from './audience-routes';
import { registerCampaignRoutes } from './campaign-routes';
import { registerSolutionRoutes } from './solutions-routes';
import { registerWidgetRoutes } from './widget-routes';
import { registerWidgetSiteCheckRoutes } from './widget-site-check-routes';

export type ApiDependencies = {
  /** The stores and clients built once for this process, shared with its workers. */
  services: Services;
  verifyToken: TokenVerifier;
  leadRateLimit: LeadRateLimit;
  knowledge: Pick<KnowledgeRouteOptions, 'maxFileBytes' | 'onQueued'>;
  /** Meta's Graph API for catalogs. */
  meta: MetaConfig;
  /** Meta's Graph API for WhatsApp numbers (the Cloud API). */
  whatsapp: CloudApiConfig;
  /** Whether a store's address may be this machine (the demo store; never in production). */
  allowLoopbackPeers: boolean;
  /** Sync now's least interval (SYNC_NOW_INTERVAL_MS); a minute by default. */
  syncNowIntervalMs?: number;
  /** SITE_URL: the origin of the links the API writes (cart summary URLs); unset, the request's. */
  siteUrl?: string;
};

export async function registerApiV1(
  app: FastifyInstance,
  { services, verifyToken, leadRateLimit, knowledge, meta, whatsapp, allowLoopbackPeers, syncNowIntervalMs, siteUrl }: ApiDependencies,
) {
  const { accounts, aiBases, models } = services;
  await app.register(
    async (api) => {
      registerBearerAuth(api, verifyToken);
      registerMeRoutes(api, accounts, services.changeTimeZone);
      registerAiBaseRoutes(api, aiBases, accounts, services.channels);
      registerAdminAccountRoutes(api, accounts);
      await registerKnowledgeFileRoutes(api, {
        store: services.knowledge,
        accounts,
        files: services.files,
        ...knowledge,
      });
      registerChatRoutes(api, refinementChat({ aiBases, knowledge: services.knowledge, accounts, models }), models);
      await registerLeadRequestRoutes(
        api,
        services.leads,
        leadRateLimit,
        services.sharedLimits(`lead-forms:${leadRateLimit.max}/${leadRateLimit.windowSeconds}s`),
      );
      registerInventoryRoutes(api, {
        accounts,
        store: services.inventories,
        syncs: services.inventorySyncs,
        onQueued: knowledge.onQueued,
        meta,
        allowLoopbackPeers,
        syncNowIntervalMs,
        orderWebhooks: { subscribe: services.orderEvents.subscribe, forget: services.orderEvents.intake.forget },
      });
      registerChannelRoutes(api, {
        accounts,
        store: services.channels,
        conversations: services.conversations,
        whatsapp,
        ...(siteUrl ? { siteUrl } : {}),
      });
      const events = services.eventRecorder(app.log);
      app.addHook('onClose', () => events.close());
      registerDashboardRoutes(api, services.dashboard, accounts);
      await registerContactRoutes(api, { accounts, store: services.contacts });
      registerTemplateRoutes(api, { accounts, store: services.templates });
      registerNoticeRoutes(api, { store: services.notices });
      registerRecoveryFlowRoutes(api, {
        store: services.recoveryFlows,
        tests: services.recoveryTests,
        ...(siteUrl ? { siteUrl } : {}),
      });
      registerCheckoutRoutes(api, { store: services.checkoutList });
      registerAudienceRoutes(api, { store: services.audiences });
      registerCampaignRoutes(api, {
        store: services.campaigns,
        results: services.campaignResults,
        ...(siteUrl ? { siteUrl } : {}),
      });
      registerSolutionRoutes(api, { reader: services.solutions });
      const widgetEvents = services.widgetEventRecorder(app.log);
      app.addHook('onClose', () => widgetEvents.close());
      await registerWidgetRoutes(api, {
        accounts,
        events: widgetEvents,
        store: services.widgets,
        chat: services.widgetChat,
        handoffs: services.widgetHandoffs,
        storefront: services.storefront,
        ...(siteUrl ? { siteUrl } : {}),
      });
      registerWidgetSiteCheckRoutes(api, { accounts, widgets: services.widgets, allowPrivateAddresses: allowLoopbackPeers });
      await registerStorefrontRoutes(api, {
        store: services.storefront,
        events,
        ownCarts: services.ownCarts,
        ...(siteUrl ? { siteUrl } : {}),
      });
    },
    { prefix: API_PREFIX },
  );
}
