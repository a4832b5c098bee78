// `/{lang}/templates`: each connected number's WhatsApp message templates (Refresh, New template, the
// ready-made ones), and the template editor: `?channel=<id>&new=<ready-made key or blank>` for a new
// one, `?channel=<id>&name=<name>` for one Meta rejected or paused.
import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '@/src/layouts/crumbs';
import { TemplatesPage } from '@/src/features/templates/components/templates-page';
import type { TemplatesSearch } from '@/src/features/templates/template-search';

const keys = ['channel', 'name', 'new'] as const;

/**
 * The known keys' strings, without zod (validateSearch stays in the route tree, in every page's first
 * JS): the page reads them with templatesSearchSchema, which drops what is invalid.
 */
function validateTemplatesSearch(search: Record<string, unknown>): TemplatesSearch {
  const kept: TemplatesSearch = {};
  for (const key of keys) if (typeof search[key] === 'string') kept[key] = search[key];
  return kept;
}

export const Route = createFileRoute('/$lang/_app/templates')({
  validateSearch: validateTemplatesSearch,
  staticData: { crumbs: [crumbs.templates] },
  component: TemplatesPage,
});
