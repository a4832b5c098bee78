// A door on loopback in front of the component tests' server: it fails what comes in (`mode`: the
// API's 500, or the connection dropped) or passes it on unchanged, so a view's failed read and its
// retry are real HTTP (no mocked fetch). The page's origin is the server's: the door answers the
// browser's CORS questions as a cross-origin API would.
import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serverUrl } from './render-app';

export type DoorMode = 'error' | 'unreachable' | 'open';

export async function startApiDoor(mode: DoorMode = 'error') {
  const upstream = new URL(serverUrl);
  const door = { mode, url: '', requests: [] as string[] };
  const cors = { 'access-control-allow-origin': '*' };
  const server = createServer((incoming, outgoing) => {
    if (incoming.method === 'OPTIONS') {
      const allowed = { 'access-control-allow-headers': 'authorization, content-type', 'access-control-allow-methods': 'GET' };
      outgoing.writeHead(204, { ...cors, ...allowed });
      outgoing.end();
      return;
    }
    door.requests.push(`${incoming.method} ${incoming.url}`);
    if (door.mode === 'error') {
      outgoing.writeHead(500, { ...cors, 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ error: { code: 'internal_error', message: 'Internal error.' } }));
    } else if (door.mode === 'unreachable') {
      // Dropped after a moment, as a connection that hangs then fails: the view's loading state is
      // there to be seen (dropped at once, the retry could fail before a test looked for it).
      setTimeout(() => incoming.socket.destroy(), 200);
    } else {
      const { method, url: path } = incoming;
      const headers = { ...incoming.headers, host: upstream.host };
      const passed = forward({ host: upstream.hostname, port: upstream.port, method, path, headers }, (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...cors });
        answer.pipe(outgoing);
      });
      passed.on('error', () => outgoing.destroy());
      incoming.pipe(passed);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  door.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { door, close };
}
