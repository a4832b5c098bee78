// 'Check my site' (POST /api/v1/widget/site-check, domain/widget-site-check.ts): whether the widget's
// snippet is on a page of one of its sites. An address refused (422 `validation_failed`, `fields.url`)
// is the machine's `refused` failure, said at the address's field; anything else `unknown`.
import { siteCheckAnswerSchema, type SiteCheckAnswer } from '@/domain/widget-site-check';
import type { ApiClient } from '@/src/api/api-client';
import { widgetFailures } from './widget-api';

export function widgetSiteCheckApi(api: ApiClient) {
  return {
    check: (url: string): Promise<SiteCheckAnswer> =>
      widgetFailures.calling(api.post('/widget/site-check', { url }, { schema: siteCheckAnswerSchema, explains: widgetFailures.explains })),
  };
}
