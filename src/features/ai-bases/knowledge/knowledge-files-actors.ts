import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { KnowledgeFile } from '@/domain/knowledge';
import type { DeleteFileInput, KnowledgeUploadReport, SaveColumnRolesInput, UploadFileInput } from '@/machines/knowledge-files';
import type { KnowledgeApi, UploadOutcome } from '../api/knowledge-api';

function reportOf(uploadId: string, outcome: UploadOutcome): KnowledgeUploadReport {
  if (outcome.kind === 'done') return { type: 'UPLOAD_DONE', uploadId, file: outcome.file };
  if (outcome.kind === 'refused') return { type: 'UPLOAD_REFUSED', uploadId, reason: outcome.reason };
  return { type: 'UPLOAD_FAILED', uploadId };
}

/** The knowledge-files machine's actors on the real API. */
export function knowledgeFilesActors(knowledge: KnowledgeApi) {
  return {
    listFiles: fromPromise<Awaited<ReturnType<KnowledgeApi['list']>>, { baseId: string }>(({ input, signal }) =>
      knowledge.list(input.baseId, signal),
    ),
    deleteFile: fromPromise<void, DeleteFileInput>(({ input }) => knowledge.remove(input.baseId, input.fileId)),
    saveColumnRoles: fromPromise<KnowledgeFile, SaveColumnRolesInput>(({ input }) =>
      knowledge.setColumnRoles(input.baseId, input.fileId, input.columns),
    ),
    // Stopped by the machine (cancel, or the step left), it aborts the request.
    uploadFile: fromCallback<EventObject, UploadFileInput>(({ input, sendBack }) => {
      const { uploadId } = input;
      // The machine's sources are the Files the picker gave.
      const sending = knowledge.upload(input.baseId, input.source as File, (progress) =>
        sendBack({ type: 'UPLOAD_PROGRESS', uploadId, progress }),
      );
      void sending.outcome.then((outcome) => sendBack(reportOf(uploadId, outcome)));
      return sending.abort;
    }),
  };
}
