// The knowledge-files test model, derived from the production machine (its three regions explored
// one by one) with sample payloads where guards and assignments read data.
import type { EventObject } from 'xstate';
import { MAX_KNOWLEDGE_FILE_BYTES, type KnowledgeFile } from '@/domain/knowledge';
import type { ColumnOverride } from '@/domain/knowledge-columns';
import { knowledgeFilesMachine, uploadIdOf, type KnowledgeUploadSource } from '@/machines/knowledge-files';
import { createTestModelFor, type EventSamples } from './model-harness';

export const KNOWLEDGE_BASE_ID = '00000000-0000-4000-8000-000000000003';
const FILE_ID = '00000000-0000-4000-8000-0000000000f1';

export function sampleFile(status: KnowledgeFile['status'], progress = 0): KnowledgeFile {
  return {
    id: FILE_ID,
    baseId: KNOWLEDGE_BASE_ID,
    name: 'catalogo.csv',
    kind: 'csv',
    sizeBytes: 2048,
    status,
    progress,
    passageCount: status === 'ready' ? 12 : 0,
    failureReason: null,
    columns: [],
    notes: {},
    createdAt: '2026-11-21T00:00:00.000Z',
    updatedAt: '2026-11-21T00:00:00.000Z',
  };
}

/** The picked files: one the server takes, and one for each check made before sending. */
export const pickedFiles = {
  catalog: { name: 'catalogo.csv', size: 2048, lastModified: 1_700_000_000_000 },
  notes: { name: 'notes.txt', size: 120, lastModified: 1_700_000_000_000 },
  empty: { name: 'empty.csv', size: 0, lastModified: 1_700_000_000_000 },
  huge: { name: 'huge.pdf', size: MAX_KNOWLEDGE_FILE_BYTES + 1, lastModified: 1_700_000_000_000 },
} satisfies Record<string, KnowledgeUploadSource>;

const uploadId = uploadIdOf(pickedFiles.catalog);

/** The merchant marks the catalog's third column never shown to shoppers. */
export const columnRolesChange: ColumnOverride[] = [{ sheet: null, index: 2, role: 'private' }];

export const knowledgeFilesSamples: EventSamples = {
  'xstate.done.actor.listFiles': [[], [sampleFile('processing', 40)], [sampleFile('ready', 100)]].map((output) => ({
    type: 'xstate.done.actor.listFiles',
    output,
  })),
  ADD_FILE: Object.values(pickedFiles).map((file) => ({ type: 'ADD_FILE', file })),
  UPLOAD_PROGRESS: [{ type: 'UPLOAD_PROGRESS', uploadId, progress: 40 }],
  UPLOAD_DONE: [{ type: 'UPLOAD_DONE', uploadId, file: sampleFile('uploaded') }],
  UPLOAD_REFUSED: [{ type: 'UPLOAD_REFUSED', uploadId, reason: 'type_mismatch' }],
  UPLOAD_FAILED: [{ type: 'UPLOAD_FAILED', uploadId }],
  RETRY_UPLOAD: [{ type: 'RETRY_UPLOAD', uploadId }],
  CANCEL_UPLOAD: [{ type: 'CANCEL_UPLOAD', uploadId }],
  DISMISS_UPLOAD: [{ type: 'DISMISS_UPLOAD', uploadId }],
  DELETE_FILE: [{ type: 'DELETE_FILE', fileId: FILE_ID }],
  SET_COLUMN_ROLES: [{ type: 'SET_COLUMN_ROLES', fileId: FILE_ID, columns: columnRolesChange }],
  'xstate.done.actor.saveColumnRoles': [{ type: 'xstate.done.actor.saveColumnRoles', output: sampleFile('uploaded') }],
};

export function knowledgeFilesTestModel() {
  return createTestModelFor(knowledgeFilesMachine, { input: { baseId: KNOWLEDGE_BASE_ID }, samples: knowledgeFilesSamples });
}

export function knowledgeFilesPathName(events: EventObject[]): string {
  return events
    .map((e) => {
      const type = e.type.replace(/^xstate\./, '').replace(/\.knowledgeFiles\..*$/, '');
      if ('output' in e && Array.isArray(e.output))
        return `${type}(${(e.output as KnowledgeFile[]).map((file) => file.status).join(',') || 'none'})`;
      if ('file' in e) return `${type}(${(e.file as { name: string }).name})`;
      if ('reason' in e) return `${type}(${String(e.reason)})`;
      return type;
    })
    .join(' → ');
}
