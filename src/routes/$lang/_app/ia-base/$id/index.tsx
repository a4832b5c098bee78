import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '@/src/layouts/crumbs';
import { AiBaseEditPage } from '@/src/features/ai-bases/components/ai-base-edit-page';

export const Route = createFileRoute('/$lang/_app/ia-base/$id/')({
  staticData: { crumbs: [crumbs.aiBases, crumbs.aiBaseConfiguration] },
  component: AiBaseEditPage,
});
