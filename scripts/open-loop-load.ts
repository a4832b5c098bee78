// Steady, open-loop HTTP load for the benches: one request every 1/rate s, sent on time whether or
// not earlier answers are back, each one's latency counted from when it was due (so a stalled
// server shows in the figures instead of slowing the load down). autocannon's rate is a per-second
// quota each connection spends as fast as answers come, which makes bursts, not a steady rate.
import { Agent, request } from 'node:http';

export type LoadFigures = {
  sent: number;
  ok: number;
  failed: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  /** The p99 to a tenth of a millisecond, for comparing two runs whose whole milliseconds tie or differ by one. */
  p99Tenths: number;
  max: number;
  ratePerSecond: number;
};

export type Shot = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
};
export type ShotFigures = LoadFigures & { statuses: Record<string, number> };

/**
 * One request every 1/rate s, sent on time whether or not earlier answers are back, each latency
 * counted from when it was due; `shot(n)` makes the n-th; `ok` says which
 * statuses count as answered (the others are failures, tallied by status in `statuses`).
 */
export async function openLoopShots({
  origin,
  rate,
  durationS,
  shot,
  ok,
}: {
  origin: string;
  rate: number;
  durationS: number;
  shot: (n: number) => Shot;
  ok: (status: number) => boolean;
}): Promise<ShotFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(rate * durationS);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let failed = 0;
  const answers: Promise<void>[] = [];
  const send = (n: number, due: number) =>
    new Promise<void>((done) => {
      const { method, path, headers = {}, body } = shot(n);
      const req = request(
        `${origin}${path}`,
        {
          agent,
          method,
          headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            statuses[status] = (statuses[status] ?? 0) + 1;
            if (ok(status)) latencies.push(performance.now() - due);
            else failed++;
            done();
          });
        },
      );
      req.on('error', () => {
        statuses.error = (statuses.error ?? 0) + 1;
        failed++;
        done();
      });
      req.end(body);
    });
  const start = performance.now() + 10;
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    while (sent < total && start + (sent * 1000) / rate <= now) {
      answers.push(send(sent, start + (sent * 1000) / rate));
      sent++;
    }
    await new Promise((r) => setTimeout(r, Math.max(0, start + (sent * 1000) / rate - performance.now())));
  }
  await Promise.all(answers);
  const elapsedS = (performance.now() - start) / 1000;
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN);
  return {
    sent,
    ok: sorted.length,
    failed,
    p50: at(0.5),
    p90: at(0.9),
    p95: at(0.95),
    p99: at(0.99),
    p99Tenths: Math.round((sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] ?? NaN) * 10) / 10,
    max: Math.round(sorted.at(-1) ?? NaN),
    ratePerSecond: sent / elapsedS,
    statuses,
  };
}

/** GETs of `paths` in turn; a 200 is an answer, anything else a failure. */
export async function openLoopLoad({
  origin,
  paths,
  rate,
  durationS,
}: {
  origin: string;
  paths: string[];
  rate: number;
  durationS: number;
}): Promise<LoadFigures> {
  const { statuses: _statuses, ...figures } = await openLoopShots({
    origin,
    rate,
    durationS,
    shot: (n) => ({ method: 'GET', path: paths[n % paths.length]! }),
    ok: (status) => status === 200,
  });
  return figures;
}
