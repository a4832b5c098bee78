import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '@/src/layouts/crumbs';
import { AiBaseActivatePage } from '@/src/features/ai-bases/components/ai-base-activate-page';

export const Route = createFileRoute('/$lang/_app/ia-base/$id/activate')({
  staticData: { crumbs: [crumbs.aiBases, crumbs.aiBaseConfiguration] },
  component: AiBaseActivatePage,
});
