// A load balancer on loopback for the multi-process test: each request goes to the next of its
// targets in turn, method, path, headers and body as sent (X-Forwarded-For added, as a real one
// does), the answer streamed back.
import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RoundRobinProxy = { url: string; close: () => Promise<void> };

export async function startRoundRobinProxy(targets: readonly string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const target = new URL(targets[next++ % targets.length]!);
    const headers: Record<string, string | string[] | undefined> = { ...incoming.headers, host: target.host };
    headers['x-forwarded-for'] ??= incoming.socket.remoteAddress ?? '127.0.0.1';
    const upstream = forward(
      { hostname: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers, agent: false },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
