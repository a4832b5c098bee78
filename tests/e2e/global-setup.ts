import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

// The e2e suite runs against the production build (`npm run build` precedes it in `npm test`).
// The service-worker update tests also need a second, newer build to deploy over the first.
export default function globalSetup() {
  if (!existsSync('dist/index.html') || !existsSync('dist/sw.js')) {
    throw new Error('No production build in dist/: run "npm run build" before the e2e tests.');
  }
  const a = JSON.parse(readFileSync('dist/build-id.json', 'utf8')).buildId as string;
  const bFile = '.tmp/dist-b/build-id.json';
  const b = existsSync(bFile) ? (JSON.parse(readFileSync(bFile, 'utf8')).buildId as string) : null;
  if (b === `${a}-next`) return;
  console.log('Building build B for the service worker update tests…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, OUT_DIR: '.tmp/dist-b', BUILD_ID: `${a}-next` },
  });
  if (result.status !== 0) throw new Error('Build B failed');
}
