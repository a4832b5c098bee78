// Per-tab memory that must survive the reloads the sw-update machine triggers.
const BUILD_RELOAD_KEY = 'catalyst.reloadedForBuild';
const CHUNK_RELOAD_KEY = 'catalyst.lastChunkReloadAt';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: the guards then see "never reloaded"
  }
}

export function readReloadedForBuild(): string | null {
  return storage()?.getItem(BUILD_RELOAD_KEY) ?? null;
}

export function writeReloadedForBuild(buildId: string): void {
  storage()?.setItem(BUILD_RELOAD_KEY, buildId);
}

export function readLastChunkReloadAt(): number | null {
  const raw = storage()?.getItem(CHUNK_RELOAD_KEY);
  const value = raw ? Number(raw) : NaN;
  return Number.isFinite(value) ? value : null;
}

export function writeLastChunkReloadAt(at: number): void {
  storage()?.setItem(CHUNK_RELOAD_KEY, String(at));
}
