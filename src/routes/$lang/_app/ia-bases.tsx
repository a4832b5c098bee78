import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '../../../layouts/crumbs';
import { AiBasesPage } from '../../../features/ai-bases/components/ai-bases-page';

export const Route = createFileRoute('/$lang/_app/ia-bases')({
  staticData: { crumbs: [crumbs.aiBases] },
  component: AiBasesPage,
});
