import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '@/src/layouts/crumbs';
import { AiBaseNewPage } from '@/src/features/ai-bases/components/ai-base-new-page';

export const Route = createFileRoute('/$lang/_app/ia-base/')({
  staticData: { crumbs: [crumbs.aiBases, crumbs.aiBaseConfiguration] },
  component: AiBaseNewPage,
});
