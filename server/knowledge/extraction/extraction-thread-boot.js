// The extraction thread's entry. worker_threads start plain JavaScript and the server runs its
// TypeScript through tsx, so a .ts entry gets tsx's loader, registered here. The libraries the
// file's kind needs are imported first, natively: through tsx's loader (which transforms every
// module it loads) PDF.js takes seconds to load and a few hundred MB more memory.
import { workerData } from 'node:worker_threads';

const libraries = {
  csv: ['csv-parse', 'csv-parse/sync'],
  xls: ['xlsx'],
  xlsx: ['xlsx'],
  // The worker module too: PDF.js runs it in this thread (its "fake worker", found as a global).
  pdf: ['pdfjs-dist/legacy/build/pdf.mjs', 'pdfjs-dist/legacy/build/pdf.worker.mjs'],
};

for (const library of libraries[workerData.request.kind] ?? []) await import(library);
if (workerData.entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);
