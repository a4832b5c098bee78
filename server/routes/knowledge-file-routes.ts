// An AI base's knowledge base: upload files (multipart, streamed to disk, 100 MB each), list them
// with their processing status, delete them, search their passages; and the reference model to
// download. Another account's base or file is a 404; past the plan's trainings this month, 403.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { aiBaseIdParamsSchema } from '@/domain/ai-base';
import { apiErrorBodySchema, type ApiErrorCode } from '@/domain/api-error';
import {
  acceptedKnowledgeFileExtensions,
  knowledgeFileListSchema,
  knowledgeFileParamsSchema,
  knowledgeFileSchema,
  knowledgeTemplateQuerySchema,
  passageSearchQuerySchema,
  passageSearchResultSchema,
  type KnowledgeFailureReason,
} from '@/domain/knowledge';
import { columnRolesRequestSchema } from '@/domain/knowledge-columns';
import type { AccountStore } from '../accounts/account-store';
import { principalOf } from '../auth/bearer-auth';
import { HttpError } from '../http/http-error';
import { FIREBASE_BEARER } from '../http/openapi';
import type { KnowledgeRefusal, KnowledgeStore } from '../knowledge/knowledge-store';
import { knowledgeTemplateXlsx } from '../knowledge/knowledge-template';
import { uploadIntake, type UploadRefusal } from '../knowledge/upload-intake';
import type { ObjectStore } from '../files/object-store';

export const TRAININGS_LIMIT_MESSAGE = "This month's trainings of your plan are used up. Upgrade your plan to upload more files.";

export type KnowledgeRouteOptions = {
  store: KnowledgeStore;
  accounts: AccountStore;
  /** The bucket the uploaded files go to. */
  files: ObjectStore;
  /** The upload limit per file in bytes (MAX_KNOWLEDGE_FILE_BYTES unless a test says otherwise). */
  maxFileBytes: number;
  /** Called after an upload is queued (wakes this process's worker). */
  onQueued: () => void;
};

/** The store's refusals: another account's base (or none) is a 404; past the plan's trainings this month, a 403. */
const refusals: Record<KnowledgeRefusal['reason'], () => HttpError> = {
  not_found: () => HttpError.notFound('No such AI base.'),
  plan_limit: () => new HttpError(403, 'plan_limit', TRAININGS_LIMIT_MESSAGE),
};
/** A refused upload's code is also the reason the SPA shows for it (domain/knowledge.ts). */
const uploadRefusal = (status: number, code: KnowledgeFailureReason & ApiErrorCode, message: string) =>
  new HttpError(status, code, message);

/** Each refused upload's answer: a new reason does not compile until it has one. */
const uploadRefusals = (maxFileBytes: number): { [R in UploadRefusal as R['reason']]: (refusal: R) => HttpError } => ({
  ...refusals,
  not_multipart: () => new HttpError(415, 'unsupported_media_type', 'Send the file as multipart/form-data.'),
  // busboy's framing errors: the client's malformed body, a 400, not our 500.
  malformed_multipart: () =>
    new HttpError(400, 'malformed_multipart', 'The multipart body is malformed: send the file as one multipart/form-data part.'),
  no_file: () => new HttpError(400, 'no_file', 'The form holds no file.'),
  unsupported_type: () =>
    uploadRefusal(415, 'unsupported_type', `Only ${acceptedKnowledgeFileExtensions} files can be added to a knowledge base.`),
  too_large: () => uploadRefusal(413, 'too_large', `The file is larger than the ${megabytes(maxFileBytes)} limit.`),
  empty_file: () => uploadRefusal(400, 'empty_file', 'The file is empty.'),
  type_mismatch: ({ kind }) =>
    uploadRefusal(415, 'type_mismatch', `The content of the file is not a ${kind.toUpperCase()} file, whatever its name says.`),
  too_many_files: () => new HttpError(400, 'too_many_files', 'Send one file per request: this form holds more than one.'),
});

const noSuchFile = () => HttpError.notFound('No such file in this AI base.');

function megabytes(bytes: number) {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema };
const security = [{ [FIREBASE_BEARER]: [] }];
const tags = ['Knowledge base'];

export async function registerKnowledgeFileRoutes(
  app: FastifyInstance,
  { store, accounts, files, maxFileBytes, onQueued }: KnowledgeRouteOptions,
) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: maxFileBytes, files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 100 },
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const intake = uploadIntake({ store, accounts, files });
    const answers = uploadRefusals(maxFileBytes);
    const refusing = (refusal: UploadRefusal) => (answers[refusal.reason] as (refusal: UploadRefusal) => HttpError)(refusal);

    api.post(
      '/ai-bases/:id/files',
      {
        schema: {
          summary: 'Upload a file to the knowledge base (multipart/form-data, one file)',
          description: [
            `One file of ${acceptedKnowledgeFileExtensions}, up to ${megabytes(maxFileBytes)}, checked by extension and content. It is queued`,
            'for processing: poll GET /ai-bases/{id}/files for its status. Each upload counts as a training of the month.',
            'Refusals (error code): 413 `too_large`, 415 `unsupported_type` or `type_mismatch`, 400 `empty_file` or `no_file`,',
            "403 `plan_limit` past the plan's trainings this month.",
          ].join(' '),
          consumes: ['multipart/form-data'],
          tags,
          security,
          params: aiBaseIdParamsSchema,
          response: { 201: knowledgeFileSchema, 403: apiErrorBodySchema, 413: apiErrorBodySchema, 415: apiErrorBodySchema, ...errors },
        },
      },
      async (request, reply) => {
        const { uid, email } = principalOf(request);
        const outcome = await intake.receive(request, uid, email, request.params.id);
        if (!outcome.ok) throw refusing(outcome.refusal);
        onQueued();
        return reply
          .code(201)
          .header('location', `${request.url.split('?')[0]}/${outcome.file.id}`)
          .send(outcome.file);
      },
    );
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/ai-bases/:id/files',
    {
      schema: {
        summary: "The knowledge base's files with their processing status, oldest first",
        description: 'Poll it while files are `uploaded` or `processing`; a `failed` file has a `failureReason` code.',
        tags,
        security,
        params: aiBaseIdParamsSchema,
        response: { 200: knowledgeFileListSchema, ...errors },
      },
    },
    async (request) => {
      const { uid } = principalOf(request);
      if (!(await store.baseOf(uid, request.params.id))) throw refusals.not_found();
      return { files: await store.list(uid, request.params.id) };
    },
  );

  api.get(
    '/ai-bases/:id/files/:fileId',
    {
      schema: {
        summary: 'One knowledge file and its status',
        tags,
        security,
        params: knowledgeFileParamsSchema,
        response: { 200: knowledgeFileSchema, ...errors },
      },
    },
    async (request) => {
      const found = await store.get(principalOf(request).uid, request.params.id, request.params.fileId);
      if (!found) throw noSuchFile();
      return found;
    },
  );

  api.put(
    '/ai-bases/:id/files/:fileId/columns',
    {
      schema: {
        summary: "Set a table file's column roles (e.g. mark a column never shown to shoppers); the file is read again with them",
        description:
          "The roles win over the importer's guesses. The passages are removed at once and the file goes back to `uploaded` (no training is counted); poll it until `ready`.",
        tags,
        security,
        params: knowledgeFileParamsSchema,
        body: columnRolesRequestSchema,
        response: { 200: knowledgeFileSchema, ...errors },
      },
    },
    async (request) => {
      const { uid } = principalOf(request);
      const { id, fileId } = request.params;
      const file = await store.get(uid, id, fileId);
      if (!file) throw noSuchFile();
      if (file.kind === 'pdf') throw new HttpError(400, 'not_a_table', 'Only a table file (CSV, XLS, XLSX) has columns.');
      const updated = await store.setColumnRoles(uid, id, fileId, request.body.columns);
      if (!updated) throw noSuchFile();
      onQueued();
      return updated;
    },
  );

  api.delete(
    '/ai-bases/:id/files/:fileId',
    {
      schema: {
        summary: 'Delete a knowledge file, its passages and its stored bytes (also while it is processed)',
        tags,
        security,
        params: knowledgeFileParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const storedPath = await store.remove(principalOf(request).uid, request.params.id, request.params.fileId);
      if (!storedPath) throw noSuchFile();
      // The row's deletion also queued this removal (for deletions that cascade); done now, it is a no-op then.
      await files.remove(storedPath);
      return reply.code(204).send(null);
    },
  );

  api.get(
    '/ai-bases/:id/passages',
    {
      schema: {
        summary: "Search the knowledge base's passages (full-text, in the base's language), best first",
        description: '`match=any` (default) ranks passages with any of the words, those with more first; `match=all` needs every word.',
        tags,
        security,
        params: aiBaseIdParamsSchema,
        querystring: passageSearchQuerySchema,
        response: { 200: passageSearchResultSchema, ...errors },
      },
    },
    async (request) => {
      const { uid } = principalOf(request);
      const base = await store.baseOf(uid, request.params.id);
      if (!base) throw refusals.not_found();
      const { q, limit, match } = request.query;
      return { passages: await store.search(uid, base, q, { limit, match }) };
    },
  );

  // Public: it holds nothing of anyone's, and a plain download link (no Authorization header) must work.
  api.get(
    '/knowledge-template.xlsx',
    {
      config: { public: true },
      schema: {
        summary: 'The reference model for a knowledge base: an .xlsx with example questions and products',
        description: 'Public. `lang` picks the language of its headers and examples (en, pt, es).',
        tags,
        querystring: knowledgeTemplateQuerySchema,
      },
    },
    async (request, reply) => {
      const { lang } = request.query;
      const workbook = await knowledgeTemplateXlsx(lang);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="catalyst-knowledge-base-${lang}.xlsx"`)
        .header('cache-control', 'public, max-age=86400')
        .send(workbook);
    },
  );
}
