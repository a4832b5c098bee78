// The PGlite thread's entry (see pglite-thread.ts). worker_threads start plain JavaScript and the
// server runs its TypeScript through tsx, so a .ts entry gets tsx's loader, registered here, after
// PGlite itself is imported natively (tsx's loader would transform its few MB of JavaScript).
import { workerData } from 'node:worker_threads';

await import('@electric-sql/pglite');
if (workerData.entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);
