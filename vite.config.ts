import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { palette } from './domain/palette.ts';
import { runtimeConfigFromEnv } from './domain/runtime-config.ts';

// One id per build: the SPA compares it with /build-id.json to notice a new deploy.
const buildId = process.env.BUILD_ID ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

function buildIdFile(): Plugin {
  return {
    name: 'catalyst-build-id',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build-id.json', source: JSON.stringify({ buildId }) });
    },
  };
}

// In `vite` dev mode, answer /runtime-config.json as the server does in production.
function devRuntimeConfig(): Plugin {
  return {
    name: 'catalyst-dev-runtime-config',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/runtime-config.json', (_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(runtimeConfigFromEnv(process.env)));
      });
    },
  };
}

const outDir = process.env.OUT_DIR ?? 'dist';
// Rolldown's per-plugin timing report is noise in every build's output; bench scripts time the build.
const rolldownOptions = { checks: { bundlerTimings: false } };

export default defineConfig(({ mode, isSsrBuild }) => ({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  // `vite build --ssr`: the server renderer (src/entry-server.tsx) beside the SPA, in <outDir>-ssr,
  // self-contained: React and the libraries built in production mode, whatever NODE_ENV the server
  // runs with (node_modules' React would pick its development build), and one copy of React for all.
  ...(isSsrBuild
    ? { ssr: { noExternal: true }, define: { __BUILD_ID__: JSON.stringify(buildId), 'process.env.NODE_ENV': JSON.stringify(mode) } }
    : {}),
  build: isSsrBuild
    ? {
        ssr: 'src/entry-server.tsx',
        outDir: `${outDir}-ssr`,
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
        target: 'node20',
        rolldownOptions,
      }
    : {
        outDir,
        emptyOutDir: true,
        manifest: true,
        sourcemap: false,
        target: 'es2022',
        // Three shells: the app's; the landing's (src/entry-landing.tsx, no router: its JS budget is 110 KB); and the
        // shopper's pages' (React alone, src/entry-shop.tsx: their JS budget is 80 KB).
        rolldownOptions: { ...rolldownOptions, input: { index: 'index.html', landing: 'landing.html', shop: 'shop.html' } },
      },
  // `@/…` is the repository's root, as tsconfig.json's paths say.
  resolve: { alias: [{ find: /^@\//, replacement: `${import.meta.dirname}/` }] },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders in their own chunks too (not only components): they bring API code and zod schemas,
      // which would otherwise sit in the route tree, in every page's first JS (the landing budget).
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/route-tree.gen.ts',
    }),
    react({
      babel: {
        plugins: [
          '@lingui/babel-plugin-lingui-macro',
          // Class names from each component's file and name rather than the order modules happen to
          // load in, so the server's and the browser's agree (hydration).
          ['babel-plugin-styled-components', { ssr: true, displayName: mode !== 'production', fileName: false, pure: true }],
        ],
      },
    }),
    lingui({ failOnMissing: mode === 'production', failOnCompileError: true }),
    !isSsrBuild && buildIdFile(),
    devRuntimeConfig(),
    !isSsrBuild &&
      VitePWA({
        registerType: 'prompt',
        injectRegister: false, // the sw-update machine registers it through workbox-window
        filename: 'sw.js',
        scope: '/',
        includeAssets: ['favicon.svg', 'icons/*.png'],
        manifest: {
          name: 'Catalyst',
          short_name: 'Catalyst',
          description: 'AI agents and catalogs for merchants who sell over WhatsApp',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          theme_color: palette.primary,
          background_color: palette.darkPage,
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        workbox: {
          globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
          // The shopper's pages are not the app: the server renders them, and a merchant's installed app must not answer them.
          // The landing's shell is only ever a template: the server renders the landing into it.
          globIgnores: ['shop.html', 'assets/shop-*', 'landing.html'],
          navigateFallback: '/index.html',
          navigateFallbackDenylist: [/^\/api\//, /^\/runtime-config\.json$/, /^\/build-id\.json$/, /^\/[a-z]{2}\/c\//],
          cleanupOutdatedCaches: true,
        },
      }),
  ],
}));
