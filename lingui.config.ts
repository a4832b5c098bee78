import { defineConfig } from '@lingui/cli';
import { publicCatalogFiles } from './scripts/public-catalog-files';

// Three catalogs per locale: `public` (the landing page's messages, all a public visitor loads),
// `shop` (the shopper's catalog and cart pages: the server renderer hands the page its language's
// messages) and `messages` (the rest of the app). Which file goes where follows the landing's imports.
const publicFiles = publicCatalogFiles(import.meta.dirname).map((file) => `<rootDir>/${file}`);
const shopFiles = ['<rootDir>/src/features/storefront/**'];
const notExtracted = ['**/node_modules/**', '**/route-tree.gen.ts'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'pt', 'es'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    { path: '<rootDir>/locales/{locale}/public', include: publicFiles, exclude: notExtracted },
    { path: '<rootDir>/locales/{locale}/shop', include: shopFiles, exclude: notExtracted },
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src', '<rootDir>/domain', '<rootDir>/machines'],
      exclude: [...notExtracted, ...publicFiles, ...shopFiles],
    },
  ],
  orderBy: 'messageId',
});
