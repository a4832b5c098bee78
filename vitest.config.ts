import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { availableParallelism } from 'node:os';

export default defineConfig({
  plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui()],
  define: { __BUILD_ID__: JSON.stringify('test-build') },
  // `@/…` is the repository's root, as tsconfig.json's paths say (vite.config.ts too).
  resolve: { alias: [{ find: /^@\//, replacement: `${import.meta.dirname}/` }] },
  test: {
    environment: 'node',
    testTimeout: 20_000,
    // Vitest's default for a run is one worker fewer than the cores: one worker on CI's two cores,
    // where two finish the unit and component projects in about half the time (94 → 44 s measured).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/model/**/*.test.ts'] },
      },
      {
        // Views with their real machines and API client in happy-dom, against the real API server
        // on loopback (tests/component/global-setup.ts): what needs no browser is proved here.
        extends: true,
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'happy-dom',
          globalSetup: ['tests/component/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The API on real HTTP, the Firebase Auth emulator (started once per run, only when a
        // server test runs) and one database per run: PGlite, or PostgreSQL with DATABASE_URL.
        // One worker, shared modules: every file reuses that database (PGlite is slow to create).
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          fileParallelism: false,
          // One worker, so a group of its own, after the unit and component projects (Vitest runs
          // projects of one groupOrder together, and they must share a worker count).
          sequence: { groupOrder: 1 },
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
