// A control of the component tests' WhatsApp Cloud API fixture over loopback HTTP: global-setup.ts runs
// the fixture in its own process, where the test files cannot call it, so it also runs this small
// server, and a test asks it for what Meta does on its side: a number gets a new access token (the
// merchant made one in Meta Business Settings), and the old one is refused from then on.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FixturePhoneNumber, WhatsAppCloudApiServer } from '@/tests/fixtures/whatsapp-cloud-api-server';

const TOKEN_PATH = /^\/numbers\/(\d+)\/access-token$/;

/** Runs the control of `fixture` (its numbers as given); `close` stops it. */
export async function startWhatsappControl(fixture: WhatsAppCloudApiServer, numbers: readonly FixturePhoneNumber[]) {
  const byId = new Map(numbers.map((number) => [number.phoneNumberId, number]));
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const phoneNumberId = TOKEN_PATH.exec(incoming.url ?? '')?.[1];
      const number = phoneNumberId === undefined ? undefined : byId.get(phoneNumberId);
      if (incoming.method !== 'POST' || !number) return void response.writeHead(404).end();
      const { accessToken } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { accessToken: string };
      const renewed = { ...number, accessToken };
      byId.set(number.phoneNumberId, renewed);
      fixture.addNumber(renewed);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** From a test: the number's access token is `accessToken` from now on (plain Node HTTP, outside happy-dom). */
export function renewAccessToken(controlUrl: string, phoneNumberId: string, accessToken: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const sent = request(
      `${controlUrl}/numbers/${phoneNumberId}/access-token`,
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      (response) => {
        response.resume();
        response.on('end', () => (response.statusCode === 204 ? resolve() : reject(new Error(`control answered ${response.statusCode}`))));
      },
    );
    sent.on('error', reject);
    sent.end(JSON.stringify({ accessToken }));
  });
}
