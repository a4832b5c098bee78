import { createFileRoute } from '@tanstack/react-router';
import { DefaultLayout } from '../../../layouts/default-layout';

// The pathless layout of the signed-in screens (the auth guard joins it with the API server issue).
export const Route = createFileRoute('/$lang/_app')({
  component: DefaultLayout,
});
