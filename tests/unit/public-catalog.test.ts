// The landing page shows the public catalog alone (in its HTML for its own entry; src/i18n/i18n.ts
// when the app shows it): every message it can show must be there, found by following its imports
// (scripts/public-catalog-files.ts), and the app's screens must not weigh on it.
import { describe, expect, test } from 'vitest';
import { publicCatalogFiles } from '@/scripts/public-catalog-files';
import { isLandingPath } from '@/src/i18n/i18n';

describe('the public catalog', () => {
  const files = publicCatalogFiles();

  test("holds the landing's own messages, its lazy sections', and those of what it shares", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'src/features/landing/components/landing-layout.tsx', // the page's frame
        'src/features/landing/components/hero-section.tsx',
        'src/i18n/language-links.tsx', // an island: the landing's own entry hydrates it
        'src/features/landing/components/posted-form.tsx', // a form sent without JavaScript, answered
        'src/features/landing/components/lead-form.tsx', // loaded lazily below the fold
        'src/features/landing/components/material-request-dialog.tsx',
        'src/api/notify-http-error.ts', // a failed contact request's toast (imported lazily by entry-client.tsx)
        'src/pwa/update-prompt.tsx', // shown over any page
        'src/features/errors/components/not-found-page.tsx',
      ]),
    );
  });

  test("leaves the signed-in app's screens and the login to the app's catalog", () => {
    for (const appFile of [
      'src/features/auth/components/login-form.tsx',
      'src/features/ai-bases/components/ai-base-wizard.tsx',
      'src/layouts/default-layout.tsx',
      'src/features/dashboard/components/dashboard-page.tsx',
    ]) {
      expect(files).not.toContain(appFile);
    }
  });

  test('only the landing (and the redirect to it) goes without the app catalog', () => {
    for (const path of ['/', '/en', '/pt/', '/es/']) expect(isLandingPath(path), path).toBe(true);
    for (const path of ['/en/login', '/pt/ia-bases', '/es/ia-base/1/activate', '/en/unknown'])
      expect(isLandingPath(path), path).toBe(false);
  });
});
