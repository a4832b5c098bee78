import { createFileRoute } from '@tanstack/react-router';
import { crumbs } from '@/src/layouts/crumbs';
import { SettingsPage } from '@/src/features/settings/components/settings-page';
import { PasswordChangeCard } from '@/src/features/password/components/password-change-card';

export const Route = createFileRoute('/$lang/_app/settings')({
  staticData: { crumbs: [crumbs.settings] },
  component: SettingsRoute,
});

// Features never import each other: the route composes the password feature into the settings page.
function SettingsRoute() {
  return <SettingsPage passwordSection={<PasswordChangeCard />} />;
}
