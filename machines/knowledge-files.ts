import { assign, enqueueActions, fromCallback, fromPromise, raise, setup, stopChild, type EventObject } from 'xstate';
import { knowledgeFileKindOf, MAX_KNOWLEDGE_FILE_BYTES, type KnowledgeFailureReason, type KnowledgeFile } from '../domain/knowledge';
import type { ColumnOverride } from '../domain/knowledge-columns';

/**
 * Step 2 of the AI base wizard, the knowledge base: the base's files with their processing status
 * (polled while any is still `uploaded` or `processing`), the merchant's uploads (several at once,
 * each an entry of its own: uploading with progress, refused with the server's reason code, failed
 * on the network with a retry; done, it joins the list) and deleting a file after a confirmation.
 * Files are processed on the server: leaving the step (the actor stopped) stops the polling and
 * any upload still being sent, never the processing. A table file's column roles can be changed
 * (a column marked never shown to shoppers): the server reads the file again with them.
 */

/** What the machine needs of a picked file; a browser `File` is one (the src actor sends it). */
export type KnowledgeUploadSource = { readonly name: string; readonly size: number; readonly lastModified?: number };

/** Why an upload was refused: a file's failure reason (checked here first, then by the server), or the plan's trainings. */
export type KnowledgeUploadRefusal = KnowledgeFailureReason | 'plan_limit';

export type KnowledgeUpload = {
  /** The file's identity (name, size, last change): picking the same file while it uploads adds nothing. */
  id: string;
  name: string;
  sizeBytes: number;
  status: 'uploading' | 'refused' | 'failed';
  /** 0–100: the share of the bytes sent. */
  progress: number;
  refusal: KnowledgeUploadRefusal | null;
  source: KnowledgeUploadSource;
};

export type KnowledgeFilesInput = { baseId: string };

export type KnowledgeFilesContext = {
  baseId: string;
  /** The base's files as the server last listed them, oldest first. */
  files: KnowledgeFile[];
  uploads: KnowledgeUpload[];
  /** Files deleted here: a list answer computed before the deletion does not bring them back. */
  deletedFileIds: string[];
  /** The file the merchant asked to delete (being confirmed, deleted, or whose deletion failed). */
  deletion: { fileId: string } | null;
  /** Column roles being saved for a file (or whose saving failed). */
  roleChange: { fileId: string; columns: ColumnOverride[] } | null;
};

/** What the `uploadFile` actor reports, each with the upload's id. */
export type KnowledgeUploadReport =
  | { type: 'UPLOAD_PROGRESS'; uploadId: string; progress: number }
  | { type: 'UPLOAD_DONE'; uploadId: string; file: KnowledgeFile }
  | { type: 'UPLOAD_REFUSED'; uploadId: string; reason: KnowledgeUploadRefusal }
  | { type: 'UPLOAD_FAILED'; uploadId: string };

export type KnowledgeFilesEvent =
  | { type: 'RETRY' }
  | { type: 'ADD_FILE'; file: KnowledgeUploadSource }
  | KnowledgeUploadReport
  | { type: 'RETRY_UPLOAD'; uploadId: string }
  | { type: 'CANCEL_UPLOAD'; uploadId: string }
  | { type: 'DISMISS_UPLOAD'; uploadId: string }
  | { type: 'DELETE_FILE'; fileId: string }
  | { type: 'CONFIRM_DELETE' }
  | { type: 'CANCEL_DELETE' }
  | { type: 'RETRY_DELETE' }
  | { type: 'DISMISS_DELETE_FAILURE' }
  | { type: 'SET_COLUMN_ROLES'; fileId: string; columns: ColumnOverride[] }
  | { type: 'RETRY_COLUMN_ROLES' }
  | { type: 'DISMISS_COLUMN_ROLES_FAILURE' }
  /** Raised when a file was sent back to processing: the list watches it again. */
  | { type: 'FILE_REQUEUED' };

export type UploadFileInput = { baseId: string; uploadId: string; source: KnowledgeUploadSource };
export type DeleteFileInput = { baseId: string; fileId: string };
export type SaveColumnRolesInput = { baseId: string; fileId: string; columns: ColumnOverride[] };

export const uploadIdOf = (source: KnowledgeUploadSource) => `${source.name}|${source.size}|${source.lastModified ?? 0}`;
/** The spawned `uploadFile` actor of an upload. */
export const uploadActorId = (uploadId: string) => `upload:${uploadId}`;

const isUnsettled = (file: KnowledgeFile) => file.status === 'uploaded' || file.status === 'processing';
const uploadOf = (context: KnowledgeFilesContext, uploadId: string) => context.uploads.find((upload) => upload.id === uploadId);
/** Adds an upload, or puts it in the place of the one it starts again. */
const withUpload = (uploads: KnowledgeUpload[], next: KnowledgeUpload) =>
  uploads.some((upload) => upload.id === next.id) ? uploads.map((upload) => (upload.id === next.id ? next : upload)) : [...uploads, next];
const changeUpload = (uploads: KnowledgeUpload[], uploadId: string, change: Partial<KnowledgeUpload>) =>
  uploads.map((upload) => (upload.id === uploadId ? { ...upload, ...change } : upload));
const uploadIdIn = (event: KnowledgeFilesEvent) => ('uploadId' in event ? event.uploadId : '');
const listed = (context: KnowledgeFilesContext, files: KnowledgeFile[]) =>
  files.filter((file) => !context.deletedFileIds.includes(file.id));

function newUpload(
  source: KnowledgeUploadSource,
  status: KnowledgeUpload['status'],
  refusal: KnowledgeUploadRefusal | null,
): KnowledgeUpload {
  return { id: uploadIdOf(source), name: source.name, sizeBytes: source.size, status, progress: 0, refusal, source };
}

/** Asks for the list (first load or refresh): the answer says whether to keep watching. */
const askForFiles = (onError: 'loadFailed' | 'retrying') =>
  ({
    src: 'listFiles',
    id: 'listFiles',
    input: ({ context }: { context: KnowledgeFilesContext }) => ({ baseId: context.baseId }),
    onDone: [
      { guard: 'hasUnsettledFiles', target: 'waiting', actions: 'rememberFiles' },
      { target: 'settled', actions: 'rememberFiles' },
    ],
    onError,
  }) as const;

export const knowledgeFilesMachine = setup({
  types: {
    input: {} as KnowledgeFilesInput,
    context: {} as KnowledgeFilesContext,
    events: {} as KnowledgeFilesEvent,
  },
  actors: {
    // GET /api/v1/ai-bases/:id/files, POST …/files (multipart, reporting progress), DELETE …/files/:fileId;
    // provided by src/features/ai-bases.
    listFiles: fromPromise<KnowledgeFile[], { baseId: string }>(async () => {
      throw new Error('listFiles is not provided');
    }),
    uploadFile: fromCallback<EventObject, UploadFileInput>(() => {
      throw new Error('uploadFile is not provided');
    }),
    deleteFile: fromPromise<void, DeleteFileInput>(async () => {
      throw new Error('deleteFile is not provided');
    }),
    // PUT …/files/:fileId/columns: the file as the server now has it (back to `uploaded`).
    saveColumnRoles: fromPromise<KnowledgeFile, SaveColumnRolesInput>(async () => {
      throw new Error('saveColumnRoles is not provided');
    }),
  },
  delays: {
    // While a file waits or is read, its status is asked again this often; after a failed ask, less often.
    pollInterval: 2000,
    pollRetryInterval: 10_000,
  },
  guards: {
    hasUnsettledFiles: ({ context, event }) => 'output' in event && listed(context, event.output as KnowledgeFile[]).some(isUnsettled),
    // The checks the server makes on the name and the size, made before a byte is sent.
    isUnsupportedType: ({ event }) => event.type === 'ADD_FILE' && knowledgeFileKindOf(event.file.name) === null,
    isEmptyFile: ({ event }) => event.type === 'ADD_FILE' && event.file.size === 0,
    isTooLarge: ({ event }) => event.type === 'ADD_FILE' && event.file.size > MAX_KNOWLEDGE_FILE_BYTES,
    isUploadingAlready: ({ context, event }) =>
      event.type === 'ADD_FILE' && uploadOf(context, uploadIdOf(event.file))?.status === 'uploading',
    isUploading: ({ context, event }) => uploadOf(context, uploadIdIn(event))?.status === 'uploading',
    hasUploadFailed: ({ context, event }) => uploadOf(context, uploadIdIn(event))?.status === 'failed',
    isUploadOver: ({ context, event }) => ['refused', 'failed'].includes(uploadOf(context, uploadIdIn(event))?.status ?? ''),
  },
  actions: {
    rememberFiles: assign(({ context, event }) => ({ files: listed(context, 'output' in event ? (event.output as KnowledgeFile[]) : []) })),
    refuseBeforeSending: assign(({ context, event }, params: { reason: KnowledgeUploadRefusal }) => ({
      uploads: event.type === 'ADD_FILE' ? withUpload(context.uploads, newUpload(event.file, 'refused', params.reason)) : context.uploads,
    })),
    startUpload: enqueueActions(({ context, enqueue }, source: KnowledgeUploadSource) => {
      const upload = newUpload(source, 'uploading', null);
      enqueue.assign({ uploads: withUpload(context.uploads, upload) });
      enqueue.spawnChild('uploadFile', { id: uploadActorId(upload.id), input: { baseId: context.baseId, uploadId: upload.id, source } });
    }),
    setUploadProgress: assign(({ context, event }) => ({
      uploads:
        event.type === 'UPLOAD_PROGRESS'
          ? changeUpload(context.uploads, event.uploadId, { progress: Math.min(Math.max(Math.round(event.progress), 0), 100) })
          : context.uploads,
    })),
    // The new file takes the upload's place (after any of the same id a list answer already brought).
    joinList: assign(({ context, event }) => {
      if (event.type !== 'UPLOAD_DONE') return {};
      return {
        uploads: context.uploads.filter((upload) => upload.id !== event.uploadId),
        files: [...context.files.filter((file) => file.id !== event.file.id), event.file],
      };
    }),
    markRefused: assign(({ context, event }) => ({
      uploads:
        event.type === 'UPLOAD_REFUSED'
          ? changeUpload(context.uploads, event.uploadId, { status: 'refused', refusal: event.reason })
          : context.uploads,
    })),
    markFailed: assign(({ context, event }) => ({ uploads: changeUpload(context.uploads, uploadIdIn(event), { status: 'failed' }) })),
    stopUpload: stopChild(({ event }) => uploadActorId(uploadIdIn(event))),
    forgetUpload: assign(({ context, event }) => ({ uploads: context.uploads.filter((upload) => upload.id !== uploadIdIn(event)) })),
    askToDelete: assign(({ event }) => ({ deletion: event.type === 'DELETE_FILE' ? { fileId: event.fileId } : null })),
    forgetDeletion: assign({ deletion: null }),
    rememberRoleChange: assign(({ event }) => ({
      roleChange: event.type === 'SET_COLUMN_ROLES' ? { fileId: event.fileId, columns: event.columns } : null,
    })),
    forgetRoleChange: assign({ roleChange: null }),
    replaceFile: assign(({ context, event }) => {
      const file = 'output' in event ? (event.output as KnowledgeFile) : null;
      return file ? { files: context.files.map((listedFile) => (listedFile.id === file.id ? file : listedFile)), roleChange: null } : {};
    }),
    watchFilesAgain: raise({ type: 'FILE_REQUEUED' }),
    removeDeletedFile: assign(({ context }) => {
      const fileId = context.deletion?.fileId ?? '';
      return {
        files: context.files.filter((file) => file.id !== fileId),
        deletedFileIds: context.deletedFileIds.includes(fileId) ? context.deletedFileIds : [...context.deletedFileIds, fileId],
        deletion: null,
      };
    }),
  },
}).createMachine({
  id: 'knowledgeFiles',
  // Three independent parts: the list of files, the uploads (which work even while the list is
  // loading or failed to load) and a deletion.
  type: 'parallel',
  context: ({ input }) => ({ baseId: input.baseId, files: [], uploads: [], deletedFileIds: [], deletion: null, roleChange: null }),
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: askForFiles('loadFailed'),
          // The answer on its way may not hold the file just uploaded: ask again.
          on: { UPLOAD_DONE: { target: 'loading', reenter: true } },
        },
        loadFailed: { on: { RETRY: 'loading' } },
        // Every file is ready or failed: nothing to ask until an upload adds one.
        settled: { on: { UPLOAD_DONE: 'waiting', FILE_REQUEUED: 'waiting' } },
        // While a file waits or is read, its status is asked again.
        waiting: { after: { pollInterval: 'refreshing' } },
        refreshing: {
          invoke: askForFiles('retrying'),
          on: { UPLOAD_DONE: { target: 'refreshing', reenter: true } },
        },
        // The last ask failed: the statuses shown may be out of date; asked again later.
        retrying: { after: { pollRetryInterval: 'refreshing' } },
      },
    },
    // The merchant's uploads, each an entry of `uploads` with an `uploadFile` actor while it is sent.
    uploads: {
      on: {
        ADD_FILE: [
          { guard: 'isUploadingAlready' },
          { guard: 'isUnsupportedType', actions: { type: 'refuseBeforeSending', params: { reason: 'unsupported_type' } } },
          { guard: 'isEmptyFile', actions: { type: 'refuseBeforeSending', params: { reason: 'empty_file' } } },
          { guard: 'isTooLarge', actions: { type: 'refuseBeforeSending', params: { reason: 'too_large' } } },
          { actions: { type: 'startUpload', params: ({ event }) => (event as { file: KnowledgeUploadSource }).file } },
        ],
        UPLOAD_PROGRESS: { guard: 'isUploading', actions: 'setUploadProgress' },
        UPLOAD_DONE: { guard: 'isUploading', actions: ['stopUpload', 'joinList'] },
        UPLOAD_REFUSED: { guard: 'isUploading', actions: ['stopUpload', 'markRefused'] },
        UPLOAD_FAILED: { guard: 'isUploading', actions: ['stopUpload', 'markFailed'] },
        RETRY_UPLOAD: {
          guard: 'hasUploadFailed',
          actions: { type: 'startUpload', params: ({ context, event }) => uploadOf(context, uploadIdIn(event))!.source },
        },
        CANCEL_UPLOAD: { guard: 'isUploading', actions: ['stopUpload', 'forgetUpload'] },
        DISMISS_UPLOAD: { guard: 'isUploadOver', actions: 'forgetUpload' },
      },
    },
    // Deleting a file (the view offers it on the files it lists), after a confirmation.
    deletion: {
      initial: 'idle',
      states: {
        idle: { on: { DELETE_FILE: { target: 'confirming', actions: 'askToDelete' } } },
        confirming: {
          on: {
            CONFIRM_DELETE: 'deleting',
            CANCEL_DELETE: { target: 'idle', actions: 'forgetDeletion' },
          },
        },
        deleting: {
          invoke: {
            src: 'deleteFile',
            id: 'deleteFile',
            input: ({ context }) => ({ baseId: context.baseId, fileId: context.deletion!.fileId }),
            onDone: { target: 'idle', actions: 'removeDeletedFile' },
            onError: 'failed',
          },
        },
        failed: {
          on: {
            RETRY_DELETE: 'deleting',
            DISMISS_DELETE_FAILURE: { target: 'idle', actions: 'forgetDeletion' },
            DELETE_FILE: { target: 'confirming', actions: 'askToDelete' },
          },
        },
      },
    },
    // A table file's column roles, saved one change at a time; the file is then read again.
    columnRoles: {
      initial: 'idle',
      states: {
        idle: { on: { SET_COLUMN_ROLES: { target: 'saving', actions: 'rememberRoleChange' } } },
        saving: {
          tags: ['saving'],
          invoke: {
            src: 'saveColumnRoles',
            id: 'saveColumnRoles',
            input: ({ context }) => ({ baseId: context.baseId, ...context.roleChange! }),
            onDone: { target: 'idle', actions: ['replaceFile', 'watchFilesAgain'] },
            onError: 'failed',
          },
        },
        failed: {
          on: {
            RETRY_COLUMN_ROLES: 'saving',
            DISMISS_COLUMN_ROLES_FAILURE: { target: 'idle', actions: 'forgetRoleChange' },
            SET_COLUMN_ROLES: { target: 'saving', actions: 'rememberRoleChange' },
          },
        },
      },
    },
  },
});

export type KnowledgeFilesMachine = typeof knowledgeFilesMachine;

/** Files are on their way to the server: stopping the actor now would stop them. */
export const isSendingFiles = (snapshot: { context: KnowledgeFilesContext }) =>
  snapshot.context.uploads.some((upload) => upload.status === 'uploading');
