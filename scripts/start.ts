// `npm start`: builds the SPA when its sources are newer than the build, then serves it.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';

const sources = ['src', 'domain', 'machines', 'locales', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

const built = existsSync('dist/build-id.json') ? statSync('dist/build-id.json').mtimeMs : 0;
if (built < Math.max(...sources.map(newestMtime))) {
  console.log('Building the app…');
  const result = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const port = process.env.PORT ?? '3000';
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, PORT: port },
});
console.log(`\nCatalyst is running at http://localhost:${port}/\n`);

const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));
