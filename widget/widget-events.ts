// What the page tells the Catalyst server its widget did (POST /api/v1/widget-sites/{public id}/events):
// shown, its panel opened, a product finder search, a click to WhatsApp. Fire and forget: `keepalive`
// lets a report finish while the page is left (the WhatsApp click often leaves it), and a failure is
// dropped silently — the shopper never waits on it nor sees it. Nothing of the visitor is sent.
import type { WidgetBeaconKind } from '@/domain/widget-events';

export function widgetReporter(endpoint: string, send: typeof fetch) {
  return (kind: WidgetBeaconKind) => {
    try {
      void send(endpoint, {
        method: 'POST',
        credentials: 'omit',
        keepalive: true,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind }),
      }).catch(() => undefined);
    } catch {
      /* a page that broke fetch: nothing reported */
    }
  };
}

/** Reports one thing the widget did. */
export type WidgetReporter = ReturnType<typeof widgetReporter>;
