// Post-sale notices: one process's worker of the order events a store's webhooks and polling record
// (server/order-events/, ORDER_EVENT_QUEUE). An order placed with the cart page's WhatsApp box ticked
// first records that shopper's consent to order updates (source `cart_page`); then, when the
// inventory's notice for the event is on, it asks the template sender for one message to the shopper
// in their language, keyed by order (confirmation) or by shipment and tracking number (shipping
// update), so a webhook and a poll of the same event, a redelivery or a retried job send it once. The
// sender refuses it when the shopper never agreed. A fulfillment with nothing to track yet, or one
// cancelled, tells the shopper nothing; nor does an event older than NOTICE_MAX_AGE_MS (a store's
// backlog read when polling starts).
import { shopperLanguage } from '@/domain/contact';
import { readContactPhone } from '@/domain/contact-phone';
import { localeTemplateLanguages } from '@/domain/message-template';
import { noOrderNotices, noticeSendKey, type OrderNoticeKind } from '@/domain/order-notice';
import type { ContactStore } from '../contacts/contact-store';
import type { Db } from '../db/database';
import { inventoryOwnerSql } from '../inventories/inventory-queries';
import type { Job } from '../jobs/job-queue';
import { queueWorker, type QueueWorker, type WorkerLog } from '../jobs/queue-worker';
import type { TemplateSender } from '../messaging/template-sender';
import { ORDER_EVENT_QUEUE } from '../order-events/order-event-intake';
import { orderEventWith, type RecordedOrderEvent } from '../order-events/order-event-reads';
import { noticeSettingsSql } from './notice-store';
import { noticeVariables } from './notice-values';

/** An event this old when its job runs sends no notice. */
export const NOTICE_MAX_AGE_MS = 24 * 60 * 60_000;
const ENDED_FULFILLMENTS = new Set(['cancelled', 'error', 'failure']);

export type NoticeDependencies = {
  db: Db;
  contacts: ContactStore;
  sender: TemplateSender;
  now?: () => Date;
};

const noticeOf = (event: RecordedOrderEvent): OrderNoticeKind | null => {
  if (event.kind === 'order_created') return 'order_confirmation';
  if (!event.trackingNumber && !event.trackingUrl) return null;
  if (event.fulfillmentStatus && ENDED_FULFILLMENTS.has(event.fulfillmentStatus)) return null;
  return 'shipping_update';
};

/** One order event's notice: its consent from the cart page, then its send, asked once. What it did, for the log. */
export async function noticeForEvent(
  { db, contacts, sender, now = () => new Date() }: NoticeDependencies,
  orderEventId: number,
): Promise<'gone' | 'too_old' | 'no_notice' | 'off' | 'no_number' | 'asked'> {
  // One statement: the event, its inventory's owner and the inventory's notice settings.
  const found = await orderEventWith(db, orderEventId, (row) => {
    const owner = inventoryOwnerSql(row.inventoryId);
    return { uid: owner.uid, storeName: owner.name, settings: noticeSettingsSql(row.inventoryId) };
  });
  if (!found || found.uid === null) return 'gone';
  const { event } = found;
  const owner = { uid: found.uid, name: found.storeName ?? '' };
  if (now().getTime() - event.occurredAt.getTime() > NOTICE_MAX_AGE_MS) return 'too_old';

  const ticked = event.whatsappUpdatesPhone ? readContactPhone(event.whatsappUpdatesPhone) : null;
  const given = ticked?.ok ? ticked : event.customerPhone ? readContactPhone(event.customerPhone) : null;
  const contact = given?.ok ? (await contacts.consentOf(owner.uid, [given.phone])).get(given.phone) : undefined;
  const language = given?.ok ? shopperLanguage(contact?.language, event.customerLocale, given.country) : 'en';
  if (ticked?.ok && event.kind === 'order_created')
    await contacts.recordOptIn(owner.uid, ticked.phone, 'utility', 'cart_page', event.occurredAt.toISOString(), { language });

  const kind = noticeOf(event);
  if (!kind) return 'no_notice';
  const settings = found.settings ?? noOrderNotices;
  const notice = settings.notices[kind];
  if (!notice.enabled || !notice.templateName || !settings.channelId) return 'off';
  if (!given?.ok) return 'no_number';
  await sender.enqueue([
    {
      uid: owner.uid,
      channelId: settings.channelId,
      sendKey: noticeSendKey(kind, event.inventoryId, event),
      purpose: kind,
      templateName: notice.templateName,
      language: localeTemplateLanguages[language],
      recipient: given.phone,
      variables: noticeVariables(notice.variables, event, owner.name, language),
    },
  ]);
  return 'asked';
}

export type NoticeWorkerOptions = NoticeDependencies & {
  log: WorkerLog;
  concurrency?: number;
  pollMs?: number;
  /** A send was asked for (the process's sender worker may look at once). */
  onAsked?: () => void;
};

export function noticeWorker({ log, concurrency = 4, pollMs, onAsked, ...dependencies }: NoticeWorkerOptions): QueueWorker {
  return queueWorker({
    db: dependencies.db,
    name: 'order-notices',
    queues: [ORDER_EVENT_QUEUE],
    log,
    concurrency,
    ...(pollMs === undefined ? {} : { pollMs }),
    handle: async (job: Job) => {
      const outcome = await noticeForEvent(dependencies, Number(job.payload.orderEventId));
      if (outcome === 'asked') onAsked?.();
      else log.info({ job: job.id, orderEventId: job.payload.orderEventId, outcome }, 'order event: no notice');
      return 'done';
    },
  });
}
