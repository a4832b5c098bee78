import { defineConfig } from '@lingui/cli';
import { publicCatalogFiles } from './scripts/public-catalog-files';

// Two catalogs per locale: `public` (the landing page's messages, all a public visitor loads) and
// `messages` (the rest of the app). Which file goes where follows the landing's imports.
const publicFiles = publicCatalogFiles(import.meta.dirname).map((file) => `<rootDir>/${file}`);
const notExtracted = ['**/node_modules/**', '**/route-tree.gen.ts'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'pt', 'es'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    { path: '<rootDir>/locales/{locale}/public', include: publicFiles, exclude: notExtracted },
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src', '<rootDir>/domain', '<rootDir>/machines'],
      exclude: [...notExtracted, ...publicFiles],
    },
  ],
  orderBy: 'messageId',
});
