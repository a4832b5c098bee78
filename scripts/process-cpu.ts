// A process's CPU time, for the benchmarks' "server CPU" figure.
import { readFileSync } from 'node:fs';

/** A process's CPU time (user + system) in ms, from /proc (Linux); null elsewhere. */
export function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks, 100 per second on Linux
  } catch {
    return null;
  }
}
