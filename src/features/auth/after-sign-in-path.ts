import { safeRedirectPath } from '@/domain/auth';

/** After sign-in: the requested path when it is on this origin, else the dashboard. */
export function afterSignInPath(lang: string, redirect: string | undefined): string {
  return safeRedirectPath(redirect) ?? `/${lang}/dashboard`;
}
