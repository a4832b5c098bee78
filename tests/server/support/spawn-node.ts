// Runs one of our TypeScript entry points in its own process and collects its exit.
import { spawn } from 'node:child_process';

export type Exit = { code: number | null; stdout: string; stderr: string };

export function runTs(entry: string, args: string[], env: Record<string, string | undefined>, timeoutMs = 60_000): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
      env: env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} ${args.join(' ')} still ran after ${timeoutMs} ms:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The environment for a child: ours minus what would change its database or mode. */
export function childEnv(extra: Record<string, string | undefined>): Record<string, string | undefined> {
  const { DATABASE_URL: _url, DATA_DIR: _dir, NODE_ENV: _mode, ...rest } = process.env;
  return { ...rest, LOG_LEVEL: 'warn', ...extra };
}
