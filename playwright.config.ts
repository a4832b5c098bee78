import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/chromium-path';

const PORT = Number(process.env.E2E_PORT ?? 4173);

// Debian's Chromium: test tools cannot download browsers here.
export const chromiumLaunch = {
  executablePath: chromiumPath(),
  args: [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-gpu',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 60_000,
  // How long an assertion waits for the page to get there (not a speed check: tests never assert
  // times). On CI's two cores, with two workers, Chromium, the server and the Auth emulator, a
  // signed-in page load (session restored, ~90 modules) sometimes passes the default 5 s.
  expect: { timeout: 10_000 },
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: chromiumLaunch,
    trace: 'retain-on-failure',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch } }],
  // The Firebase Auth emulator and the product server on a fresh PGlite database.
  webServer: {
    command: `node --import tsx scripts/e2e-server.ts`,
    env: { PORT: String(PORT), DIST_DIR: process.env.DIST_DIR ?? 'dist', LOG_LEVEL: 'warn' },
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
