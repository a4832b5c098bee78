// Where uploaded knowledge files live: DATA_DIR/uploads/<uid>/<base id>/<file id>, a path the
// server makes (the uploaded name is only ever displayed). The database keeps it relative to
// DATA_DIR, so the data directory can move; every server process sharing the database must see
// the same DATA_DIR (one volume).
import { createHash } from 'node:crypto';
import { rm, rmdir } from 'node:fs/promises';
import { dirname, posix, resolve, sep } from 'node:path';

/** Firebase uids are short and URL-safe, but custom tokens may carry anything: hash those. */
function pathSegmentOf(uid: string): string {
  return /^[A-Za-z0-9_-]{1,128}$/.test(uid) ? uid : createHash('sha256').update(uid).digest('hex');
}

/** The stored path (relative to DATA_DIR) of a new upload. Ids are UUIDs the server made or checked. */
export function storedPathFor(uid: string, baseId: string, fileId: string): string {
  return posix.join('uploads', pathSegmentOf(uid), baseId, fileId);
}

/** The absolute path of a stored file; refuses anything outside DATA_DIR/uploads. */
export function resolveStoredPath(dataDir: string, storedPath: string): string {
  const uploads = resolve(dataDir, 'uploads');
  const path = resolve(dataDir, storedPath);
  if (!path.startsWith(uploads + sep)) throw new Error(`Not an upload path: ${storedPath}`);
  return path;
}

/** Removes a stored file (gone already is fine) and the base's and account's folders once empty. */
export async function removeStoredFile(dataDir: string, storedPath: string): Promise<void> {
  const path = resolveStoredPath(dataDir, storedPath);
  await rm(path, { force: true });
  const uploads = resolve(dataDir, 'uploads');
  for (let folder = dirname(path); folder.startsWith(uploads + sep); folder = dirname(folder)) {
    try {
      await rmdir(folder);
    } catch {
      return; // not empty (or gone): leave it
    }
  }
}
