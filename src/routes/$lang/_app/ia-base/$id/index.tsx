import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '../../../../../layouts/crumbs';
import { AiBaseEditPage } from '../../../../../features/ai-bases/components/ai-base-edit-page';

export const Route = createFileRoute('/$lang/_app/ia-base/$id/')({
  staticData: { crumbs: [crumbs.aiBases, crumbs.aiBaseConfiguration] },
  component: AiBaseEditPage,
});
