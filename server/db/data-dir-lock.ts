// One process owns a PGlite directory: PGlite is PostgreSQL in one process with no shared
// memory between processes, so a second opener would see (and write) a diverging copy. The
// owner holds `<dir>/pglite.lock` (its pid, the pid's start time and host); a starter that
// finds a live owner refuses, one that finds a dead owner (crash, SIGKILL) takes the lock over.
import { hostname } from 'node:os';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The exit code of a process refused because another owns the directory (sysexits EX_TEMPFAIL). */
export const EXIT_DATA_DIR_LOCKED = 75;

type LockOwner = { pid: number; startTime: string | null; host: string; purpose: string; since: string };

export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The PGlite database in ${resolve(lockPath, '..')} is in use by process ${owner.pid}` +
        ` (${owner.purpose}, on ${owner.host} since ${owner.since}). One process owns a PGlite directory:` +
        ' stop that process first, set DATA_DIR to another directory, or use PostgreSQL through DATABASE_URL.' +
        ` If that process is really gone, delete ${lockPath}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export type DataDirLock = { path: string; release: () => void };

/** Takes `<dir>/pglite.lock` for this process, or throws DataDirLockedError. */
export async function acquireDataDirLock(dir: string, purpose: string): Promise<DataDirLock> {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'pglite.lock');
  const takeoverPath = `${path}.takeover`;
  const me = JSON.stringify(currentOwner(purpose));

  for (let attempt = 0; attempt < 20; attempt++) {
    if (createExclusive(path, me)) return holding(path, me);
    const owner = await readOwner(path);
    if (owner === 'gone') continue;
    if (owner !== 'unreadable' && isAlive(owner)) throw new DataDirLockedError(path, owner);
    // A dead owner's lock. Removing it is only safe for one starter at a time (otherwise a slow
    // starter could remove the lock a faster one just took), hence a short-lived takeover lock.
    if (!createExclusive(takeoverPath, me)) {
      const other = await readOwner(takeoverPath);
      if (other !== 'gone' && (other === 'unreadable' || !isAlive(other))) rmSync(takeoverPath, { force: true });
      await sleep(25);
      continue;
    }
    try {
      const again = await readOwner(path);
      if (again !== 'gone' && sameOwner(again, owner)) rmSync(path, { force: true });
    } finally {
      rmSync(takeoverPath, { force: true });
    }
  }
  throw new Error(`Could not take ${path}: it keeps changing hands.`);
}

function holding(path: string, content: string): DataDirLock {
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    // Only remove the file if it is still ours (someone may have deleted a lock they judged stale).
    try {
      if (readFileSync(path, 'utf8') === content) rmSync(path, { force: true });
    } catch {
      /* already gone */
    }
  };
  process.on('exit', release); // a crash still frees the directory; SIGKILL leaves a stale lock
  return { path, release };
}

function createExclusive(path: string, content: string): boolean {
  try {
    writeFileSync(path, content, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The lock's owner; 'unreadable' when the file stays empty or garbled (its writer died mid-write). */
async function readOwner(path: string): Promise<LockOwner | 'gone' | 'unreadable'> {
  for (let attempt = 0; attempt < 5; attempt++) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
      throw error;
    }
    try {
      const owner = JSON.parse(text) as LockOwner;
      if (Number.isInteger(owner.pid)) return owner;
    } catch {
      /* being written right now: look again */
    }
    await sleep(20);
  }
  return 'unreadable';
}

function sameOwner(a: LockOwner | 'unreadable', b: LockOwner | 'unreadable'): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function isAlive(owner: LockOwner): boolean {
  // A pid means nothing on another host (a shared volume): never judge that owner dead.
  if (owner.host !== hostname()) return true;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
  // The pid runs, but after a reboot or a long time it may be another program's.
  const startTime = processStartTime(owner.pid);
  return owner.startTime === null || startTime === null || startTime === owner.startTime;
}

function currentOwner(purpose: string): LockOwner {
  return { pid: process.pid, startTime: processStartTime(process.pid), host: hostname(), purpose, since: new Date().toISOString() };
}

/** Linux: the process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat). */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
