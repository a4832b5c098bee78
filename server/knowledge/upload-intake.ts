// An upload to a knowledge base, from the multipart request to a queued file: whose base and a
// training left before a byte is read, one part, its extension, streamed into the object store under
// a server-made key through the size limit and the magic-bytes check. Each refusal is a typed value
// the route answers; a file refused while it streams is never stored (its upload is aborted), one
// refused after (a second file, the plan) is removed.
import { randomUUID } from 'node:crypto';
import { finished } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { knowledgeFileKindOf, type KnowledgeFile, type KnowledgeFileKind } from '@/domain/knowledge';
import { plans } from '@/domain/plans';
import type { AccountStore } from '../accounts/account-store';
import { signatureMatches } from './file-signature';
import { KnowledgeRefusal, type KnowledgeStore } from './knowledge-store';
import type { ObjectStore } from '../files/object-store';
import { discard, displayName, isMalformedMultipart, signatureCheck, UploadStopped } from './upload-part-checks';
import { storedPathFor } from './upload-storage';

/** Why an upload was refused; the route answers each with its status and code. */
export type UploadRefusal =
  | { reason: KnowledgeRefusal['reason'] } // another account's base (or none); past the plan's trainings this month
  | { reason: 'not_multipart' }
  | { reason: 'malformed_multipart' }
  | { reason: 'no_file' }
  | { reason: 'unsupported_type' }
  | { reason: 'too_large' }
  | { reason: 'empty_file' }
  | { reason: 'type_mismatch'; kind: KnowledgeFileKind }
  | { reason: 'too_many_files' };

export type UploadOutcome = { ok: true; file: KnowledgeFile } | { ok: false; refusal: UploadRefusal };

/** The request as the intake reads it: multipart or not, and its file parts. */
export type UploadRequest = Pick<FastifyRequest, 'isMultipart' | 'files'>;

export type UploadIntakeOptions = { store: KnowledgeStore; accounts: AccountStore; files: ObjectStore };

const refused = (refusal: UploadRefusal): UploadOutcome => ({ ok: false, refusal });

/** A malformed body as a refusal; any other error goes on as thrown. */
function malformedOr(error: unknown): UploadOutcome {
  if (isMalformedMultipart(error)) return refused({ reason: 'malformed_multipart' });
  throw error;
}

export function uploadIntake({ store, accounts, files }: UploadIntakeOptions) {
  const trainingsLimit = async (uid: string, email: string | null) => {
    const account = await accounts.findOrCreate(uid, email);
    return plans[account.plan].limits.trainingsPerMonth;
  };

  return {
    /** Receives the request's one file for the caller's base `baseId`: the file registered and queued, or the refusal. */
    async receive(request: UploadRequest, uid: string, email: string | null, baseId: string): Promise<UploadOutcome> {
      // Before a byte of the upload is read: whose base, and is a training left?
      const limit = await trainingsLimit(uid, email);
      const upfront = await store.uploadRefusal(uid, baseId, limit);
      if (upfront) return refused({ reason: upfront });
      if (!request.isMultipart()) return refused({ reason: 'not_multipart' });

      const parts = request.files();
      let first: IteratorResult<MultipartFile>;
      try {
        first = await parts.next();
      } catch (error) {
        return malformedOr(error);
      }
      if (first.done) return refused({ reason: 'no_file' });
      const part = first.value;
      const name = displayName(part.filename);
      const kind = knowledgeFileKindOf(name);
      if (!kind) {
        await pipeline(part.file, discard());
        return refused({ reason: 'unsupported_type' });
      }

      const fileId = randomUUID();
      const storedPath = storedPathFor(uid, baseId, fileId);
      const check = signatureCheck((head) => signatureMatches(kind, head));
      // Past the size limit busboy stops the part short (`truncated`): the upload stops with it.
      part.file.once('limit', () => check.stream.destroy(new UploadStopped('too_large')));
      // The part failing (a body cut short: busboy may have failed it before we got here) fails the upload.
      finished(part.file, (error) => error && check.stream.destroy(error));
      part.file.pipe(check.stream);
      try {
        await files.put(storedPath, check.stream);
      } catch (error) {
        // The rest of the request is read before it is answered (the client is still sending it).
        part.file.unpipe(check.stream);
        await pipeline(part.file, discard()).catch(() => {});
        if (error instanceof UploadStopped)
          return refused(error.reason === 'type_mismatch' ? { reason: error.reason, kind } : { reason: error.reason });
        return malformedOr(error);
      }
      const removingStored = async (outcome: () => UploadOutcome): Promise<UploadOutcome> => {
        await files.remove(storedPath);
        return outcome();
      };
      // Cut short as it ended: stored whole up to the limit, but not the merchant's file.
      if (part.file.truncated) return removingStored(() => refused({ reason: 'too_large' }));
      // One file per request: a second one in the form is refused, never silently dropped.
      let another: boolean;
      try {
        another = !(await parts.next()).done;
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'FST_FILES_LIMIT') return removingStored(() => malformedOr(error));
        another = true;
      }
      if (another) return removingStored(() => refused({ reason: 'too_many_files' }));

      try {
        return {
          ok: true,
          file: await store.register(uid, baseId, { id: fileId, name, kind, sizeBytes: check.size(), storedPath }, limit),
        };
      } catch (error) {
        return removingStored(() => {
          if (error instanceof KnowledgeRefusal) return refused({ reason: error.reason });
          throw error;
        });
      }
    },
  };
}

export type UploadIntake = ReturnType<typeof uploadIntake>;
