// The other floor of a knowledge import (npm run bench:ingest): reading the file alone. The import
// reads a file in its extraction thread while the server stores the batches before, so it can be no
// faster than the slower of the two: writing the passages (bench-copy-floor.ts) or reading them.
// A table file's floor is its COPY; a PDF's is reading its pages with PDF.js. This runs the server
// bundle's own extraction thread as production runs it (its memory limits too), with every batch
// acknowledged at once.
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { defaultExtractionLimits, threadResourceLimits } from '../server/knowledge/extraction/run-extraction';

/** Seconds for the server bundle's extraction thread (beside `main`) to read `path` when nothing is stored. */
export function readFloorSeconds(main: string, path: string, kind: 'csv' | 'pdf'): Promise<number> {
  const dir = dirname(main);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const worker = new Worker(join(dir, 'extraction-thread-boot.js'), {
      workerData: { entry: pathToFileURL(join(dir, 'extraction-thread.js')).href, request: { path, kind, language: 'pt_br' } },
      execArgv: [],
      resourceLimits: threadResourceLimits(defaultExtractionLimits),
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    worker.on('message', (message: { type: string; detail?: string }) => {
      if (message.type === 'passages') worker.postMessage({ type: 'ack' });
      else if (message.type === 'done') {
        resolve((performance.now() - started) / 1000);
        void worker.terminate();
      } else if (message.type === 'failed') {
        reject(new Error(`reading ${path} failed: ${message.detail}`));
        void worker.terminate();
      }
    });
    worker.on('error', reject);
  });
}
