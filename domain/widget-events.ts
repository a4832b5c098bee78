// What the website widget records of its shoppers, for the dashboard and the Solutions screen: no
// personal data, only what happened, on which site's widget and when. The page reports what only it
// sees (a view, the panel opened, a product finder search, a click to WhatsApp); the server records
// what it answers itself (a chat begun, a handoff picked up on WhatsApp).
import * as z from 'zod/mini';

/** Every kind the dashboard counts, in the order it shows them. */
export const widgetEventKinds = ['view', 'open', 'chat', 'search', 'whatsapp', 'handoff'] as const;
export type WidgetEventKind = (typeof widgetEventKinds)[number];

/** What a page may report: the rest the server records as it answers. */
export const widgetBeaconKinds = ['view', 'open', 'search', 'whatsapp'] as const;
export type WidgetBeaconKind = (typeof widgetBeaconKinds)[number];

/** POST /api/v1/widget-sites/{public id}/events: one thing the page saw happen. */
export const widgetBeaconSchema = z.object({ kind: z.enum(widgetBeaconKinds) });
export type WidgetBeacon = z.infer<typeof widgetBeaconSchema>;
