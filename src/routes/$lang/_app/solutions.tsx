// `/{lang}/solutions`: every solution Catalyst offers, whether it is set up, its last 30 days' figure
// and the way to set it up or open it.
import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '@/src/layouts/crumbs';
import { SolutionsPage } from '@/src/features/solutions/components/solutions-page';

export const Route = createFileRoute('/$lang/_app/solutions')({
  staticData: { crumbs: [crumbs.solutions] },
  component: SolutionsPage,
});
