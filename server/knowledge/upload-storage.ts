// Where an uploaded knowledge file lives: the object store's key `uploads/<uid>/<base id>/<file id>`,
// one the server makes (the uploaded name is only ever displayed). The database keeps it as the
// file's stored path; every process reaches the bytes by it (server/files/object-store.ts).
import { createHash } from 'node:crypto';
import { posix } from 'node:path';

/** Firebase uids are short and URL-safe, but custom tokens may carry anything: hash those. */
function pathSegmentOf(uid: string): string {
  return /^[A-Za-z0-9_-]{1,128}$/.test(uid) ? uid : createHash('sha256').update(uid).digest('hex');
}

/** The key of a new upload. Ids are UUIDs the server made or checked. */
export function storedPathFor(uid: string, baseId: string, fileId: string): string {
  return posix.join('uploads', pathSegmentOf(uid), baseId, fileId);
}
