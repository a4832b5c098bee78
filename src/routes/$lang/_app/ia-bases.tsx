import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '@/src/layouts/crumbs';
import { AiBasesPage } from '@/src/features/ai-bases/components/ai-bases-page';
import { aiBaseApi } from '@/src/features/ai-bases/api/ai-base-api';

export const Route = createFileRoute('/$lang/_app/ia-bases')({
  staticData: { crumbs: [crumbs.aiBases] },
  loader: ({ context }) => aiBaseApi(context.api).list(),
  // Always fresh: another tab may have created or activated one.
  staleTime: 0,
  component: AiBasesPage,
});
