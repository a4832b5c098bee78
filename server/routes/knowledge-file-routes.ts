// An AI base's knowledge base: upload files (multipart, streamed to disk, 100 MB each), list them
// with their processing status, delete them, search their passages; and the reference model to
// download. Another account's base or file is a 404; past the plan's trainings this month, 403.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { aiBaseIdParamsSchema } from '../../domain/ai-base';
import { withoutBidiControls } from '../../domain/bidi-controls';
import { withoutUnstorable } from '../../domain/storable-values';
import { apiErrorBodySchema, type ApiErrorCode } from '../../domain/api-error';
import {
  acceptedKnowledgeFileExtensions,
  knowledgeFileKindOf,
  knowledgeFileListSchema,
  knowledgeFileParamsSchema,
  knowledgeFileSchema,
  knowledgeTemplateQuerySchema,
  passageSearchQuerySchema,
  passageSearchResultSchema,
  type KnowledgeFailureReason,
} from '../../domain/knowledge';
import { columnRolesRequestSchema } from '../../domain/knowledge-columns';
import { plans } from '../../domain/plans';
import type { AccountStore } from '../accounts/account-store';
import { principalOf } from '../auth/bearer-auth';
import { HttpError } from '../http/http-error';
import { FIREBASE_BEARER } from '../http/openapi';
import { SIGNATURE_BYTES, signatureMatches } from '../knowledge/file-signature';
import { KnowledgeRefusal, type KnowledgeStore } from '../knowledge/knowledge-store';
import { knowledgeTemplateXlsx } from '../knowledge/knowledge-template';
import { resolveStoredPath, removeStoredFile, storedPathFor } from '../knowledge/upload-storage';

export const TRAININGS_LIMIT_MESSAGE = "This month's trainings of your plan are used up. Upgrade your plan to upload more files.";

export type KnowledgeRouteOptions = {
  store: KnowledgeStore;
  accounts: AccountStore;
  dataDir: string;
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
const uploadRefusal = (status: number, code: KnowledgeFailureReason & ApiErrorCode, message: string) => new HttpError(status, code, message);

/**
 * busboy's framing errors (no closing boundary, garbage, a boundary the body does not use) are
 * plain Errors without a status: the client's malformed body, a 400, not our 500.
 */
function multipartError(error: unknown): unknown {
  if (error instanceof HttpError || (error as { statusCode?: unknown }).statusCode !== undefined) return error;
  const message = error instanceof Error ? error.message : '';
  return /multipart|unexpected end of (form|file)|malformed part header|boundary/i.test(message)
    ? new HttpError(400, 'malformed_multipart', 'The multipart body is malformed: send the file as one multipart/form-data part.')
    : error;
}
const noSuchFile = () => HttpError.notFound('No such file in this AI base.');

function megabytes(bytes: number) {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/**
 * The name to display: no folders, no control characters (bidirectional ones included: they make a
 * name read as another) or half surrogate pairs, NFC, at most 255 characters, its extension kept.
 */
function displayName(fileName: string): string {
  const base = withoutUnstorable(
    withoutBidiControls(fileName)
      .split(/[\\/]/)
      .pop()!
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, ''),
  )
    .normalize('NFC')
    .trim();
  // At most 255 characters (whole code points), the extension kept: a long stem is shortened.
  const chars = Array.from(base);
  if (chars.length <= MAX_NAME_LENGTH) return base || 'file';
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 && base.length - dot <= 10 ? Array.from(base.slice(dot)) : [];
  return chars.slice(0, MAX_NAME_LENGTH - extension.length).join('').trimEnd() + extension.join('');
}

const MAX_NAME_LENGTH = 255;

/**
 * Passes the upload through while it keeps its first bytes for the signature check; once they
 * are known not to match, it drops the rest instead of writing it.
 */
function signatureCheck(matches: (head: Buffer) => boolean) {
  let head = Buffer.alloc(0);
  let verdict: boolean | null = null;
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (verdict === null) {
        head = Buffer.concat([head, chunk.subarray(0, SIGNATURE_BYTES - head.length)]);
        if (head.length >= SIGNATURE_BYTES) verdict = matches(head);
      }
      callback(null, verdict === false ? undefined : chunk);
    },
    flush(callback) {
      if (verdict === null && head.length > 0) verdict = matches(head);
      callback();
    },
  });
  return { stream, size: () => size, matches: () => verdict === true };
}

const discard = () =>
  new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema };
const security = [{ [FIREBASE_BEARER]: [] }];
const tags = ['Knowledge base'];

export async function registerKnowledgeFileRoutes(app: FastifyInstance, { store, accounts, dataDir, maxFileBytes, onQueued }: KnowledgeRouteOptions) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: maxFileBytes, files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 100 },
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();

    const trainingsLimit = async (uid: string, email: string | null) => {
      const account = await accounts.findOrCreate(uid, email);
      return plans[account.plan].limits.trainingsPerMonth;
    };

    api.post(
      '/ai-bases/:id/files',
      {
        schema: {
          summary: 'Upload a file to the knowledge base (multipart/form-data, one file)',
          description: [
            `One file of ${acceptedKnowledgeFileExtensions}, up to ${megabytes(maxFileBytes)}, checked by extension and content. It is queued`,
            'for processing: poll GET /ai-bases/{id}/files for its status. Each upload counts as a training of the month.',
            'Refusals (error code): 413 `too_large`, 415 `unsupported_type` or `type_mismatch`, 400 `empty_file` or `no_file`,',
            '403 `plan_limit` past the plan\'s trainings this month.',
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
        const baseId = request.params.id;
        // Before a byte of the upload is read: whose base, and is a training left?
        const limit = await trainingsLimit(uid, email);
        const upfront = await store.uploadRefusal(uid, baseId, limit);
        if (upfront) throw refusals[upfront]();
        if (!request.isMultipart()) throw new HttpError(415, 'unsupported_media_type', 'Send the file as multipart/form-data.');

        const parts = request.files();
        const first = await parts.next().catch((error: unknown) => {
          throw multipartError(error);
        });
        if (first.done) throw new HttpError(400, 'no_file', 'The form holds no file.');
        const part = first.value;
        const name = displayName(part.filename);
        const kind = knowledgeFileKindOf(name);
        if (!kind) {
          await pipeline(part.file, discard());
          throw uploadRefusal(415, 'unsupported_type', `Only ${acceptedKnowledgeFileExtensions} files can be added to a knowledge base.`);
        }

        const fileId = randomUUID();
        const storedPath = storedPathFor(uid, baseId, fileId);
        const path = resolveStoredPath(dataDir, storedPath);
        const check = signatureCheck((head) => signatureMatches(kind, head));
        const removePartial = () => removeStoredFile(dataDir, storedPath);
        try {
          await mkdir(dirname(path), { recursive: true });
          await pipeline(part.file, check.stream, createWriteStream(path, { flags: 'wx' }));
        } catch (error) {
          await removePartial();
          throw multipartError(error);
        }
        if (part.file.truncated) {
          await removePartial();
          throw uploadRefusal(413, 'too_large', `The file is larger than the ${megabytes(maxFileBytes)} limit.`);
        }
        if (check.size() === 0) {
          await removePartial();
          throw uploadRefusal(400, 'empty_file', 'The file is empty.');
        }
        if (!check.matches()) {
          await removePartial();
          throw uploadRefusal(415, 'type_mismatch', `The content of the file is not a ${kind.toUpperCase()} file, whatever its name says.`);
        }
        // One file per request: a second one in the form is refused, never silently dropped.
        const another = await parts.next().then(
          (next) => !next.done,
          (error: unknown) => ((error as { code?: unknown }).code === 'FST_FILES_LIMIT' ? true : Promise.reject(multipartError(error))),
        );
        if (another) {
          await removePartial();
          throw new HttpError(400, 'too_many_files', 'Send one file per request: this form holds more than one.');
        }

        try {
          const created = await store.register(uid, baseId, { id: fileId, name, kind, sizeBytes: check.size(), storedPath }, limit);
          onQueued();
          return reply.code(201).header('location', `${request.url.split('?')[0]}/${created.id}`).send(created);
        } catch (error) {
          await removePartial();
          if (error instanceof KnowledgeRefusal) throw refusals[error.reason]();
          throw error;
        }
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
    { schema: { summary: 'One knowledge file and its status', tags, security, params: knowledgeFileParamsSchema, response: { 200: knowledgeFileSchema, ...errors } } },
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
          'The roles win over the importer\'s guesses. The passages are removed at once and the file goes back to `uploaded` (no training is counted); poll it until `ready`.',
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
      await removeStoredFile(dataDir, storedPath);
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
