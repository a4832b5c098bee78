import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '../../../layouts/crumbs';
import { AiBasesPage } from '../../../features/ai-bases/components/ai-bases-page';
import { aiBaseApi } from '../../../features/ai-bases/api/ai-base-api';

export const Route = createFileRoute('/$lang/_app/ia-bases')({
  staticData: { crumbs: [crumbs.aiBases] },
  loader: ({ context }) => aiBaseApi(context.api).list(),
  // Always fresh: another tab may have created or activated one.
  staleTime: 0,
  component: AiBasesPage,
});
