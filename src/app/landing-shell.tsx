// What the landing's own entry (src/entry-landing.tsx) puts around each island it hydrates, in
// place of the app (app.tsx) and its router: the language, the theme, what the live forms need
// (lead-services-context.ts), and the lead form post the page answers, if any.
// The global styles are the server's (already in the page), so no island renders them again.
import type { ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { ThemeProvider } from 'styled-components';
import { theme } from '../ui/theme';
import type { LeadFormPost } from '@/domain/lead-form-post';
import { LeadServicesContext, type LeadServices } from '../features/landing/lead-form/lead-services-context';
import { PostedFormContext } from '../features/landing/components/posted-form';

type LandingShellProps = { services: LeadServices; post: LeadFormPost | null; children: ReactNode };

export function LandingShell({ services, post, children }: LandingShellProps) {
  return (
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <LeadServicesContext value={services}>
          <PostedFormContext value={post}>{children}</PostedFormContext>
        </LeadServicesContext>
      </ThemeProvider>
    </I18nProvider>
  );
}
