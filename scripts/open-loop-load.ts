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
  p99: number;
  max: number;
  ratePerSecond: number;
};

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
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(rate * durationS);
  const latencies: number[] = [];
  let failed = 0;
  const answers: Promise<void>[] = [];
  const send = (index: number, due: number) =>
    new Promise<void>((resolve) => {
      const req = request(`${origin}${paths[index % paths.length]}`, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - due);
          else failed++;
          resolve();
        });
      });
      req.on('error', () => {
        failed++;
        resolve();
      });
      req.end();
    });

  const start = performance.now() + 10;
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    // Everything due by now goes out now (a late timer sends the backlog at once, each timed from its due time).
    while (sent < total && start + (sent * 1000) / rate <= now) {
      answers.push(send(sent, start + (sent * 1000) / rate));
      sent++;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + (sent * 1000) / rate - performance.now())));
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
    p99: at(0.99),
    max: Math.round(sorted.at(-1) ?? NaN),
    ratePerSecond: sent / elapsedS,
  };
}
