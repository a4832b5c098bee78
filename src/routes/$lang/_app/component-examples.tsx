import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '@/src/layouts/crumbs';
import { ComponentExamplesPage } from '@/src/features/component-examples/components/component-examples-page';

export const Route = createFileRoute('/$lang/_app/component-examples')({
  staticData: { crumbs: [crumbs.componentExamples] },
  component: ComponentExamplesPage,
});
