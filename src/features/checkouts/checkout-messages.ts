// Checkout recovery's vocabulary in the page's language: where a checkout came from, the list's
// statuses and the reasons a checkout was skipped or its reminders stopped, what may fill a reminder's variable, the discount
// kinds, and the flow's refusals by their message id (domain/checkout-recovery.ts).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  recoveryFlowRefusals,
  type CheckoutSource,
  type CheckoutStatus,
  type DiscountKind,
  type RecoveryValueSource,
  type SkipReason,
  type StopReason,
} from '@/domain/checkout-recovery';
import type { TemplateSendStatus } from '@/domain/template-send';

export const checkoutStatusNames: Record<CheckoutStatus, MessageDescriptor> = {
  waiting: msg({ message: 'Waiting', context: 'an abandoned checkout: no reminder sent yet' }),
  reminded: msg({ message: 'Reminded', context: 'an abandoned checkout: at least one reminder sent' }),
  recovered: msg({ message: 'Recovered', context: 'an abandoned checkout: its order followed a reminder' }),
  lost: msg({ message: 'Lost', context: 'an abandoned checkout: the reminders ended without an order' }),
  opted_out: msg({ message: 'Opted out', context: 'an abandoned checkout: the shopper unsubscribed' }),
  skipped: msg({ message: 'Skipped', context: 'an abandoned checkout: never messaged' }),
};

/** Where an abandoned checkout came from: the store's checkout, or one of Catalyst's own carts. */
export const checkoutSourceNames: Record<CheckoutSource, MessageDescriptor> = {
  store: msg({ message: 'Store checkout', context: 'where an abandoned checkout came from: the store’s own checkout' }),
  cart_page: msg({ message: 'Cart page', context: 'where an abandoned checkout came from: Catalyst’s cart summary, its checkout opened' }),
  whatsapp_cart: msg({
    message: 'WhatsApp cart',
    context: 'where an abandoned checkout came from: a cart link sent on WhatsApp, never used',
  }),
};

export const skipReasonNames: Record<SkipReason, MessageDescriptor> = {
  no_consent: msg`no consent`,
  no_phone: msg`no phone number`,
  below_minimum: msg`below the minimum cart value`,
  recently_recovered: msg`reminded in the last 7 days`,
  before_flow_on: msg`left before recovery was on`,
  flow_off: msg`recovery was off`,
};

export const stopReasonNames: Record<StopReason, MessageDescriptor> = {
  order_placed: msg`the order was placed`,
  shopper_replied: msg`the shopper replied`,
  unsubscribed: msg`the shopper unsubscribed`,
  flow_off: msg`recovery was switched off`,
  template_not_approved: msg`the template is no longer approved`,
};

/** What fills a reminder's variable, as the merchant chooses it. */
export const recoveryValueSourceNames: Record<RecoveryValueSource, MessageDescriptor> = {
  first_name: msg`Shopper’s first name`,
  products: msg`Products in the cart`,
  total: msg`Cart total`,
  checkout_url: msg`Link back to the checkout`,
  store_name: msg`Store name`,
  discount_code: msg`Discount code`,
  discount_value: msg`Discount on offer (such as 10 %)`,
};

export const discountKindNames: Record<DiscountKind, MessageDescriptor> = {
  percentage: msg`Percentage off`,
  amount: msg`Amount off`,
};

/** The flow's refusals by message id (the view translates the id it is given). */
export const recoveryRefusalMessages: ReadonlyMap<string, MessageDescriptor> = new Map(
  Object.values(recoveryFlowRefusals).map((descriptor) => [descriptor.id, descriptor]),
);

/** Where a reminder's delivery stands, as the sender records it. */
export const sendStatusNames: Record<TemplateSendStatus, MessageDescriptor> = {
  queued: msg({ message: 'queued', context: 'a WhatsApp message waiting its turn to be sent' }),
  sending: msg({ message: 'sending', context: 'a WhatsApp message being handed to Meta' }),
  sent: msg({ message: 'sent', context: 'a WhatsApp message Meta took' }),
  delivered: msg({ message: 'delivered', context: 'a WhatsApp message that reached the phone' }),
  read: msg({ message: 'read', context: 'a WhatsApp message the shopper read' }),
  failed: msg({ message: 'failed', context: 'a WhatsApp message that could not be sent' }),
};
