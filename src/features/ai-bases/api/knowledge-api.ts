// The knowledge-file routes of the API (server/routes/knowledge-file-routes.ts) for the
// knowledge-files machine's actors: the list and deletions through the ApiClient, uploads through
// XMLHttpRequest with their progress, and a refusal turned into its reason code.
import { knowledgeFailureReasons, knowledgeFileListSchema, knowledgeFileSchema, type KnowledgeFile } from '@/domain/knowledge';
import type { ColumnOverride } from '@/domain/knowledge-columns';
import type { KnowledgeUploadRefusal } from '@/machines/knowledge-files';
import type { ApiClient } from '@/src/api/api-client';
import { ApiError, isApiError } from '@/src/api/api-errors';

export type UploadOutcome =
  { kind: 'done'; file: KnowledgeFile } | { kind: 'refused'; reason: KnowledgeUploadRefusal } | { kind: 'failed' };

export type KnowledgeUploadOptions = {
  /** From the runtime config: `/api/v1` or an absolute URL. */
  baseUrl: string;
  /** The signed-in user's Firebase ID token (as the ApiClient sends it). */
  getIdToken: () => Promise<string | null>;
};

const refusals: readonly string[] = [...knowledgeFailureReasons, 'plan_limit'];

/** The refusal an error answer of an upload means; anything else (401, 404, 5xx, another code) is a failure to retry. */
function uploadRefusalOf(status: number, bodyText: string): KnowledgeUploadRefusal | null {
  if (status < 400 || status >= 500) return null;
  const { code } = ApiError.fromBody(status, bodyText);
  return refusals.includes(code) ? (code as KnowledgeUploadRefusal) : null;
}

function outcomeOf(status: number, bodyText: string): UploadOutcome {
  if (status === 201) {
    try {
      const parsed = knowledgeFileSchema.safeParse(JSON.parse(bodyText));
      return parsed.success ? { kind: 'done', file: parsed.data } : { kind: 'failed' };
    } catch {
      return { kind: 'failed' };
    }
  }
  const reason = uploadRefusalOf(status, bodyText);
  return reason ? { kind: 'refused', reason } : { kind: 'failed' };
}

export function knowledgeApi(api: ApiClient, upload: KnowledgeUploadOptions) {
  const filesOf = (baseId: string) => `/ai-bases/${baseId}/files`;
  return {
    list: async (baseId: string, signal?: AbortSignal): Promise<KnowledgeFile[]> =>
      (await api.get(filesOf(baseId), { schema: knowledgeFileListSchema, ...(signal ? { signal } : {}) })).files,

    /** A table file's column roles; the file as the server now has it (read again with them). */
    setColumnRoles: async (baseId: string, fileId: string, columns: ColumnOverride[]): Promise<KnowledgeFile> =>
      api.put(`${filesOf(baseId)}/${fileId}/columns`, { columns }, { schema: knowledgeFileSchema }),

    /** Deletes a file; one already gone (404) is as good as deleted. */
    remove: async (baseId: string, fileId: string): Promise<void> => {
      try {
        await api.delete(`${filesOf(baseId)}/${fileId}`);
      } catch (error) {
        if (!(isApiError(error) && error.status === 404)) throw error;
      }
    },

    /**
     * Sends one file as multipart/form-data (field `file`), reporting the share of its bytes sent.
     * XMLHttpRequest, not fetch: fetch reports no upload progress over HTTP/1.1 (streaming request
     * bodies need HTTP/2 and still give no progress events). Never rejects: the outcome says how it
     * ended. `abort()` stops it (its outcome then never settles).
     */
    upload(baseId: string, file: File, onProgress: (percent: number) => void): { outcome: Promise<UploadOutcome>; abort: () => void } {
      const request = new XMLHttpRequest();
      let aborted = false;
      const outcome = new Promise<UploadOutcome>((resolve) => {
        void upload.getIdToken().then(
          (token) => {
            if (aborted) return;
            request.open('POST', `${upload.baseUrl.replace(/\/+$/, '')}${filesOf(baseId)}`);
            request.setRequestHeader('Authorization', `Bearer ${token ?? ''}`);
            request.setRequestHeader('Accept', 'application/json');
            request.upload.onprogress = (event) => {
              if (event.lengthComputable && event.total > 0) onProgress(Math.floor((event.loaded / event.total) * 100));
            };
            request.onload = () => resolve(outcomeOf(request.status, request.responseText));
            request.onerror = () => resolve({ kind: 'failed' });
            request.ontimeout = () => resolve({ kind: 'failed' });
            const form = new FormData();
            form.append('file', file, file.name);
            request.send(form);
          },
          () => resolve({ kind: 'failed' }),
        );
      });
      return {
        outcome,
        abort: () => {
          aborted = true;
          request.abort();
        },
      };
    },
  };
}

export type KnowledgeApi = ReturnType<typeof knowledgeApi>;
