// The real-world files of ../shared/corpus (beside the clone; see its SOURCES.md), for the server
// tests and the e2e specs alike: this module imports nothing of Vitest's.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The real-world files (see its SOURCES.md); absent on a fresh clone, present in CI. */
export const corpusDir = resolve(import.meta.dirname, '../../../../shared/corpus');
export const hasCorpus = existsSync(join(corpusDir, 'SOURCES.md'));
export const corpusFile = (relative: string) => join(corpusDir, relative);
