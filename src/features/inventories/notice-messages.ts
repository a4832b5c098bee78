// The post-sale notices' vocabulary in the page's language: each notice's name and when it goes, what
// may fill a template's variable, and the server's refusals by their message id (domain/order-notice.ts).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { orderNoticeRefusals, type NoticeValueSource, type OrderNoticeKind } from '@/domain/order-notice';

export const noticeKindNames: Record<OrderNoticeKind, MessageDescriptor> = {
  order_confirmation: msg({
    message: 'Order confirmation',
    context: 'a post-sale notice: the WhatsApp message sent when an order is placed',
  }),
  shipping_update: msg({ message: 'Shipping update', context: 'a post-sale notice: the WhatsApp message sent when an order ships' }),
};

export const noticeKindDescriptions: Record<OrderNoticeKind, MessageDescriptor> = {
  order_confirmation: msg`Sent when the store receives an order.`,
  shipping_update: msg`Sent when the store ships an order, with its tracking link.`,
};

/** What fills a variable, as the merchant chooses it. */
export const noticeValueSourceNames: Record<NoticeValueSource, MessageDescriptor> = {
  first_name: msg`Customer’s first name`,
  order_number: msg`Order number`,
  order_total: msg`Order total`,
  order_status_url: msg`Order status page`,
  store_name: msg`Store name`,
  tracking_url: msg`Tracking link`,
  tracking_number: msg`Tracking number`,
  carrier: msg`Carrier`,
};

/** The server's refusals by message id (the view translates the id it is given). */
export const noticeRefusalMessages: ReadonlyMap<string, MessageDescriptor> = new Map(
  Object.values(orderNoticeRefusals).map((descriptor) => [descriptor.id, descriptor]),
);
