// The caller's website widget (GET and PUT /api/v1/widget, domain/widget.ts): read with its public id,
// and saved. A refusal (422 `widget_refused`, `fields`: field path → message id) is the widget-config
// machine's `refused` failure, said at its fields; anything else `unknown`.
import { widgetSchema, type Widget, type WidgetSettings } from '@/domain/widget';
import type { WidgetConfigFailure } from '@/machines/widget-config';
import type { ApiClient } from '@/src/api/api-client';
import { failureMap } from '@/src/api/failure-map';

export const widgetFailures = failureMap<WidgetConfigFailure>({
  codes: { widget_refused: 'refused', validation_failed: 'refused' },
});

export function widgetApi(api: ApiClient) {
  return {
    get: (signal?: AbortSignal): Promise<Widget> =>
      widgetFailures.calling(
        api.get('/widget', { schema: widgetSchema, explains: widgetFailures.explains, ...(signal ? { signal } : {}) }),
      ),
    /** Answers the widget as stored (each site as the browser's Origin names it). */
    save: (settings: WidgetSettings): Promise<Widget> =>
      widgetFailures.calling(api.put('/widget', settings, { schema: widgetSchema, explains: widgetFailures.explains })),
  };
}
