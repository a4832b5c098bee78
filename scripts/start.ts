// `npm start`: the whole product on its embedded defaults. Builds when a source is newer than the
// build, starts the Auth emulator with a demo account, the product server on PGlite at
// http://localhost:3000, its object store (a local S3 server keeping the uploaded files in
// `.data/object-store`) and the demo Shopify store, Meta catalog and WhatsApp number on loopback
// (printed; README, 'The two commands'), and fills the demo account: inventory, AI base, number,
// contacts (the demo audience's 300 and their past orders, for campaigns); and the merchant's own website
// (tests/fixtures/demo-site.ts) to paste the widget's snippet into. Ctrl-C stops them all.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { createServer as createNetServer } from 'node:net';
import { SERVER_RENDERER_FILE, serverRendererDir } from '../domain/public-pages';
import { EMULATOR_HOST, EMULATOR_PROJECT, ensureEmulatorUser, startAuthEmulator } from './auth-emulator';
import { buildAll } from './build';
import { SERVER_ENV, SERVER_NODE_FLAGS, SERVER_OUT_DIR } from './build-server';
import { DEMO_AUDIENCE } from '../tests/fixtures/demo-audience';
import { startDemoPeers, type DemoPeers } from '../tests/fixtures/demo-peers';
import { startObjectStoreServer } from '../tests/fixtures/object-store/object-store-server';
import { parseConfig } from '../server/config';
import { s3ObjectStore } from '../server/files/object-store';
import { moveLocalUploads } from './local-uploads';
import { DEMO_CHECKOUT_SHOPPERS, startDemoCheckouts } from '../tests/fixtures/shopify/demo-checkouts';
import { DEMO_ORDERS_PATH } from '../tests/fixtures/shopify/demo-orders';
import { DEMO_SHOPPER_PATH } from '../tests/fixtures/whatsapp-cloud-api-server';
import { startDemoSite, type DemoSite } from '../tests/fixtures/demo-site';
import { ensureDemoAiBase } from './demo-ai-base';
import { demoChannelNotice, ensureDemoChannel } from './demo-channel';
import { ensureDemoAudienceOrders } from './demo-audience-orders';
import { ensureDemoAudience, ensureDemoContacts } from './demo-contacts';
import { ensureDemoInventory } from './demo-inventory';

const DEMO = { email: process.env.DEMO_EMAIL ?? 'demo@catalyst.test', password: process.env.DEMO_PASSWORD ?? 'catalyst-demo' };
const port = process.env.PORT ?? '3000';
/** How often a demo shopper leaves a checkout in the demo store (DEMO_CHECKOUT_SECONDS; 0: never). */
const checkoutEverySeconds = Number(process.env.DEMO_CHECKOUT_SECONDS ?? 180);
const timeScale = Number(process.env.DEMO_TIME_SCALE ?? 1);
const dataDir = process.env.DATA_DIR ?? '.data';
const sources = [
  'src',
  'domain',
  'machines',
  'server',
  'locales',
  'public',
  'index.html',
  'landing.html',
  'shop.html',
  'vite.config.ts',
  'scripts',
  'package.json',
];
const serverMain = join(SERVER_OUT_DIR, 'main.js');
const outputs = [
  'dist/build-id.json',
  'dist/en/index.html',
  'dist/landing.html',
  'dist/shop.html',
  join(serverRendererDir('dist'), SERVER_RENDERER_FILE),
  serverMain,
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

const built = Math.min(...outputs.map((path) => (existsSync(path) ? statSync(path).mtimeMs : 0)));
if (built < Math.max(...sources.map(newestMtime))) {
  console.log('Building Catalyst…');
  await buildAll({ outDir: 'dist', serverOutDir: SERVER_OUT_DIR });
}

// The demo store, catalog, images and number on fixed ports, so an inventory or channel linked to
// them (and the image addresses a sync saved) still work after a restart; a port in use falls back
// to any free one (and says so). The store keeps its orders in the data directory, so an order
// placed before a restart is not placed again under the same id after it.
async function portOr(name: string, preferred: number): Promise<number> {
  const port = Number(process.env[name] ?? preferred);
  const free = await new Promise<boolean>((resolve) => {
    const probe = createNetServer().once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
  if (!free) console.warn(`Port ${port} (${name}) is in use: the demo peer starts on a free port instead.`);
  return free ? port : 0;
}
const demoPeers: DemoPeers = await startDemoPeers({
  shopifyPort: await portOr('DEMO_SHOPIFY_PORT', 3101),
  metaPort: await portOr('DEMO_META_PORT', 3102),
  whatsappPort: await portOr('DEMO_WHATSAPP_PORT', 3103),
  imagesPort: await portOr('DEMO_IMAGES_PORT', 3104),
  stateDir: dataDir,
  // The demo audience's numbers answer templates as real shoppers do (tests/fixtures/whatsapp/demo-recipients.ts).
  demoAudience: true,
});

// The bucket of the uploaded files, on a fixed port too (OBJECT_STORE_URL set: that store instead).
const objectStore = process.env.OBJECT_STORE_URL
  ? null
  : await startObjectStoreServer({
      directory: join(dataDir, 'object-store'),
      buckets: [`${EMULATOR_PROJECT}.appspot.com`],
      port: await portOr('DEMO_OBJECT_STORE_PORT', 3105),
    });
const objectStoreEnv = objectStore?.env(`${EMULATOR_PROJECT}.appspot.com`) ?? {};
const movedUploads = await moveLocalUploads(
  dataDir,
  s3ObjectStore(parseConfig({ ...process.env, FIREBASE_PROJECT_ID: EMULATOR_PROJECT, ...objectStoreEnv }).objectStore),
);
if (movedUploads > 0) console.log(`Moved ${movedUploads} uploaded file(s) from ${join(dataDir, 'uploads')} into the object store.`);

// Meta's callback for the demo number: this server's webhook (server/routes/whatsapp-webhook-routes.ts).
const webhookUrl = `http://127.0.0.1:${port}/webhooks/whatsapp`;
demoPeers.whatsapp.setWebhookUrl(demoPeers.whatsappNumber.phoneNumberId, webhookUrl);

console.log('Starting the Firebase Auth emulator…');
const emulator = await startAuthEmulator({ quiet: true, persistDir: join(dataDir, 'auth-emulator') });
await ensureEmulatorUser(DEMO.email, DEMO.password);

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverMain], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...SERVER_ENV,
    ...process.env,
    PORT: port,
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
    ...objectStoreEnv,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    META_GRAPH_URL: process.env.META_GRAPH_URL ?? demoPeers.meta.graphUrl,
    META_ACCESS_TOKEN: process.env.META_ACCESS_TOKEN ?? demoPeers.meta.accessToken,
    WHATSAPP_GRAPH_URL: process.env.WHATSAPP_GRAPH_URL ?? demoPeers.whatsapp.graphUrl,
    // The widget's 'Continue on WhatsApp' opens the simulated shopper with the message ready.
    WHATSAPP_CHAT_LINK: process.env.WHATSAPP_CHAT_LINK ?? `${demoPeers.whatsapp.origin}${DEMO_SHOPPER_PATH}?phone={number}`,
    // No public address here: the demo store's orders are read every 15 s rather than every 5 minutes.
    ORDER_POLL_SECONDS: process.env.ORDER_POLL_SECONDS ?? '15',
  },
});

let stopping = false;
let demoCheckouts: { stop: () => void } | null = null;
let demoSite: DemoSite | null = null;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping Catalyst…');
  demoCheckouts?.stop();
  server.kill('SIGTERM');
  await Promise.all([emulator.stop(), demoPeers.close(), objectStore?.close(), demoSite?.close()]);
  process.exit(code);
}
server.on('exit', (code) => void stop(code ?? 1));
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

const waitUntilUp = async () => {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return true;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
};
if (await waitUntilUp()) {
  console.log(`\nCatalyst is running at http://localhost:${port}/`);
  console.log(`Demo account: ${DEMO.email} / ${DEMO.password}`);
  console.log('Demo Shopify store (for an inventory, step 1):');
  console.log(`  Shopify URL: ${demoPeers.shopify.adminUrl}`);
  console.log(`  Shopify token: ${demoPeers.shopify.accessToken}`);
  console.log(`  Shopify website: ${demoPeers.shopify.storefrontUrl}`);
  console.log(`  Product images: ${demoPeers.images.origin}/products/`);
  console.log(`  Its orders, with a 'Ship' button (development tool): ${demoPeers.shopify.storefrontUrl}${DEMO_ORDERS_PATH}`);
  console.log(`Demo WhatsApp catalog (step 2): catalog ID ${demoPeers.catalogId}`);
  console.log('Demo WhatsApp number (for a channel):');
  console.log(`  WhatsApp Graph URL: ${demoPeers.whatsapp.graphUrl}`);
  console.log(`  Phone number ID: ${demoPeers.whatsappNumber.phoneNumberId} (${demoPeers.whatsappNumber.displayPhoneNumber})`);
  console.log(`  WhatsApp Business Account ID: ${demoPeers.whatsappNumber.wabaId}`);
  console.log(`  Access token: ${demoPeers.whatsappNumber.accessToken}`);
  console.log(`  App secret: ${demoPeers.whatsappNumber.appSecret}`);
  console.log(`Simulated WhatsApp shopper (development tool): ${demoPeers.whatsapp.origin}${DEMO_SHOPPER_PATH}`);
  // The demo merchant's own website, for the website widget's snippet.
  demoSite = await startDemoSite();
  console.log(
    `The demo merchant's website (development tool): ${demoSite.origin}/ — list it among the website widget's sites ` +
      `(http://localhost:${port}/pt/widget) and paste the snippet there.`,
  );
  let demoInventory: { id: string; name: string } | null = null;
  // The demo account's inventory on them, so the products, the report and the shopper's links are there at once.
  try {
    const { inventory, created } = await ensureDemoInventory(`http://127.0.0.1:${port}`, DEMO, {
      ...demoPeers.shopify,
      catalogId: demoPeers.catalogId,
    });
    console.log(`Demo inventory '${inventory.name}'${created ? ' (linked now; its first sync runs in the background)' : ''}:`);
    console.log(`  http://localhost:${port}/en/inventory/${inventory.id}`);
    console.log(`  shopper's catalog: http://localhost:${port}/pt/c/${inventory.publicId} (open it signed out, on a phone-sized window)`);
    demoInventory = inventory;
  } catch (error) {
    console.warn(
      `The demo inventory could not be linked (${(error as Error).message}); make one at /en/inventory with the store and catalog above.`,
    );
  }
  // The demo account's active AI base (made as the wizard makes one on a fresh start), for the demo number to answer with.
  try {
    const { aiBase, created } = await ensureDemoAiBase(`http://127.0.0.1:${port}`, DEMO);
    console.log(
      `Demo AI base '${aiBase.name}'${created ? ' (made now with a FAQ file, and activated)' : ''}: http://localhost:${port}/en/ia-base/${aiBase.id}`,
    );
  } catch (error) {
    console.warn(`The demo AI base could not be made (${(error as Error).message}).`);
  }
  // The demo number on the demo account, answered by its active AI base, so the simulated shopper gets answers.
  try {
    const demo = await ensureDemoChannel(`http://127.0.0.1:${port}`, DEMO, demoPeers.whatsappNumber, demoInventory?.id ?? null);
    // Connected now: the fixture verifies the callback URL with the verify token, as Meta does when a merchant saves it.
    if (demo.channel && demo.created) {
      if (!(await demoPeers.whatsapp.verifyWebhook(demoPeers.whatsappNumber.phoneNumberId, webhookUrl, demo.verifyToken)))
        console.warn(`The demo number's callback URL ${webhookUrl} did not answer Meta's verification.`);
    }
    const notice = demoChannelNotice(demo, {
      appUrl: `http://localhost:${port}`,
      shopperUrl: `${demoPeers.whatsapp.origin}${DEMO_SHOPPER_PATH}`,
      inventoryName: demoInventory?.name ?? null,
    });
    for (const line of notice) console.log(line);
  } catch (error) {
    console.warn(`The demo number could not be connected (${(error as Error).message}); connect it at /en/channels with the values above.`);
  }
  // The demo store's shoppers, as contacts (some agreed to marketing messages), leaving checkouts every few minutes.
  try {
    await ensureDemoContacts(`http://127.0.0.1:${port}`, DEMO, DEMO_CHECKOUT_SHOPPERS);
    if (checkoutEverySeconds > 0) {
      demoCheckouts = startDemoCheckouts(
        {
          products: () => demoPeers.products,
          startCheckout: (checkout) => demoPeers.shopify.startCheckout(checkout),
          completeCheckout: (token, ref) => demoPeers.shopify.completeCheckout(token, ref),
        },
        { everyMs: checkoutEverySeconds * 1000, completeAfterMs: 90_000 },
      );
      console.log(
        `Demo store shoppers leave a checkout every ${checkoutEverySeconds} s (some buy 90 s later): switch checkout recovery on at ` +
          `http://localhost:${port}/pt/checkouts. ` +
          (timeScale > 1
            ? `DEMO_TIME_SCALE=${timeScale}: recovery's delays run ${timeScale} times faster, without quiet hours.`
            : 'Run with DEMO_TIME_SCALE=60 to watch a whole recovery in minutes (an hour in a minute).'),
      );
      console.log("  A reminder's link opens the demo store's checkout page, where 'Finalizar compra' buys the cart.");
    }
  } catch (error) {
    console.warn(`The demo store's shoppers could not be added as contacts (${(error as Error).message}).`);
  }
  // The demo audience: 300 contacts in three languages, about 60 of whom bought in the last 60 days, for campaigns.
  try {
    const started = Date.now();
    const added = await ensureDemoAudience(`http://127.0.0.1:${port}`, DEMO, DEMO_AUDIENCE);
    const posted = demoInventory
      ? await ensureDemoAudienceOrders(`http://127.0.0.1:${port}`, DEMO, demoPeers.shopify, demoPeers.products, demoInventory.id)
      : 0;
    console.log(
      `Demo audience: ${DEMO_AUDIENCE.length} contacts${added > 0 ? ` (${added} added now)` : ''}, ${posted} past orders in the demo store ` +
        `(${Math.round((Date.now() - started) / 100) / 10} s). Plan a campaign at http://localhost:${port}/pt/campaigns: the demo number ` +
        'answers its templates with statuses, reads, some replies, 131049 for a few and 131050 for one.',
    );
  } catch (error) {
    console.warn(`The demo audience could not be added (${(error as Error).message}).`);
  }
  console.log('Press Ctrl-C to stop.\n');
}
