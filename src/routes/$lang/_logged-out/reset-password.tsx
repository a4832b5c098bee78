import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '@/src/features/password/components/reset-password-page';

export const Route = createFileRoute('/$lang/_logged-out/reset-password')({
  component: ResetPasswordPage,
});
