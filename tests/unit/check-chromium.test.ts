// `npm test` on a machine without Chromium stops at its first step with one line that says how to
// install it, instead of failing in Playwright after the rest of the suite.
import { spawnSync } from 'node:child_process';
import { expect, test } from 'vitest';

const check = (chromium: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-chromium.ts'], {
    env: { ...process.env, CHROMIUM_PATH: chromium },
    encoding: 'utf8',
  });

test('no Chromium: exit 1 and one line naming the fix', () => {
  const result = check('/nonexistent/chromium');
  expect(result.status).toBe(1);
  expect(result.stdout).toBe('');
  const lines = result.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain('/nonexistent/chromium');
  expect(lines[0]).toContain('apt-get install chromium');
  expect(lines[0]).toContain('CHROMIUM_PATH');
});

test('a runnable file at CHROMIUM_PATH: the tests go on, silently', () => {
  const result = check(process.execPath);
  expect(result.status).toBe(0);
  expect(result.stderr).toBe('');
});
