// Meta's two sending limits, as pure plans the template sender runs on rows it reads from
// PostgreSQL (so every worker agrees): the messaging limit — how many different people a business
// may reach outside a customer service window in a moving 24 hours — and a number's throughput in
// messages per second. Over either limit a send waits for its slot; it is never dropped.
//
// Messaging limit (Meta's "Messaging limits" page, read 2026-11-29): since 2025-10-07 it is set per
// business portfolio and shared by every number of the portfolio; new portfolios start at the
// lowest tier and scale up automatically. The Graph API reports it on each number as
// `whatsapp_business_manager_messaging_limit` (the older `messaging_limit_tier` is deprecated). On
// the change Meta gave each portfolio the highest limit among its numbers, and numbers of one
// portfolio now report the same one, so the highest value read among them is the portfolio's.
// Throughput (Meta's "Throughput" page, same day): per number, inbound and outbound together,
// a default for Cloud API numbers, more after Meta's automatic upgrade (`throughput.level` HIGH),
// and a fixed lower rate for numbers also used in the WhatsApp Business app (coexistence).

const HOUR_MS = 60 * 60 * 1000;
/** The messaging limit counts people reached in the last 24 hours, a moving window. */
export const MESSAGING_LIMIT_WINDOW_MS = 24 * HOUR_MS;

/** Unique people per moving 24 hours, by Graph tier; legacy tiers are kept for numbers still reporting them. */
export const messagingLimitTiers: Readonly<Record<string, number>> = {
  TIER_250: 250,
  TIER_2K: 2_000,
  TIER_10K: 10_000,
  TIER_100K: 100_000,
  TIER_UNLIMITED: Number.POSITIVE_INFINITY,
  // Before 2025-10-07 (`messaging_limit_tier`): the unverified starting tier and the tier 2K replaced.
  TIER_50: 50,
  TIER_1K: 1_000,
};

/** A new portfolio's limit: assumed when the tier is unknown, so an unread tier queues rather than overspends. */
export const STARTING_MESSAGING_LIMIT = 250;

/** The limit a Graph tier stands for; a missing or unknown tier counts as the starting one. */
export function messagingLimitOf(tier: string | null | undefined): number {
  if (!tier) return STARTING_MESSAGING_LIMIT;
  return messagingLimitTiers[tier.trim().toUpperCase()] ?? STARTING_MESSAGING_LIMIT;
}

/** A portfolio's limit from the tiers its numbers report: the highest known one. */
export function portfolioMessagingLimit(tiers: readonly (string | null | undefined)[]): number {
  const known = tiers.filter((tier) => tier && messagingLimitTiers[tier.trim().toUpperCase()] !== undefined);
  return known.length === 0 ? STARTING_MESSAGING_LIMIT : Math.max(...known.map(messagingLimitOf));
}

/** A person reached outside a service window (a delivered business-initiated message), and when. */
export type Reach = { recipient: string; at: Date };

/** A send waiting in the queue: its recipient, its key, and whether a service window is open with them. */
export type QueuedSend = { recipient: string; key: string; inServiceWindow?: boolean };

export type MessagingLimitPlan<Q extends QueuedSend> = {
  /** May go now, in queue order. */
  sendNow: Q[];
  /** Must wait for a slot, in queue order. */
  waiting: Q[];
  /** When the next slot opens (the oldest reach leaves the window); null when nothing waits or none will. */
  nextSlotAt: Date | null;
  /** Different people counted in the window once `sendNow` has gone. */
  used: number;
};

/**
 * Which queued sends may go now under the portfolio's messaging limit. A person already reached in
 * the window does not count again, nor does one with an open service window; the rest take the free
 * slots in queue order. A person leaves the window 24 hours after the last time they were reached.
 */
export function planMessagingLimit<Q extends QueuedSend>(input: {
  limit: number;
  reached: readonly Reach[];
  queued: readonly Q[];
  now: Date;
}): MessagingLimitPlan<Q> {
  const nowMs = input.now.getTime();
  const limit = Math.max(0, Math.floor(input.limit));
  // Each person in the window with the moment they leave it.
  const leavesAt = new Map<string, number>();
  for (const reach of input.reached) {
    const leaves = reach.at.getTime() + MESSAGING_LIMIT_WINDOW_MS;
    if (leaves <= nowMs) continue;
    leavesAt.set(reach.recipient, Math.max(leaves, leavesAt.get(reach.recipient) ?? leaves));
  }

  const sendNow: Q[] = [];
  const waiting: Q[] = [];
  for (const send of input.queued) {
    if (send.inServiceWindow || leavesAt.has(send.recipient)) sendNow.push(send);
    else if (leavesAt.size < limit) {
      leavesAt.set(send.recipient, nowMs + MESSAGING_LIMIT_WINDOW_MS);
      sendNow.push(send);
    } else waiting.push(send);
  }

  let nextSlotAt: Date | null = null;
  if (waiting.length > 0) {
    // A slot opens when the count falls below the limit: after (count − limit + 1) people leave.
    const leaving = [...leavesAt.values()].sort((a, b) => a - b);
    const at = leaving[leavesAt.size - limit];
    if (at !== undefined) nextSlotAt = new Date(at);
  }
  return { sendNow, waiting, nextSlotAt, used: leavesAt.size };
}

/** Messages per second: the Cloud API default, after Meta's upgrade, and for coexistence numbers. */
export const STANDARD_THROUGHPUT = 80;
export const HIGH_THROUGHPUT = 1_000;

/**
 * What the sender paces a number at: the standard throughput, counted as Meta and the fixture count
 * it — messages in any one second — over a window a little longer than a second, so that a send
 * admitted a second after another still arrives after it when the calls' latencies differ. A token
 * bucket of a second's burst let up to twice the rate into one second after the sender fell behind,
 * and each send Meta refused (130429) for it cost its place (docs/benchmarks.md, Campaigns).
 */
export const PACED_THROUGHPUT = STANDARD_THROUGHPUT;
/** The window the paced sends are counted over: a second and the latency spread allowed for. */
export const PACE_WINDOW_MS = 1_020;
/** A campaign's sends are due this far apart (domain/campaign.ts campaignPaceOffsetMs): the pace's rate. */
export const CAMPAIGN_PACE_MS = PACE_WINDOW_MS / PACED_THROUGHPUT;
export const COEXISTENCE_THROUGHPUT = 20;

/** A number's throughput from its Graph fields `throughput.level` and `is_on_biz_app`. */
export function throughputOf(number: { level?: string | null; onBusinessApp?: boolean | null }): number {
  if (number.onBusinessApp) return COEXISTENCE_THROUGHPUT;
  return number.level?.toUpperCase() === 'HIGH' ? HIGH_THROUGHPUT : STANDARD_THROUGHPUT;
}

/**
 * A number's last admissions as stored between turns: their times (milliseconds since the epoch),
 * the latest `rate` of them at most.
 */
export type SendWindow = readonly number[];

export type SendWindowPlan = {
  /** How many of those wanted may go now (the first ones). */
  allowed: number;
  /** The window to store: its times with the admitted ones added, the latest `rate` of them. */
  window: number[];
  /** For each of the others, in their order, how long from now until its place in the window. */
  waits: number[];
};

/**
 * How many of `wanted` messages may go now at `ratePerSecond` (a whole number) such that no span of
 * `windowMs` holds more than the rate: a send goes once the rate-th latest before it is `windowMs`
 * old. The ones that may not go get the time of their place, each behind the one before it. A time
 * stored after `now` (another process's clock ahead, or this one gone back) counts as now.
 */
export function planSendWindow(input: {
  ratePerSecond: number;
  window: SendWindow | null;
  now: Date;
  wanted: number;
  windowMs?: number;
}): SendWindowPlan {
  const rate = input.ratePerSecond;
  if (!Number.isSafeInteger(rate) || rate <= 0) throw new RangeError(`throughput must be a positive whole rate, not ${rate}`);
  const windowMs = input.windowMs ?? PACE_WINDOW_MS;
  const nowMs = input.now.getTime();
  const times = (input.window ?? [])
    .map((time) => Math.min(time, nowMs))
    .sort((a, b) => a - b)
    .slice(-rate);
  const wanted = Math.max(0, Math.floor(input.wanted));
  let allowed = 0;
  const waits: number[] = [];
  for (let index = 0; index < wanted; index++) {
    const at = times.length < rate ? nowMs : Math.max(nowMs, times[times.length - rate]! + windowMs);
    times.push(at);
    if (at === nowMs && waits.length === 0) allowed += 1;
    else waits.push(at - nowMs);
  }
  return { allowed, window: times.slice(0, times.length - waits.length).slice(-rate), waits };
}
