import { createFileRoute } from '@tanstack/react-router';
import { LoggedOutLayout } from '../../../layouts/logged-out-layout';

export const Route = createFileRoute('/$lang/_logged-out')({
  component: LoggedOutLayout,
});
