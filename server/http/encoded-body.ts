// A body kept with its compressed copies, made once and sent many times: the shop pages' cached
// pages and the widget's catalog. Brotli and gzip are made in libuv's thread pool (never on the event
// loop); a request gets the best copy its Accept-Encoding takes, and the answer varies by it.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type EncodedBody = { text: string; br?: Buffer; gzip?: Buffer };

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** `text` with its br (quality 9) and gzip (level 9) copies. */
export async function encodedBody(text: string): Promise<Required<EncodedBody>> {
  const [br, gz] = await Promise.all([
    brotli(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: text.length } }),
    gzipped(text, { level: 9 }),
  ]);
  return { text, br, gzip: gz };
}

/** Sends the copy the request accepts (br, gzip, else the text), saying the answer varies by Accept-Encoding. */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody) {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (body.br && /\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(body.br);
  if (body.gzip && /\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.text);
}
