// The e2e suite's server: the real Firebase Auth emulator and the product server on PGlite
// (a fresh database per run in .tmp/e2e-data) serving the production build, run as production
// runs it: the server bundle (build-server.ts, made afresh into .tmp/ in a fraction of a second).
// Playwright starts it as its webServer and stops it with SIGTERM; both children go down with it.
import { rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { FIXTURE_API_KEY, startOpenAiCompatibleServer } from '../tests/fixtures/openai-compatible-server';
import { EMULATOR_HOST, EMULATOR_PROJECT, startAuthEmulator } from './auth-emulator';
import { buildScratchServer } from './build-server';

const port = process.env.PORT ?? '4173';
const dataDir = process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${port}`; // one per port: runs may overlap

const emulator = await startAuthEmulator({ quiet: true });
// The LLM provider, on loopback: one model that answers, one over its rate limit, one down
// (tests/model/refinement-chat-model.ts's fixtureModels).
const llm = await startOpenAiCompatibleServer({
  models: ['fixture-small', 'fixture-busy', 'fixture-down'],
  fixedReplies: { 'fixture-busy': { kind: 'rate_limited', retryAfter: '30' }, 'fixture-down': { kind: 'server_error' } },
});
rmSync(dataDir, { recursive: true, force: true });

const serverMain = await buildScratchServer(`e2e-server-${port}`);
const server = spawn(process.execPath, [serverMain], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    PORT: port,
    DIST_DIR: process.env.DIST_DIR ?? 'dist',
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // The tests stand in for a load balancer on loopback: each names its client in X-Forwarded-For.
    TRUST_PROXY: 'loopback',
    // Two files at a time: one spec keeps a big file processing on purpose, the others' go on beside it.
    KNOWLEDGE_WORKER_CONCURRENCY: '2',
    LLM_BASE_URL: llm.baseUrl,
    LLM_API_KEY: FIXTURE_API_KEY,
  },
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
  await Promise.all([emulator.stop(), llm.close()]);
  process.exit(code);
}
server.on('exit', (code) => void stop(code ?? 1));
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
