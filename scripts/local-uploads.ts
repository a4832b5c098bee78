// Knowledge files an earlier version kept on disk (`<DATA_DIR>/uploads/…`), moved into the object
// store under the same keys (`uploads/<uid>/<base id>/<file id>`, the database's stored paths), so a
// data directory made before the object store still has its files after `npm start`. Each file is
// removed from disk once it is in the bucket; the folders go when empty. Production moves them with
// the bucket's own tools (docs/deployment.md).
import { createReadStream } from 'node:fs';
import { readdir, rm, rmdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { ObjectStore } from '../server/files/object-store';

export async function moveLocalUploads(dataDir: string, files: ObjectStore): Promise<number> {
  const root = join(dataDir, 'uploads');
  let entries: string[];
  try {
    entries = await readdir(root, { recursive: true });
  } catch {
    return 0; // no uploads folder: nothing to move
  }
  let moved = 0;
  for (const entry of entries.sort().reverse()) {
    const path = join(root, entry);
    try {
      await files.put(['uploads', ...relative(root, path).split(sep)].join('/'), createReadStream(path));
      await rm(path);
      moved += 1;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EISDIR') throw error;
      await rmdir(path).catch(() => {}); // a folder, emptied by the files after it in this order
    }
  }
  await rmdir(root).catch(() => {});
  return moved;
}
