import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '../../../layouts/crumbs';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';

export const Route = createFileRoute('/$lang/_app/dashboard')({
  staticData: { crumbs: [crumbs.dashboard] },
  component: DashboardPage,
});
