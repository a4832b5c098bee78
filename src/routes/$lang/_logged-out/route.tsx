import { createFileRoute } from '@tanstack/react-router';
import { LoggedOutLayout } from '@/src/layouts/logged-out-layout';

export const Route = createFileRoute('/$lang/_logged-out')({
  // The login and password screens use the runtime config (Firebase): validated before they render.
  beforeLoad: async ({ context }) => {
    await context.runtimeConfigReady();
  },
  component: LoggedOutLayout,
});
