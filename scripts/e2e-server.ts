// The e2e suite's server, run as production runs it: the Auth emulator and the server bundle on a
// fresh PGlite (.tmp/e2e-data) and object store serving the production build, beside the loopback peers the specs
// link (their addresses in .tmp/e2e-peers-<port>.json). Without NODE_ENV=production, which refuses
// the emulator; Playwright starts it and stops it with SIGTERM, its children and peers with it.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { catalogViewOf, startDemoPeers } from '../tests/fixtures/demo-peers';
import { demoCatalog } from '../tests/fixtures/meta-catalog-server';
import { FIXTURE_API_KEY, startOpenAiCompatibleServer } from '../tests/fixtures/openai-compatible-server';
import { demoStoreProducts, generatedStoreProducts, startShopifyAdminServer } from '../tests/fixtures/shopify-admin-server';
import { DEMO_SHOPPER_PATH, fixturePhoneNumber } from '../tests/fixtures/whatsapp-cloud-api-server';
import {
  E2E_DEMO_TIME_SCALE,
  E2E_ORDER_POLL_SECONDS,
  E2E_SYNC_NOW_INTERVAL_MS,
  e2ePeersFile,
  type E2ePeers,
} from '../tests/e2e/fixtures/e2e-peers';
import { startObjectStoreServer } from '../tests/fixtures/object-store/object-store-server';
import { EMULATOR_HOST, EMULATOR_PROJECT, startAuthEmulator } from './auth-emulator';
import { buildScratchServer } from './build-server';

const port = process.env.PORT ?? '4173';
const dataDir = process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${port}`; // one per port: runs may overlap

const emulator = await startAuthEmulator({ quiet: true });
// The LLM provider, on loopback: one model that answers, one over its rate limit, one down
// (tests/model/refinement-chat-model.ts's fixtureModels).
const llm = await startOpenAiCompatibleServer({
  models: ['fixture-small', 'fixture-busy', 'fixture-down'],
  fixedReplies: { 'fixture-busy': { kind: 'rate_limited', retryAfter: '30' }, 'fixture-down': { kind: 'server_error' } },
});
rmSync(dataDir, { recursive: true, force: true });
// The bucket of the uploaded files (tests/fixtures/object-store/), in the run's data directory.
const E2E_BUCKET = 'catalyst-e2e';
const objectStore = await startObjectStoreServer({ directory: `${dataDir}/object-store`, buckets: [E2E_BUCKET] });

// The inventory specs' peers: see tests/e2e/fixtures/e2e-peers.ts.
const WIZARD_CATALOG_ID = '2234567890123456';
const BIG_CATALOG_ID = '3234567890123456';
const bigProducts = generatedStoreProducts(600, 1);
const demo = await startDemoPeers({
  // `npm start`'s demo audience's numbers answer the templates sent to them (statuses, replies, 131049, 131050),
  // as the demo number answers them: the campaign walk's contacts are that audience; no other spec writes to them.
  demoAudience: true,
  moreCatalogs: {
    [WIZARD_CATALOG_ID]: { name: 'Catálogo do Assistente', items: demoCatalog(catalogViewOf(demoStoreProducts(), 'BRL')).items },
    [BIG_CATALOG_ID]: { name: 'Catálogo Loja Grande', items: demoCatalog(catalogViewOf(bigProducts, 'BRL')).items },
  },
});
// A number of its own for the channel-connect model test (the demo number stays free for the rest):
// a number connects once across all accounts.
const channelModelNumber = fixturePhoneNumber(9101, { verifiedName: 'Loja Modelo Catalyst' });
demo.whatsapp.addNumber(channelModelNumber);
// The channel demo walk's number (tests/e2e/channel-demo-walk.spec.ts): its shopper writes through the
// simulated shopper page, delivered as npm start delivers the demo number's, to this server's webhook.
const channelWalkNumber = fixturePhoneNumber(9102, { verifiedName: 'Loja Passeio Catalyst' });
demo.whatsapp.addNumber(channelWalkNumber);
// The dashboard truth test's number (tests/e2e/dashboard-truth.spec.ts): its callback URL is verified by the test itself.
const dashboardTruthNumber = fixturePhoneNumber(9103, { verifiedName: 'Loja Painel Catalyst' });
demo.whatsapp.addNumber(dashboardTruthNumber);
// The page-overflow test's number (tests/e2e/page-overflow.spec.ts), named as the demo number is.
const pageOverflowNumber = fixturePhoneNumber(9104, { verifiedName: 'Loja Demo Catalyst' });
demo.whatsapp.addNumber(pageOverflowNumber);
// The notices walk's number (tests/e2e/notices-demo-walk.spec.ts): its shoppers write through the simulated shopper page too.
const noticesWalkNumber = fixturePhoneNumber(9105, { verifiedName: 'Loja Avisos Catalyst' });
demo.whatsapp.addNumber(noticesWalkNumber);
for (const number of [demo.whatsappNumber, channelWalkNumber, noticesWalkNumber])
  demo.whatsapp.setWebhookUrl(number.phoneNumberId, `http://127.0.0.1:${port}/webhooks/whatsapp`);
// The template editor's model test's number (tests/e2e/template-editor-model.spec.ts), with no callback URL:
// Catalyst hears of its templates' reviews only when it reads them from Meta (a refresh).
const templateEditorNumber = fixturePhoneNumber(9106, { verifiedName: 'Loja Modelos Catalyst' });
demo.whatsapp.addNumber(templateEditorNumber);
// The recovery-flow model test's two numbers (tests/e2e/recovery-flow-model.spec.ts): A offers the ready-made
// cart reminders, B a template of its own; Meta's reviews of their templates reach this server's webhook.
const recoveryModelNumberA = fixturePhoneNumber(9107, { verifiedName: 'Loja Lembretes A' });
const recoveryModelNumberB = fixturePhoneNumber(9108, { verifiedName: 'Loja Lembretes B' });
for (const number of [recoveryModelNumberA, recoveryModelNumberB]) {
  demo.whatsapp.addNumber(number);
  demo.whatsapp.setWebhookUrl(number.phoneNumberId, `http://127.0.0.1:${port}/webhooks/whatsapp`);
}
// The recovery walk's number and store (tests/e2e/recovery-demo-walk.spec.ts): a store of its own, so its
// checkouts reach no other test's inventory; it serves their way back as npm start's demo store does.
const recoveryWalkNumber = fixturePhoneNumber(9109, { verifiedName: 'Loja Lembretes Catalyst' });
demo.whatsapp.addNumber(recoveryWalkNumber);
demo.whatsapp.setWebhookUrl(recoveryWalkNumber.phoneNumberId, `http://127.0.0.1:${port}/webhooks/whatsapp`);
const recoveryWalkStore = await startShopifyAdminServer({
  shop: { name: 'Loja Lembretes Catalyst', currencyCode: 'BRL' },
  servesCheckoutPages: true,
});
// The campaign walk's number (tests/e2e/campaigns-demo-walk.spec.ts): its templates reach the demo audience,
// whose statuses and replies come back to this server's webhook.
const campaignWalkNumber = fixturePhoneNumber(9110, { verifiedName: 'Loja Campanhas Catalyst' });
demo.whatsapp.addNumber(campaignWalkNumber);
demo.whatsapp.setWebhookUrl(campaignWalkNumber.phoneNumberId, `http://127.0.0.1:${port}/webhooks/whatsapp`);
// The website widget's number (tests/e2e/widget-on-a-site.spec.ts): where 'Continue on WhatsApp' leads.
const widgetNumber = fixturePhoneNumber(9111, { verifiedName: 'Loja Widget Catalyst' });
demo.whatsapp.addNumber(widgetNumber);
const scopeLackingStore = await startShopifyAdminServer({
  scopes: ['read_products'],
  shop: { name: 'Loja Sem Pedidos', currencyCode: 'BRL' },
});
// At Shopify Plus' rate (a bucket of 20,000 points, 1,000 a second): read in a tenth of a second, where Standard's takes 1.6 s.
const bigStore = await startShopifyAdminServer({
  products: bigProducts,
  shop: { name: 'Loja Grande', currencyCode: 'BRL' },
  bucket: { maximumAvailable: 20_000, restoreRate: 1_000 },
});
const peers: E2ePeers = {
  metaGraphUrl: demo.meta.graphUrl,
  metaAccessToken: demo.meta.accessToken,
  shopifyToken: demo.shopify.accessToken,
  demo: {
    storeUrl: demo.shopify.adminUrl,
    storefrontUrl: demo.shopify.storefrontUrl,
    // As demo-peers.ts names the shop and its catalog.
    storeName: 'Loja Demo Catalyst',
    catalogId: demo.catalogId,
    catalogName: 'Catálogo WhatsApp Demo',
    differences: demo.differences,
  },
  wizardCatalogId: WIZARD_CATALOG_ID,
  scopeLackingStoreUrl: scopeLackingStore.adminUrl,
  bigStore: { storeUrl: bigStore.adminUrl, catalogId: BIG_CATALOG_ID },
  recoveryWalkStore: { storeUrl: recoveryWalkStore.adminUrl, storefrontUrl: recoveryWalkStore.storefrontUrl, catalogId: demo.catalogId },
  whatsapp: {
    graphUrl: demo.whatsapp.graphUrl,
    shopperUrl: `${demo.whatsapp.origin}${DEMO_SHOPPER_PATH}`,
    demoNumber: demo.whatsappNumber,
    channelModelNumber,
    channelWalkNumber,
    dashboardTruthNumber,
    pageOverflowNumber,
    templateEditorNumber,
    noticesWalkNumber,
    recoveryModelNumberA,
    recoveryModelNumberB,
    recoveryWalkNumber,
    campaignWalkNumber,
    widgetNumber,
  },
};
mkdirSync('.tmp', { recursive: true });
writeFileSync(e2ePeersFile(port), JSON.stringify(peers, null, 2));

const serverMain = await buildScratchServer(`e2e-server-${port}`);
const server = spawn(process.execPath, [serverMain], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    PORT: port,
    DIST_DIR: process.env.DIST_DIR ?? 'dist',
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
    ...objectStore.env(E2E_BUCKET),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // The tests stand in for a load balancer on loopback: each names its client in X-Forwarded-For.
    TRUST_PROXY: 'loopback',
    // Two files at a time: one spec keeps a big file processing on purpose, the others' go on beside it.
    KNOWLEDGE_WORKER_CONCURRENCY: '2',
    LLM_BASE_URL: llm.baseUrl,
    LLM_API_KEY: FIXTURE_API_KEY,
    META_GRAPH_URL: demo.meta.graphUrl,
    META_ACCESS_TOKEN: demo.meta.accessToken,
    // The demo number's Cloud API: channels connect to it and the whatsapp-inbound worker replies through it.
    WHATSAPP_GRAPH_URL: demo.whatsapp.graphUrl,
    // Sync now twice in a test without waiting out production's minute.
    SYNC_NOW_INTERVAL_MS: String(E2E_SYNC_NOW_INTERVAL_MS),
    // No public address here: the stores' orders are polled, every few seconds rather than 5 minutes.
    ORDER_POLL_SECONDS: String(E2E_ORDER_POLL_SECONDS),
    // Checkout recovery in demo time, as `DEMO_TIME_SCALE=… npm start` runs it: the recovery walk sees a whole flow.
    DEMO_TIME_SCALE: String(E2E_DEMO_TIME_SCALE),
  },
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
  rmSync(e2ePeersFile(port), { force: true });
  await Promise.all([
    emulator.stop(),
    llm.close(),
    demo.close(),
    scopeLackingStore.close(),
    bigStore.close(),
    recoveryWalkStore.close(),
    objectStore.close(),
  ]);
  process.exit(code);
}
server.on('exit', (code) => void stop(code ?? 1));
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
