import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '../../../layouts/crumbs';
import { ComponentExamplesPage } from '../../../features/component-examples/components/component-examples-page';

export const Route = createFileRoute('/$lang/_app/component-examples')({
  staticData: { crumbs: [crumbs.componentExamples] },
  component: ComponentExamplesPage,
});
