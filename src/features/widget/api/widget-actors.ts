// `widgetConfigActors`: the widget-config machine's calls on the real API — the widget loaded with the
// numbers and inventories to choose from, the settings saved, a page checked for the snippet.
import { fromPromise } from 'xstate';
import type { Widget, WidgetSettings } from '@/domain/widget';
import type { SiteCheckAnswer } from '@/domain/widget-site-check';
import type { LoadedWidget } from '@/machines/widget-config';
import type { ApiClient } from '@/src/api/api-client';
import { widgetFailures, widgetApi } from './widget-api';
import { widgetChannelsApi } from './widget-channels-api';
import { widgetInventoriesApi } from './widget-inventories-api';
import { widgetSiteCheckApi } from './widget-site-check-api';

export function widgetConfigActors(api: ApiClient) {
  const widget = widgetApi(api);
  const channels = widgetChannelsApi(api);
  const inventories = widgetInventoriesApi(api);
  const siteCheck = widgetSiteCheckApi(api);
  return {
    loadWidget: fromPromise<LoadedWidget, void>(async ({ signal }) => {
      const [loaded, numbers, stores] = await Promise.all([
        widget.get(signal),
        widgetFailures.calling(channels.list(signal)),
        widgetFailures.calling(inventories.list(signal)),
      ]);
      return { widget: loaded, channels: numbers, inventories: stores };
    }),
    saveWidget: fromPromise<Widget, { settings: WidgetSettings }>(({ input }) => widget.save(input.settings)),
    checkSite: fromPromise<SiteCheckAnswer, { url: string }>(({ input }) => siteCheck.check(input.url)),
  };
}
