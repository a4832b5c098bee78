// The `ref` the website widget's links to the shop pages carry ('wg' and 18 hex digits of a hash of
// its public id): the pages report it with their views and the checkout with its event, so an order
// that came through the widget is told apart (./widget-orders.ts) without anything of the visitor.
// Derived, not stored: the same for the widget's whole life, and no other widget's.
import { createHash } from 'node:crypto';

export const widgetLinkRef = (publicId: string): string =>
  `wg${createHash('sha256').update(`catalyst-widget:${publicId}`).digest('hex').slice(0, 18)}`;
