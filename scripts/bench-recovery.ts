// `npm run bench:recovery`: checkout recovery against its budget (issue 34). Abandoned checkouts
// arrive as the store's signed `checkouts/create` webhooks (10,000 over 10 minutes by default), the
// inventory's three-step flow runs at a compressed clock (the server's DEMO_TIME_SCALE), a share of the
// checkouts is completed (order placed: `orders/create` and `checkouts/update`) at random moments, and
// the server is killed (SIGKILL) and started again once mid-run. Measured: every due reminder's lateness
// (accepted by the WhatsApp Cloud API fixture minus its due time, from the checkout's last update as
// its webhook gives it plus the step's scaled delay), reminders sent twice, sent after the server knew
// of the order, and lost; the server's peak RSS; the webhooks' answers. The real built server against
// the loopback Shopify store and Cloud API, on PGlite and PostgreSQL, with bench-notices.ts's parts.
// Prints figures and a verdict per budget; never fails on one. How it measures, and its settings:
// docs/benchmarks.md, 'Checkout recovery'.
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defaultRecoveryFlow, DEFAULT_STEP_DELAYS_MINUTES, scaledMinutesMs, type RecoveryFlow } from '../domain/checkout-recovery';
import { toGraphTemplate } from '../domain/message-template';
import { readyMadeTemplate } from '../domain/ready-made-templates';
import { RECOVERY_QUEUE } from '../server/checkouts/checkout-intake';
import { TEMPLATE_SEND_QUEUE } from '../server/messaging/template-sender';
import { demoStoreProducts, startShopifyAdminServer, type ShopifyAdminServer } from '../tests/fixtures/shopify-admin-server';
import {
  fixturePhoneNumber,
  startWhatsAppCloudApiServer,
  type FixturePhoneNumber,
  type WhatsAppCloudApiServer,
} from '../tests/fixtures/whatsapp-cloud-api-server';
import { createUser } from '../tests/server/support/emulator-users';
import { startAuthEmulator } from './auth-emulator';
import {
  benchTargetNames,
  merchantApi,
  readTargetDatabase,
  removeBenchData,
  seededRandom,
  type BenchRow,
  type MerchantApi,
} from './bench-server';
import {
  expectStatus,
  FIRST_NAMES,
  latencyText,
  percentile,
  pointPeersAt,
  printLog,
  retryFailedDeliveries,
  seedMerchant,
  SHOP,
  shopper,
  startNoticeServer,
  type NoticeServer,
  type Target,
} from './bench-notices';
import { benchCommand, machineLabel, today, writeBenchBlocks, type BenchBlock } from './benchmarks-doc';
import { buildServer } from './build-server';

const env = process.env;
const num = (name: string, fallback: number) => (env[name] ? Number(env[name]) : fallback);
/** `--name=value` on the command line, as a number; undefined when absent. */
const argument = (name: string) => {
  const given = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return given === undefined ? undefined : Number(given.slice(name.length + 3));
};
/** Checkouts left in the store (`--checkouts`), arriving over `--minutes`. */
const CHECKOUTS = argument('checkouts') ?? 10_000;
const ARRIVAL_S = (argument('minutes') ?? 10) * 60;
/** The server's DEMO_TIME_SCALE: the flow's delays (and the first look at a checkout) divided by it. */
const TIME_SCALE = num('BENCH_TIME_SCALE', 3_600);
/** The flow's delays in minutes (the ready-made one's by default: one hour, one day, three days). */
const STEP_DELAYS_MINUTES = (env.BENCH_STEP_DELAYS ?? DEFAULT_STEP_DELAYS_MINUTES.join(',')).split(',').map(Number);
/** The share of checkouts whose order is placed, each at a moment drawn between its start and a little after its last step. */
const ORDER_SHARE = num('BENCH_ORDER_SHARE', 0.3);
/** Seconds into the arrivals the server is killed (SIGKILL) and started again; `off`: never. */
const KILL_AT_S = env.BENCH_KILL_AT === 'off' ? null : num('BENCH_KILL_AT', ARRIVAL_S / 2);
/** How long after the last reminder's due time the bench waits for the due reminders still unsent. */
const DRAIN_TIMEOUT_S = num('BENCH_DRAIN_TIMEOUT', 300);
const SEED = num('BENCH_SEED', 1);
/** Shopify posts a few webhooks twice (the same id and bytes). */
const REDELIVERY_RATE = 0.05;
const BUDGET = { lateP99Ms: 5_000, rssMb: 300 };
/**
 * The store's Admin API leaky bucket: a Shopify Plus store's (ten times the fixture's default, a
 * standard plan's). Each step with a discount makes a code (discountCodeBasicCreate, 10 points): a
 * store leaving checkouts at this rate is a big one, and a standard bucket would hold its codes back.
 */
const PLUS_BUCKET = { maximumAvailable: 20_000, restoreRate: 1_000 };
const STEP_TEMPLATES = (['cart_reminder_1', 'cart_reminder_2', 'cart_reminder_3'] as const).map((key) => readyMadeTemplate(key).draft);
/** Each step's delay on the server's clock. */
const stepDelaysMs = () => STEP_DELAYS_MINUTES.map((minutes) => scaledMinutesMs(minutes, TIME_SCALE));
/** Shopify's webhook times are whole seconds: the checkout's last update as the server reads it. */
const wholeSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ok2xx = (status: number | null | undefined) => typeof status === 'number' && status >= 200 && status < 300;
const judged = (met: boolean) => (met ? 'within budget' : 'NOT MET');
const sortedOf = (list: readonly number[]) => list.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;

function checkSettings() {
  const whole = (value: number) => Number.isInteger(value) && value > 0;
  if (!whole(CHECKOUTS)) throw new Error(`--checkouts takes a whole number above 0, not ${CHECKOUTS}`);
  if (!(ARRIVAL_S > 0)) throw new Error(`--minutes takes a number above 0`);
  if (STEP_DELAYS_MINUTES.length < 1 || STEP_DELAYS_MINUTES.length > STEP_TEMPLATES.length || !STEP_DELAYS_MINUTES.every(whole))
    throw new Error(`BENCH_STEP_DELAYS takes one to ${STEP_TEMPLATES.length} delays in whole minutes, not "${env.BENCH_STEP_DELAYS}"`);
  if (!(ORDER_SHARE >= 0 && ORDER_SHARE <= 1)) throw new Error('BENCH_ORDER_SHARE takes a share from 0 to 1');
}

// --- The server's memory ------------------------------------------------------------------------------

/** The server's resident memory (MB) from /proc: VmRSS sampled, and VmHWM (the kernel's own peak of a process). */
function memoryWatch() {
  let pid: number | undefined;
  let peak = 0;
  const lives: number[] = [];
  const read = (field: 'VmRSS' | 'VmHWM') => {
    try {
      const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return match ? Number(match[1]) / 1024 : 0;
    } catch {
      return 0;
    }
  };
  const sample = () => {
    if (pid !== undefined) peak = Math.max(peak, read('VmRSS'), read('VmHWM'));
  };
  const timer = setInterval(sample, 250);
  /** Ends the current process's life: its peak is kept apart. */
  const close = () => {
    sample();
    if (pid !== undefined) lives.push(peak);
    peak = 0;
  };
  return {
    /** From now on, the server `child` (a process started again is a new life). */
    watch(child: { pid?: number | undefined }) {
      close();
      pid = child.pid;
      sample();
    },
    now: () => read('VmRSS'),
    /** Each life's peak, the current one last. */
    stop() {
      close();
      clearInterval(timer);
      pid = undefined;
      return lives;
    },
  };
}

// --- Setup --------------------------------------------------------------------------------------------

/**
 * Through the API, as a merchant would: an inventory on the store with its API secret key (the server
 * subscribes the store's webhooks, checkouts' among them), the number connected, its templates read
 * from Meta, and the ready-made recovery flow switched on with the bench's delays. The inventory's id.
 */
async function configure(api: MerchantApi, store: ShopifyAdminServer, number: FixturePhoneNumber, aiBaseId: string) {
  const created = await expectStatus(api('/inventories', 'POST', { name: 'Loja Bench' }), 201, 'creating the inventory');
  const inventoryId = String(created.id);
  const integrated = await expectStatus(
    api(`/inventories/${inventoryId}/integration`, 'PUT', {
      name: 'Loja Bench',
      ecommerceType: 'shopify',
      shopifyToken: store.accessToken,
      shopifyApiSecret: store.apiSecret,
      shopifyUrl: store.adminUrl,
      website: store.storefrontUrl,
      checkoutParams: '',
      trackingUrl: '',
      expectedVersion: created.version,
    }),
    200,
    'saving step 1',
  );
  if (integrated.orderEvents !== 'webhooks')
    throw new Error(`the server did not subscribe the store's webhooks (orderEvents ${String(integrated.orderEvents)})`);
  const connected = await expectStatus(
    api('/channels', 'POST', {
      phoneNumberId: number.phoneNumberId,
      wabaId: number.wabaId,
      accessToken: number.accessToken,
      appSecret: number.appSecret,
      aiBaseId,
    }),
    201,
    `connecting ${number.phoneNumberId}`,
  );
  const channelId = String((connected.channel as { id: string }).id);
  await expectStatus(api(`/channels/${channelId}/templates/refresh`, 'POST'), 200, 'reading the templates');
  const ready = defaultRecoveryFlow();
  const flow: RecoveryFlow = {
    ...ready,
    enabled: true,
    channelId,
    steps: STEP_DELAYS_MINUTES.map((delayMinutes, index) => ({ ...ready.steps[index]!, delayMinutes })),
  };
  await expectStatus(api(`/inventories/${inventoryId}/recovery-flow`, 'PUT', flow), 200, 'switching the recovery flow on');
  return { inventoryId, flow };
}

// --- Checkouts and orders -----------------------------------------------------------------------------

type Left = {
  n: number;
  waId: string;
  phone: string;
  token: string | null;
  /** When the shopper last changed the checkout, as its webhook says (whole seconds): the reminders count from here. */
  baseMs: number;
  /** Its checkouts/create's first answer (null: not reached, the server was down; undefined: not yet). */
  firstStatus: number | null | undefined;
  /** When its checkouts/create was posted (epoch ms), and how long its answer took (ms) when it was a 2xx. */
  postedAt: number;
  ackMs: number | null;
  /** When the order was placed (epoch ms); null: never. */
  orderAt: number | null;
  /** The webhook ids of the order's `orders/create` and `checkouts/update`. */
  orderWebhookIds: string[];
};

const VARIANT_LINES = (variantIds: number[], n: number) => [{ variantId: variantIds[n % variantIds.length]!, quantity: 1 + (n % 3) }];

function shopperDetails(n: number) {
  const { phone, waId } = shopper(n);
  return {
    phone,
    waId,
    shippingAddress: { firstName: FIRST_NAMES[n % FIRST_NAMES.length]!, lastName: 'Souza', phone, countryCode: 'BR' },
  };
}

type Outage = { killAt: number; readyAt: number; restartS: number; log: Map<string, number> };

/**
 * The checkouts, open loop: each starts at its drawn moment whatever came back (N moments uniform over
 * the window: Poisson arrivals at the mean rate), by a distinct shopper who ticked the store's box for
 * marketing texts (`buyer_accepts_sms_marketing`: the store's consent covers the reminders); 5 % of
 * the webhooks posted twice. A share gets its order placed at a drawn moment; the server is killed and
 * started again on the way.
 */
async function leaveCheckouts(
  store: ShopifyAdminServer,
  variantIds: number[],
  lastDelayMs: number,
  killAndRestart: (() => Promise<Outage>) | null,
  progress: () => string,
): Promise<{ left: Left[]; outage: Outage | null; lateMs: number; startedAt: number }> {
  const draw = seededRandom(SEED + 7);
  const moments = Array.from({ length: CHECKOUTS }, () => draw() * ARRIVAL_S * 1000).sort((a, b) => a - b);
  // Orders from just after the start to a quarter past the last step: some before each step, some after them all.
  const orderWithinMs = 1.25 * lastDelayMs;
  const left: Left[] = [];
  const pending: Promise<unknown>[] = [];
  let restarting: Promise<Outage> | null = null;
  const start = performance.now() + 10;
  const startedAt = Date.now() + 10;
  let lateMs = 0;
  let nextReport = 60_000;

  const completeCheckout = async (record: Left) => {
    record.orderAt = Date.now();
    const at = new Date(record.orderAt).toISOString();
    const { phone, shippingAddress } = shopperDetails(record.n);
    // Shopify sends both when an order is placed from a checkout.
    const [order, update] = await Promise.all([
      store.placeOrder({
        lines: VARIANT_LINES(variantIds, record.n),
        phone,
        shippingAddress,
        customerLocale: 'pt-BR',
        checkoutToken: record.token,
        createdAt: at,
      }),
      store.updateCheckout(record.token!, { completed: true, at }),
    ]);
    record.orderWebhookIds = [...order.deliveries, ...update.deliveries].map((delivery) => delivery.webhookId);
  };

  for (let n = 0; n < CHECKOUTS; n++) {
    const orderDelayMs = draw() < ORDER_SHARE ? 200 + draw() * orderWithinMs : null;
    const postTwice = draw() < REDELIVERY_RATE;
    const wait = start + moments[n]! - performance.now();
    if (wait > 0) await sleep(wait);
    else lateMs = Math.max(lateMs, -wait);
    const elapsed = performance.now() - start;
    if (killAndRestart && !restarting && KILL_AT_S !== null && elapsed >= KILL_AT_S * 1000) restarting = killAndRestart();
    if (elapsed >= nextReport) {
      console.log(`  ${(elapsed / 1000).toFixed(0)} s: ${n} checkouts left; ${progress()}; load ${loadavg()[0]!.toFixed(2)}`);
      nextReport += 60_000;
    }
    const at = Date.now();
    const { phone, waId, shippingAddress } = shopperDetails(n + 1);
    const record: Left = {
      n: n + 1,
      waId,
      phone,
      token: null,
      baseMs: wholeSecond(at),
      firstStatus: undefined,
      postedAt: at,
      ackMs: null,
      orderAt: null,
      orderWebhookIds: [],
    };
    left.push(record);
    const posted = performance.now();
    pending.push(
      store
        .startCheckout({
          lines: VARIANT_LINES(variantIds, n + 1),
          phone,
          customerLocale: 'pt-BR',
          shippingAddress,
          acceptsSmsMarketing: true,
          at: new Date(at).toISOString(),
        })
        .then(async ({ checkout, deliveries }) => {
          record.token = checkout.token;
          const first = deliveries[0];
          record.firstStatus = first?.status ?? null;
          record.ackMs = ok2xx(first?.status) ? performance.now() - posted : null;
          const later: Promise<unknown>[] = [];
          if (first && postTwice) later.push(store.redeliver(first));
          if (orderDelayMs !== null) later.push(sleep(Math.max(0, at + orderDelayMs - Date.now())).then(() => completeCheckout(record)));
          await Promise.all(later);
        }),
    );
  }
  await Promise.all(pending);
  return { left, outage: restarting ? await restarting : null, lateMs, startedAt };
}

// --- Counting -----------------------------------------------------------------------------------------

/** The fixture's accepted sends of the flow's templates, by shopper and step (1-based): when each was accepted. */
function sendsByShopper(cloudApi: WhatsAppCloudApiServer, number: FixturePhoneNumber) {
  const stepOf = new Map(STEP_TEMPLATES.map((template, index) => [template.name, index + 1]));
  const byShopper = new Map<string, Map<number, number[]>>();
  let overLimit = 0;
  for (const send of cloudApi.templateSends(number.phoneNumberId)) {
    const step = stepOf.get(send.name);
    if (step === undefined) continue;
    if (send.overMessagingLimit) overLimit++;
    const steps = byShopper.get(send.waId) ?? new Map<number, number[]>();
    steps.set(step, [...(steps.get(step) ?? []), send.at]);
    byShopper.set(send.waId, steps);
  }
  return { byShopper, overLimit };
}

type CheckoutRecord = { id: number; remindersSent: number; status: string; reason: string | null; completedAt: number | null };

type Counted = {
  /** By checkout token: the server's record of it. */
  checkouts: Map<string, CheckoutRecord>;
  /** By send key (`recovery:<checkoutId>:<step>`): when the reminder was asked for, and its end. */
  /** `admitted`: the sender's last look (its turn) when it took one attempt; null when none or several (a retry's last look is not kept). */
  sends: Map<string, { status: string; reason: string | null; asked: number; admitted: number | null; sent: number | null }>;
  /** When the server recorded each webhook id (epoch ms). */
  received: Map<string, number>;
  /** Jobs left: `<queue> <status>` → count (recovery jobs waiting out the attribution window apart). */
  jobs: Map<string, number>;
  /** The checkouts whose recovery job is still queued for a reminder (not waiting out the attribution window). */
  queued: Set<number>;
};

/** What the server's database holds of the run (PGlite: read once the server stopped). */
async function countDatabase(target: Target, uid: string, inventoryId: string, webhookIds: string[]): Promise<Counted> {
  return readTargetDatabase(target, async (query) => {
    const epochMs = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;
    const checkouts = new Map<string, CheckoutRecord>();
    for (const row of await query(
      `select id, token, reminders_sent, recovery_status, recovery_reason, ${epochMs('completed_at')} as completed
         from store_checkouts where inventory_id = $1`,
      [inventoryId],
    ))
      checkouts.set(String(row.token), {
        id: Number(row.id),
        remindersSent: Number(row.reminders_sent),
        status: String(row.recovery_status),
        reason: row.recovery_reason === null ? null : String(row.recovery_reason),
        completedAt: row.completed === null ? null : Number(row.completed),
      });
    const sends: Counted['sends'] = new Map();
    for (const row of await query(
      `select send_key, status, reason, ${epochMs('created_at')} as asked, ${epochMs('first_attempt_at')} as admitted, attempts, ${epochMs('sent_at')} as sent
         from template_sends where uid = $1 and send_key like 'recovery:%'`,
      [uid],
    ))
      sends.set(String(row.send_key), {
        status: String(row.status),
        reason: row.reason === null ? null : String(row.reason),
        asked: Number(row.asked),
        admitted: row.admitted === null || Number(row.attempts) !== 1 ? null : Number(row.admitted),
        sent: row.sent === null ? null : Number(row.sent),
      });
    const received = new Map<string, number>();
    for (const row of await query(
      `select webhook_id, ${epochMs('received_at')} as received from shopify_webhook_deliveries where inventory_id = $1 and webhook_id = any($2::text[])`,
      [inventoryId, webhookIds],
    ))
      received.set(String(row.webhook_id), Number(row.received));
    const jobRows = await query(
      `select queue, status, run_after > now() + interval '1 day' as attribution, count(*)::int as n from jobs j
        where (queue = $3 and (payload->>'checkoutId')::bigint in (select id from store_checkouts where inventory_id = $1))
           or (queue = $4 and exists (select 1 from template_sends s where s.id::text = j.payload->>'sendId' and s.uid = $2))
        group by 1, 2, 3`,
      [inventoryId, uid, RECOVERY_QUEUE, TEMPLATE_SEND_QUEUE],
    );
    const jobs = new Map(
      jobRows.map((row) => [`${String(row.queue)} ${String(row.status)}${row.attribution ? ' (attribution window)' : ''}`, Number(row.n)]),
    );
    const queued = new Set<number>();
    for (const row of await query(
      `select (payload->>'checkoutId')::bigint as id from jobs where queue = $2 and run_after < now() + interval '1 day'
         and (payload->>'checkoutId')::bigint in (select id from store_checkouts where inventory_id = $1)`,
      [inventoryId, RECOVERY_QUEUE],
    ))
      queued.add(Number(row.id));
    return { checkouts, sends, received, jobs, queued };
  });
}

type Figures = {
  checkouts: number;
  ordered: number;
  due: number;
  sent: number;
  lateness: number[];
  lateKill: number[];
  lateUntouched: number[];
  askedLate: number[];
  askToAccept: number[];
  /** Due before its order, not sent when the order came: stopped by it, and the longest such wait. */
  stoppedLate: { count: number; maxMs: number };
  /** Due after the order (never to go), and how many of those went. */
  neverDue: number;
  twice: number;
  /** `admittedBefore`: the sender's last look (its turn, right before Meta) came before the order was recorded: in flight then. */
  afterOrder: { total: number; askedBefore: number; admittedBefore: number; neverDue: number; examples: string[] };
  /** Sent after the order but before its webhook reached the server (it could not know). */
  beforeKnown: number;
  /** Due, no order, not sent by the end: still queued (the worker behind), or lost (no job left to send it). */
  unsent: number;
  lost: number;
  lostIds: string[];
  /** Unsent ones the recovery worker asked for, by the sender's status and reason for them. */
  atSender: Map<string, number>;
  statuses: Map<string, number>;
  rssLives: number[];
  ack: number[];
  /** The answers' times of the checkouts posted at moments `when` accepts. */
  ackBy: (when: (postedAt: number) => boolean) => number[];
  ackFailed: number;
  outage: (Outage & { atS: number }) | null;
  overLimit: number;
  sendCalls: number;
  accepted: number;
  load: number;
};

/** Unsent reminders the worker asked for: the sender holds or ended them. */
const atSenderCount = (f: Pick<Figures, 'atSender'>) => [...f.atSender.values()].reduce((sum, n) => sum + n, 0);

/** Each due reminder's fate, from the fixture's sends, the run's record and the server's database. */
function figuresOf(
  left: readonly Left[],
  sends: ReturnType<typeof sendsByShopper>,
  counted: Counted,
  outage: Outage | null,
): Omit<Figures, 'rssLives' | 'ack' | 'ackBy' | 'ackFailed' | 'outage' | 'sendCalls' | 'accepted' | 'load'> {
  const delays = stepDelaysMs();
  const f = {
    lateness: [] as number[],
    lateKill: [] as number[],
    lateUntouched: [] as number[],
    askedLate: [] as number[],
    askToAccept: [] as number[],
    stoppedLate: { count: 0, maxMs: 0 },
    afterOrder: { total: 0, askedBefore: 0, admittedBefore: 0, neverDue: 0, examples: [] as string[] },
    lostIds: [] as string[],
    atSender: new Map<string, number>(),
  };
  let [due, sent, neverDue, twice, beforeKnown, unsent, lost] = [0, 0, 0, 0, 0, 0, 0];
  const statuses = new Map<string, number>();
  for (const checkout of left) {
    const row = checkout.token ? counted.checkouts.get(checkout.token) : undefined;
    const status = row ? `${row.status}${row.reason ? ` ${row.reason}` : ''}` : 'not recorded';
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const known = Math.min(...checkout.orderWebhookIds.map((id) => counted.received.get(id) ?? Infinity));
    delays.forEach((delay, index) => {
      const step = index + 1;
      const dueAt = checkout.baseMs + delay;
      const accepted = sends.byShopper.get(checkout.waId)?.get(step) ?? [];
      const ask = row ? counted.sends.get(`recovery:${row.id}:${step}`) : undefined;
      if (accepted.length > 1) twice++;
      const first = accepted[0];
      if (checkout.orderAt !== null && first !== undefined && first > checkout.orderAt) {
        if (first > known) {
          f.afterOrder.total++;
          if (ask && ask.asked <= known) f.afterOrder.askedBefore++;
          if (ask?.admitted != null && ask.admitted <= known) f.afterOrder.admittedBefore++;
          if (dueAt >= checkout.orderAt) f.afterOrder.neverDue++;
          // Each moment from the order's placing: due, asked for, the order recorded by the server, accepted by Meta.
          const from = (at: number | undefined) => (at === undefined ? '?' : `${Math.round(at - checkout.orderAt!)}`);
          if (f.afterOrder.examples.length < 5)
            f.afterOrder.examples.push(
              `step ${step}: due ${from(dueAt)}, asked ${from(ask?.asked)}, admitted ${from(ask?.admitted ?? undefined)}, order recorded ${from(known)}, accepted ${from(first)} ms`,
            );
        } else beforeKnown++;
      }
      if (checkout.orderAt !== null && dueAt >= checkout.orderAt) {
        neverDue++;
        return;
      }
      due++;
      if (first === undefined) {
        if (checkout.orderAt !== null) {
          f.stoppedLate.count++;
          f.stoppedLate.maxMs = Math.max(f.stoppedLate.maxMs, checkout.orderAt - dueAt);
        } else {
          unsent++;
          if (row && counted.queued.has(row.id)) return;
          // Asked for, not accepted: the sender holds it (waiting its turn) or ended it; by status and reason.
          if (ask) {
            const held = `${ask.status}${ask.reason ? ` ${ask.reason}` : ''}`;
            f.atSender.set(held, (f.atSender.get(held) ?? 0) + 1);
            return;
          }
          lost++;
          if (f.lostIds.length < 5) f.lostIds.push(`${row ? `checkout ${row.id}` : `token ${checkout.token}`} step ${step}`);
        }
        return;
      }
      sent++;
      const late = first - dueAt;
      f.lateness.push(late);
      const touched = outage !== null && dueAt < outage.readyAt && first >= outage.killAt;
      (touched ? f.lateKill : f.lateUntouched).push(late);
      if (ask) {
        f.askedLate.push(ask.asked - dueAt);
        f.askToAccept.push(first - ask.asked);
      }
    });
  }
  return {
    checkouts: left.length,
    ordered: left.filter((checkout) => checkout.orderAt !== null).length,
    due,
    sent,
    lateness: sortedOf(f.lateness),
    lateKill: sortedOf(f.lateKill),
    lateUntouched: sortedOf(f.lateUntouched),
    askedLate: sortedOf(f.askedLate),
    askToAccept: sortedOf(f.askToAccept),
    stoppedLate: f.stoppedLate,
    neverDue,
    twice,
    afterOrder: f.afterOrder,
    beforeKnown,
    unsent,
    lost,
    lostIds: f.lostIds,
    atSender: f.atSender,
    statuses,
    overLimit: sends.overLimit,
  };
}

// --- The run ------------------------------------------------------------------------------------------

/** Whether each reminder due so far went or was stopped by its order: the drain ends when none is left. */
function unsettled(left: readonly Left[], cloudApi: WhatsAppCloudApiServer, number: FixturePhoneNumber, now: number) {
  const { byShopper } = sendsByShopper(cloudApi, number);
  const delays = stepDelaysMs();
  let waiting = 0;
  for (const checkout of left)
    delays.forEach((delay, index) => {
      const dueAt = checkout.baseMs + delay;
      // Not due yet; or due and neither sent nor ordered (an order placed sends it, or stops it).
      if (dueAt > now || (checkout.orderAt === null && !byShopper.get(checkout.waId)?.has(index + 1))) waiting++;
    });
  return waiting;
}

async function runTarget(
  target: Target,
  main: string,
  variantIds: number[],
): Promise<{ figures: Figures; rows: BenchRow[]; block: BenchBlock }> {
  // A number new to the run (PostgreSQL outlives it; a number is connected once across accounts).
  const number = fixturePhoneNumber(randomInt(1, 9_000));
  const cloudApi = await startWhatsAppCloudApiServer({
    numbers: [number],
    sentStatuses: true,
    messagingLimitTier: 'TIER_UNLIMITED',
    seed: SEED,
  });
  for (const template of STEP_TEMPLATES) cloudApi.addTemplate(number.wabaId, toGraphTemplate(template, 'pt_BR'));
  const store = await startShopifyAdminServer({
    shop: { name: SHOP.name, currencyCode: SHOP.currencyCode, myshopifyDomain: SHOP.myshopifyDomain },
    products: demoStoreProducts(),
    bucket: PLUS_BUCKET,
    seed: SEED,
  });
  const user = await createUser('bench-recovery');
  const retries = retryFailedDeliveries(store, cloudApi);
  const memory = memoryWatch();
  let server: NoticeServer | null = null;
  try {
    console.log(`\n${target.name}: the merchant's account and an active AI base; starting the server…`);
    const aiBaseId = await seedMerchant(target, user);
    server = await startNoticeServer(main, target, cloudApi.graphUrl);
    memory.watch(server.child);
    pointPeersAt(server, store, cloudApi, number);
    const { inventoryId } = await configure(merchantApi(server, user), store, number, aiBaseId);
    const delays = stepDelaysMs();
    console.log(
      `  inventory on the store (webhooks subscribed: ${store.webhookSubscriptions().length}), number connected, recovery flow on: ` +
        `${STEP_TEMPLATES.slice(0, delays.length)
          .map((template, index) => `${template.name} at ${STEP_DELAYS_MINUTES[index]} min (${ms(delays[index]!)})`)
          .join(', ')}; the last with its 10 % code`,
    );

    // Warm-up: a checkout left a second after the flow was switched on (Shopify's whole seconds), reminded once.
    await sleep(1_100);
    const marker = shopperDetails(99_000_000);
    const markerStarted = Date.now();
    await store.startCheckout({
      lines: VARIANT_LINES(variantIds, 0),
      phone: marker.phone,
      customerLocale: 'pt-BR',
      shippingAddress: marker.shippingAddress,
      acceptsSmsMarketing: true,
    });
    while (!sendsByShopper(cloudApi, number).byShopper.get(marker.waId)?.has(1)) {
      if (Date.now() - markerStarted > 60_000) throw new Error('the warm-up checkout was not reminded within 60 s');
      await sleep(200);
    }
    console.log(`  warm-up checkout reminded ${((Date.now() - markerStarted) / 1000).toFixed(1)} s after it was left`);
    server.takeLog();
    const idleMb = memory.now();

    console.log(
      `\nCheckouts: ${CHECKOUTS.toLocaleString('en')} over ${ARRIVAL_S} s (${(CHECKOUTS / ARRIVAL_S).toFixed(1)}/s), ` +
        `${Math.round(ORDER_SHARE * 100)} % with an order placed, 5 % of webhooks posted twice` +
        (KILL_AT_S === null ? '…' : `; the server is killed (SIGKILL) ${KILL_AT_S} s in and started again on the same database…`),
    );
    const killAndRestart = async (): Promise<Outage> => {
      const killAt = Date.now();
      const dead = server!;
      const exited = new Promise((done) => dead.child.once('exit', done));
      memory.watch({}); // the dying life's peak, before it goes
      dead.child.kill('SIGKILL');
      await exited;
      const log = dead.takeLog();
      const restarted = await startNoticeServer(main, target, cloudApi.graphUrl);
      memory.watch(restarted.child);
      pointPeersAt(restarted, store, cloudApi, number);
      server = restarted;
      const readyAt = Date.now();
      console.log(`  killed; started again and answering ${((readyAt - killAt) / 1000).toFixed(1)} s later`);
      return { killAt, readyAt, restartS: (readyAt - killAt) / 1000, log };
    };
    const progress = () =>
      `${cloudApi.templateSends(number.phoneNumberId).length} reminders accepted by the Cloud API, server RSS ${memory.now() > 0 ? `${memory.now().toFixed(0)} MB` : '— (down)'}`;
    const run = await leaveCheckouts(store, variantIds, delays.at(-1)!, KILL_AT_S === null ? null : killAndRestart, progress);
    const { left, outage } = run;
    const load = loadavg()[0]!;
    console.log(
      `  ${left.length} left (at most ${run.lateMs.toFixed(0)} ms behind their moments), ${left.filter((c) => c.orderAt !== null).length} orders placed; load ${load.toFixed(2)}`,
    );
    if (outage) {
      console.log('  the killed server’s log:');
      printLog(outage.log);
    }

    // Drain: every reminder due went, or its order stopped it, or the timeout.
    const lastDue = Math.max(...left.map((checkout) => checkout.baseMs + delays.at(-1)!));
    for (;;) {
      const waiting = unsettled(left, cloudApi, number, Date.now());
      if (waiting === 0) break;
      if (Date.now() > lastDue + DRAIN_TIMEOUT_S * 1000) {
        console.log(`  drain timed out with ${waiting} reminders neither sent nor stopped`);
        break;
      }
      await sleep(2_000);
    }
    await sleep(2_000); // a reminder sent twice, or after its order, comes a moment later
    console.log(`  drained ${((Date.now() - lastDue) / 1000).toFixed(1)} s after the last reminder was due`);
    const accepted = cloudApi.templateSends(number.phoneNumberId).length;
    const sendCalls = cloudApi.requests.filter((request) => request.method === 'POST' && request.url.includes('/messages')).length;
    const sends = sendsByShopper(cloudApi, number);
    printLog(server.takeLog());
    const rssLives = memory.stop();
    await server.stop(); // PGlite has one owner: the server goes, then its data dir is read
    const counted = await countDatabase(
      target,
      user.uid,
      inventoryId,
      left.flatMap((checkout) => checkout.orderWebhookIds),
    );
    const ack = sortedOf(left.flatMap((checkout) => (checkout.ackMs === null ? [] : [checkout.ackMs])));
    const figures: Figures = {
      ...figuresOf(left, sends, counted, outage),
      rssLives,
      ack,
      ackBy: (when) => sortedOf(left.flatMap((checkout) => (checkout.ackMs !== null && when(checkout.postedAt) ? [checkout.ackMs] : []))),
      ackFailed: left.filter((checkout) => !ok2xx(checkout.firstStatus)).length,
      outage: outage ? { ...outage, atS: (outage.killAt - run.startedAt) / 1000 } : null,
      sendCalls,
      accepted,
      load,
    };
    console.log(`  database: checkouts by status ${JSON.stringify(Object.fromEntries(figures.statuses))}`);
    console.log(`  jobs left ${JSON.stringify(Object.fromEntries(counted.jobs))}`);
    const pending = [...counted.sends.values()].filter((send) => send.status !== 'sent');
    if (pending.length > 0)
      console.log(
        `  reminder sends not sent: ${JSON.stringify(Object.fromEntries(tally(pending.map((send) => `${send.status} ${send.reason ?? ''}`.trim()))))}`,
      );
    report(target, figures, idleMb);
    return { figures, rows: rowsOf(target, figures), block: docBlock(target, figures) };
  } finally {
    memory.stop();
    await retries.stop();
    await server?.stop();
    await store.close();
    await cloudApi.close();
    // On PostgreSQL the bench's account goes, with its inventory, channel, checkouts and sends.
    await removeBenchData(target, user);
  }
}

const tally = (keys: readonly string[]) => {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
};

function report(target: Target, f: Figures, idleMb: number) {
  console.log(`\n${target.name}:`);
  console.log(
    `  ${f.checkouts} checkouts, ${f.ordered} with an order; ${f.due} reminders due (due before the order, or no order), ${f.sent} sent`,
  );
  console.log(`  lateness (accepted by the Cloud API − due), every due reminder sent: ${latencyText(f.lateness)}`);
  console.log(`    p95 ${ms(percentile(f.lateness, 0.95))}; over 5 s: ${f.lateness.filter((late) => late > BUDGET.lateP99Ms).length}`);
  if (f.outage) {
    console.log(`    due while the server was down or in flight at the kill: ${latencyText(f.lateKill)}`);
    console.log(`    the others: ${latencyText(f.lateUntouched)}`);
  }
  console.log(`    due → asked (the recovery worker): ${latencyText(f.askedLate)}`);
  console.log(`    asked → accepted (the sender, Meta): ${latencyText(f.askToAccept)}`);
  console.log(
    `  stopped by an order placed after they were due, before they went: ${f.stoppedLate.count} (the longest ${ms(f.stoppedLate.maxMs)} after its time)`,
  );
  console.log(`  due after their order (never to go): ${f.neverDue}`);
  console.log(
    `  sent twice ${f.twice}; sent after the server recorded the order ${f.afterOrder.total} (${f.afterOrder.askedBefore} asked for before it, ` +
      `${f.afterOrder.admittedBefore} admitted by the sender, its last look, before it: in flight to Meta then, ` +
      `${f.afterOrder.neverDue} due after the order); sent after the order was placed but before its webhook reached the server ${f.beforeKnown}`,
  );
  for (const example of f.afterOrder.examples) console.log(`    after the order, ${example}`);
  const atSender = atSenderCount(f);
  console.log(
    `  not sent by the end (due, no order) ${f.unsent}: ${f.unsent - f.lost - atSender} with their job still queued (the worker behind), ` +
      `${atSender} asked for and held or ended by the sender ${JSON.stringify(Object.fromEntries(f.atSender))}, ` +
      `${f.lost} with none (lost)${f.lostIds.length > 0 ? `: ${f.lostIds.join(', ')}…` : ''}`,
  );
  console.log(
    `  server RSS: idle ${idleMb.toFixed(0)} MB before the load, peak ${f.rssLives.map((mb) => `${mb.toFixed(0)} MB`).join(' / ')} (each life of the process)`,
  );
  console.log(`  checkouts/create answered 2xx: ${latencyText(f.ack)}; first post not answered 2xx ${f.ackFailed}`);
  if (f.outage) {
    const { killAt, readyAt } = f.outage;
    console.log(`    posted before the kill: ${latencyText(f.ackBy((at) => at < killAt))}`);
    console.log(`    posted after the restart: ${latencyText(f.ackBy((at) => at >= readyAt))}`);
  }
  console.log(
    `  Cloud API: ${f.sendCalls} send calls, ${f.accepted} accepted; sends over the messaging limit (TIER_UNLIMITED) ${f.overLimit}`,
  );
  if (f.outage)
    console.log(`  killed ${f.outage.atS.toFixed(0)} s into the arrivals, answering again ${f.outage.restartS.toFixed(1)} s later`);
}

const peakOf = (f: Figures) => Math.max(0, ...f.rssLives);

function rowsOf(target: Target, f: Figures): BenchRow[] {
  const p99 = percentile(f.lateness, 0.99);
  return [
    {
      target: target.name,
      figure: 'Reminder lateness p99',
      value: `${ms(p99)} (p50 ${ms(percentile(f.lateness, 0.5))}, max ${ms(f.lateness.at(-1) ?? NaN)}; ${f.sent} of ${f.due} due)`,
      budget: `≤ ${ms(BUDGET.lateP99Ms)}`,
      verdict: judged(p99 <= BUDGET.lateP99Ms),
    },
    {
      target: target.name,
      figure: 'Server peak RSS',
      value: `${peakOf(f).toFixed(0)} MB`,
      budget: `≤ ${BUDGET.rssMb} MB`,
      verdict: judged(peakOf(f) <= BUDGET.rssMb),
    },
    {
      target: target.name,
      figure: 'Sent twice / after the order / not sent by the end',
      value:
        `${f.twice} / ${decidedAfter(f)} / ${f.unsent} (after the order: ${f.afterOrder.admittedBefore} more already on their way to Meta ` +
        `when it was recorded; ${f.lost} not sent with no job left)`,
      budget: '0 / 0 / 0',
      verdict: judged(f.twice === 0 && decidedAfter(f) === 0 && f.unsent === 0),
    },
  ];
}

/**
 * Reminders sent after the order that the server let go knowing of it: accepted by Meta after the order was
 * recorded, less those the sender had already let go (its last look, right before it asks Meta) before then.
 * Those were on their way when the order came; no look could stop them (docs/benchmarks.md says more).
 */
const decidedAfter = (f: Figures) => f.afterOrder.total - f.afterOrder.admittedBefore;

/** The target's table for docs/benchmarks.md (written with BENCH_WRITE_DOC=1). */
function docBlock(target: Target, f: Figures): BenchBlock {
  const p = (list: number[], q: number) => Math.round(percentile(list, q)).toLocaleString('en');
  const delays = stepDelaysMs();
  const steps = STEP_DELAYS_MINUTES.map((minutes, index) => `${minutes} min (${(delays[index]! / 1000).toLocaleString('en')} s)`).join(
    ', ',
  );
  const rows: string[][] = [
    [
      `reminder accepted by the Cloud API − due, ${f.due.toLocaleString('en')} due of ${f.checkouts.toLocaleString('en')} checkouts over ${ARRIVAL_S / 60} min`,
      `p99 ${p(f.lateness, 0.99)} ms (p50 ${p(f.lateness, 0.5)}, p95 ${p(f.lateness, 0.95)}, max ${p(f.lateness, 1)}); ${f.sent.toLocaleString('en')} sent, ${f.lateness.filter((late) => late > BUDGET.lateP99Ms).length.toLocaleString('en')} over 5 s`,
      `p99 ≤ ${BUDGET.lateP99Ms.toLocaleString('en')} ms`,
      judged(percentile(f.lateness, 0.99) <= BUDGET.lateP99Ms),
    ],
    ...(f.outage
      ? [
          [
            'the same, due while the server was down or in flight at the kill',
            `p99 ${p(f.lateKill, 0.99)} ms (p50 ${p(f.lateKill, 0.5)}, max ${p(f.lateKill, 1)}; ${f.lateKill.length.toLocaleString('en')} reminders); killed ${f.outage.atS.toFixed(0)} s in, answering again ${f.outage.restartS.toFixed(1)} s later`,
            '—',
            '—',
          ],
        ]
      : []),
    [
      'server peak RSS',
      `${peakOf(f).toFixed(0)} MB (${f.rssLives.map((mb) => `${mb.toFixed(0)}`).join(' / ')} MB, each life of the process)`,
      `≤ ${BUDGET.rssMb} MB`,
      judged(peakOf(f) <= BUDGET.rssMb),
    ],
    [
      'sent twice / sent after the order / not sent by the end',
      `${f.twice} / ${decidedAfter(f)} / ${f.unsent}: accepted after the server recorded the order, ${f.afterOrder.total}, of them ` +
        `${f.afterOrder.admittedBefore} in flight to Meta when it was (the sender's last look before it: not counted) and ` +
        `${f.afterOrder.askedBefore} asked for by the recovery worker before it; ` +
        `not sent, ${(f.unsent - f.lost - atSenderCount(f)).toLocaleString('en')} still queued, ${atSenderCount(f)} held or ended by the sender, ${f.lost} with no job left (lost); ${f.stoppedLate.count.toLocaleString('en')} stopped by an order placed after they were due ` +
        `(at most ${ms(f.stoppedLate.maxMs)} after), ${f.neverDue.toLocaleString('en')} due after their order (${f.afterOrder.neverDue} of them sent)`,
      '0 / 0 / 0',
      judged(f.twice === 0 && decidedAfter(f) === 0 && f.unsent === 0),
    ],
    [
      'Shopify `checkouts/create` answered',
      `p99 ${p(f.ack, 0.99)} ms (p50 ${p(f.ack, 0.5)}, max ${p(f.ack, 1)}); ${f.ackFailed} not answered 2xx at first (posted again)`,
      '—',
      '—',
    ],
  ];
  return {
    name: `recovery-${target.name.toLowerCase()}`,
    command: benchCommand('bench:recovery'),
    date: today(),
    machine: machineLabel(),
    table: { headers: ['figure', 'measured', 'budget', 'verdict'], rows },
    note: [
      `${target.name}; DEMO_TIME_SCALE ${TIME_SCALE}, steps at ${steps}, the last with a 10 % code made in the store; ` +
        `${f.ordered.toLocaleString('en')} checkouts (${Math.round(ORDER_SHARE * 100)} %) with an order placed.`,
      `Due → asked (the recovery worker) p50 ${p(f.askedLate, 0.5)} ms, p99 ${p(f.askedLate, 0.99)} ms; asked → accepted (the sender, Meta) p50 ${p(f.askToAccept, 0.5)} ms, p99 ${p(f.askToAccept, 0.99)} ms.`,
      `Messaging limit TIER_UNLIMITED: none held back. Load average ${f.load.toFixed(1)} at the end of the arrivals.`,
    ].join(' '),
  };
}

async function main() {
  checkSettings();
  const started = performance.now();
  const targetNames = benchTargetNames();
  const serverDir = resolve('.tmp/bench-recovery/dist-server');
  const main = join(serverDir, 'main.js');
  if (!process.argv.includes('--no-build')) {
    console.log('Building the server into .tmp/bench-recovery…');
    await buildServer(serverDir);
  } else if (!existsSync(main)) throw new Error('--no-build: nothing built in .tmp/bench-recovery yet');

  const variantIds = demoStoreProducts().flatMap((product) => product.variants.map((variant) => variant.id));
  const rows: BenchRow[] = [];
  const blocks: BenchBlock[] = [];
  const emulator = await startAuthEmulator({ quiet: true });
  try {
    for (const name of targetNames) {
      const common = { SECRETS_KEY: randomBytes(32).toString('base64'), DEMO_TIME_SCALE: String(TIME_SCALE) };
      const target: Target =
        name === 'postgres'
          ? { name: 'PostgreSQL', env: { ...common, DATABASE_URL: env.DATABASE_URL! } }
          : { name: 'PGlite', env: { ...common, DATA_DIR: mkdtempSync(join(tmpdir(), 'catalyst-bench-recovery-')) } };
      const result = await runTarget(target, main, variantIds);
      rows.push(...result.rows);
      blocks.push(result.block);
    }
  } finally {
    await emulator.stop();
  }

  console.log(
    `\nCheckout recovery, ran in ${((performance.now() - started) / 1000).toFixed(0)} s; ${availableParallelism()} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  const columns: (keyof BenchRow)[] = ['target', 'figure', 'value', 'budget', 'verdict'];
  const header = (key: keyof BenchRow) => (key === 'target' ? 'database' : key);
  const widths = columns.map((key) => Math.max(header(key).length, ...rows.map((r) => r[key].length)));
  console.log(columns.map((c, i) => header(c).padEnd(widths[i]!)).join('  '));
  for (const row of rows)
    console.log(
      columns
        .map((c, i) => row[c].padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    );
  writeBenchBlocks(blocks);
}

await main();
