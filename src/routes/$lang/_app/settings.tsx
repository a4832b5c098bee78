import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '../../../layouts/crumbs';
import { SettingsPage } from '../../../features/settings/components/settings-page';

export const Route = createFileRoute('/$lang/_app/settings')({
  staticData: { crumbs: [crumbs.settings] },
  component: SettingsPage,
});
