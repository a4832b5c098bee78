// A shopper's image, voice note or document on WhatsApp, read through the OpenAI-compatible endpoint
// (server/channels/inbound-media.ts): the loopback Cloud API keeps the media and delivers signed
// webhooks to the real app on PGlite, the worker downloads the media with the channel's token and
// asks the loopback OpenAI-compatible server (vision as an `image_url` part, POST
// /audio/transcriptions, a PDF's text by the knowledge extraction), and the fixtures record what
// was sent. Proved: each answer with its AI request typed vision, voice or file; the built-in
// answerer's and the plan's polite lines; media gone, too large or of another type; the provider's
// and Meta's errors (retried, or a polite line); the fixture's own checks; logs without the media.
import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AiBase } from '@/domain/ai-base';
import type { PlanId } from '@/domain/plans';
import { channelStore } from '@/server/channels/channel-store';
import type { Db } from '@/server/db/database';
import { aiBases } from '@/server/ai-bases/ai-base-tables';
import { aiRequests, whatsappReplies } from '@/server/channels/whatsapp-reply-tables';
import { whatsappInboundMessages } from '@/server/channels/channel-tables';
import type { SecretBox } from '@/server/secrets/secret-box';
import { FIXTURE_API_KEY, type ChatContentPart, type OpenAiCompatibleServer } from '../fixtures/openai-compatible-server';
import {
  audioMessage,
  documentMessage,
  fixturePhoneNumber,
  imageMessage,
  sampleMedia,
  type FixturePhoneNumber,
  type SentMessage,
  type WebhookPayload,
  type WhatsAppCloudApiServer,
} from '../fixtures/whatsapp-cloud-api-server';
import { checkedNumber, newPhoneNumberId } from './support/channel-seed';
import { knowledgeClient, scratchDataDir } from './support/knowledge-uploads';
import { startWhatsAppHarness, type WhatsAppHarness } from './support/whatsapp-harness';
import { textPdf } from './support/text-pdf';

const SHOPPER = { waId: '5511912345678', name: 'Joana Shopper' };
const MODEL = 'fixture-small';

const data = scratchDataDir('whatsapp-media');
let harness: WhatsAppHarness;
let url = '';
let db: Db;
let fixture: WhatsAppCloudApiServer;
let llm: OpenAiCompatibleServer;
const { api, merchant, createBase, uploaded, settled } = knowledgeClient(() => url);
let secrets: SecretBox;

/** Every line the worker logged, as JSON: none may hold what a shopper sent. */
let logged: string[];

beforeAll(async () => {
  harness = await startWhatsAppHarness({ dataDir: data.dir, withLlm: true, concurrency: 2 });
  ({ db, url, fixture, secrets, logged } = harness);
  llm = harness.llm!;
});
afterAll(async () => {
  await harness?.close();
  data.remove();
});

const faq = [
  'Pergunta;Resposta',
  'Qual o prazo de entrega?;Os pedidos chegam de 3 a 7 dias úteis.',
  'Posso trocar um produto?;Sim, em até 30 dias após a entrega, sem uso e com etiqueta.',
].join('\n');
const exchangePassage = '[1] Question: Posso trocar um produto? Answer: Sim, em até 30 dias após a entrega, sem uso e com etiqueta.';
const deliveryPassage = '[1] Question: Qual o prazo de entrega? Answer: Os pedidos chegam de 3 a 7 dias úteis.';

type Shop = { uid: string; base: AiBase; number: FixturePhoneNumber; channelId: string };
let numbers = 700;

/** A merchant on `plan` with an active support base answering with `model` (the FAQ as its knowledge), its number on the fixture. */
async function shop(label: string, { plan = 'enterprise', model = MODEL }: { plan?: PlanId; model?: string } = {}): Promise<Shop> {
  const user = await merchant(`wa-media-${label}`, plan);
  const created = await createBase(user, { name: `Base ${label}`, function: 'support', voiceTone: 'default', language: 'pt_br' });
  await settled(user, created.id, (await uploaded(user, created.id, 'faq.csv', faq)).id);
  await db.update(aiBases).set({ status: 'active', savedSteps: 3, model }).where(eq(aiBases.id, created.id));
  const base = (await api(user, 'GET', `/ai-bases/${created.id}`)).body as AiBase;
  const number = fixturePhoneNumber(++numbers, { phoneNumberId: newPhoneNumberId() });
  fixture.addNumber(number);
  fixture.setWebhookUrl(number.phoneNumberId, `${url}/webhooks/whatsapp`);
  const { channel } = await channelStore(db, secrets).connect(
    user.uid,
    {
      phoneNumberId: number.phoneNumberId,
      wabaId: number.wabaId,
      accessToken: number.accessToken,
      appSecret: number.appSecret,
      aiBaseId: base.id,
      inventoryId: null,
    },
    checkedNumber,
  );
  return { uid: user.uid, base, number, channelId: channel.id };
}

async function deliver(payload: WebhookPayload): Promise<string> {
  const deliveries = await fixture.deliver(payload);
  for (const delivery of deliveries) expect(delivery.status, delivery.responseBody).toBe(200);
  return payload.entry[0]!.changes[0]!.value.messages![0]!.id;
}

const replyOf = async (target: Shop, messageId: string) => {
  const [row] = await db
    .select({ reply: whatsappReplies })
    .from(whatsappInboundMessages)
    .leftJoin(whatsappReplies, eq(whatsappReplies.inboundMessageId, whatsappInboundMessages.id))
    .where(and(eq(whatsappInboundMessages.channelId, target.channelId), eq(whatsappInboundMessages.messageId, messageId)));
  return row?.reply ?? null;
};
async function settledReply(target: Shop, messageId: string) {
  await expect
    .poll(async () => (await replyOf(target, messageId))?.outcome ?? 'none', { timeout: 20_000, interval: 25 })
    .not.toMatch(/^(none|sending)$/);
  return (await replyOf(target, messageId))!;
}
const sentFor = (target: Shop, messageId: string): SentMessage[] =>
  fixture.sent(target.number.phoneNumberId).filter((message) => message.replyTo === messageId);
const textOf = (message: SentMessage | undefined) => (message?.message.text as { body?: string } | undefined)?.body;
const mediaTypesOf = async (uid: string) =>
  (await db.select({ mediaType: aiRequests.mediaType }).from(aiRequests).where(eq(aiRequests.uid, uid)).orderBy(asc(aiRequests.id))).map(
    (row) => row.mediaType,
  );
/** The shopper's message as the model got it (the last user message of the last chat call). */
const lastQuestion = () => llm.chatCalls().at(-1)!.body.messages.at(-1)!;
const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 12);

const POLITE = {
  textOnly: 'Desculpe, por enquanto só consigo ler mensagens de texto. Pode escrever a sua pergunta?',
  notAllowed: 'Desculpe, não consigo abrir este tipo de mensagem por aqui. Pode escrever a sua pergunta em texto?',
  expired: 'Desculpe, não consegui baixar o que você enviou: o arquivo não está mais disponível. Pode enviá-lo de novo?',
  tooLarge: 'Desculpe, este arquivo é grande demais para eu ler por aqui. Pode enviar um menor ou escrever a sua pergunta?',
  unsupported: 'Desculpe, não consigo ler este tipo de arquivo. Consigo ler fotos, áudios, PDFs e planilhas (CSV, XLS, XLSX).',
  unreadable: 'Desculpe, não consegui entender o que você enviou. Pode escrever a sua pergunta?',
};

describe('media read by an OpenAI-compatible model', () => {
  let target: Shop;
  beforeAll(async () => {
    target = await shop('enterprise');
  });

  test('an image with its caption goes to the model as an image_url part (a base64 data URL); answered, its AI request typed vision', async () => {
    const bytes = sampleMedia('image/jpeg', 4096);
    const media = fixture.addMedia(target.number.phoneNumberId, { bytes, mimeType: 'image/jpeg' });
    const id = await deliver(
      imageMessage(target.number, SHOPPER, {
        id: media.id,
        mimeType: 'image/jpeg',
        sha256Base64: media.sha256Base64,
        caption: 'Posso trocar um produto?',
      }),
    );
    const reply = await settledReply(target, id);
    const answer = `Vision (${MODEL}): image/jpeg, 4096 bytes, ${digest(bytes)}. Echo (${MODEL}): ${exchangePassage}`;
    expect(reply).toMatchObject({ outcome: 'sent', kind: 'answer', model: MODEL, text: answer });
    expect(textOf(sentFor(target, id)[0])).toBe(answer);
    const question = lastQuestion();
    expect(question.role).toBe('user');
    expect(question.content).toEqual([
      { type: 'text', text: 'Posso trocar um produto?' },
      { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${bytes.toString('base64')}` } },
    ] satisfies ChatContentPart[]);
    // The base's usual system prompt, with the passages the caption found.
    expect(llm.chatCalls().at(-1)!.body.messages[0]!.content).toContain(exchangePassage.replace(' Answer:', '\nAnswer:'));
    expect(await mediaTypesOf(target.uid)).toEqual(['vision']);
  });

  test('a voice note is transcribed (multipart, whisper-1) and the transcript answered as a question; typed voice', async () => {
    const bytes = sampleMedia('audio/ogg', 3000);
    llm.setTranscript(bytes, 'Qual o prazo de entrega?');
    const media = fixture.addMedia(target.number.phoneNumberId, { bytes, mimeType: 'audio/ogg; codecs=opus' });
    const id = await deliver(
      audioMessage(target.number, SHOPPER, { id: media.id, mimeType: 'audio/ogg; codecs=opus', sha256Base64: media.sha256Base64 }),
    );
    const reply = await settledReply(target, id);
    expect(reply).toMatchObject({ outcome: 'sent', kind: 'answer', text: `Echo (${MODEL}): ${deliveryPassage}` });
    const transcription = llm.transcriptionCalls().at(-1)!;
    expect(transcription).toMatchObject({ authorization: `Bearer ${FIXTURE_API_KEY}`, model: 'whisper-1', fileName: 'voice-note.ogg' });
    expect(transcription.bytes.equals(bytes)).toBe(true);
    expect(lastQuestion().content).toBe('Qual o prazo de entrega?');
    expect(await mediaTypesOf(target.uid)).toEqual(['vision', 'voice']);
  });

  test('a PDF document: its text (by the knowledge extraction) goes with the caption to the model; typed file', async () => {
    const bytes = textPdf([['Pedido 4471 - Loja Exemplo', 'Camiseta azul tamanho M, entregue em 02/11.'], ['Total: R$ 89,90']]);
    const media = fixture.addMedia(target.number.phoneNumberId, { bytes, mimeType: 'application/pdf' });
    const id = await deliver(
      documentMessage(target.number, SHOPPER, {
        id: media.id,
        mimeType: 'application/pdf',
        sha256Base64: media.sha256Base64,
        filename: 'pedido-4471.pdf',
        caption: 'Posso trocar um produto?',
      }),
    );
    const reply = await settledReply(target, id);
    expect(reply).toMatchObject({ outcome: 'sent', kind: 'answer', text: `Echo (${MODEL}): ${exchangePassage}` });
    const question = lastQuestion().content as string;
    expect(question.startsWith('Posso trocar um produto?\n\nThe customer\'s document "pedido-4471.pdf"')).toBe(true);
    for (const line of ['Pedido 4471', 'Camiseta azul tamanho M', 'R$ 89,90']) expect(question).toContain(line);
    expect(await mediaTypesOf(target.uid)).toEqual(['vision', 'voice', 'file']);
  });

  test('media that cannot be read gets a polite line, counted as no AI request: gone, too large, another type, unreadable', async () => {
    const before = await mediaTypesOf(target.uid);
    const chats = llm.chatCalls().length;
    // Not (or no longer) on WhatsApp: GET /{media-id} answers that it does not exist.
    const gone = await deliver(imageMessage(target.number, SHOPPER, { id: '7000000000001', mimeType: 'image/jpeg', sha256Base64: 'x' }));
    expect(await settledReply(target, gone)).toMatchObject({ outcome: 'sent', kind: 'text_only' });
    expect(textOf(sentFor(target, gone)[0])).toBe(POLITE.expired);

    const large = fixture.addMedia(target.number.phoneNumberId, {
      bytes: sampleMedia('image/jpeg', 5 * 1024 * 1024 + 1),
      mimeType: 'image/jpeg',
    });
    const tooLarge = await deliver(
      imageMessage(target.number, SHOPPER, { id: large.id, mimeType: 'image/jpeg', sha256Base64: large.sha256Base64 }),
    );
    expect(await settledReply(target, tooLarge)).toMatchObject({ outcome: 'sent', kind: 'text_only' });
    expect(textOf(sentFor(target, tooLarge)[0])).toBe(POLITE.tooLarge);

    const word = fixture.addMedia(target.number.phoneNumberId, {
      bytes: Buffer.from('PK\x03\x04 a word file', 'latin1'),
      mimeType: 'application/msword',
    });
    const other = await deliver(
      documentMessage(target.number, SHOPPER, {
        id: word.id,
        mimeType: 'application/msword',
        sha256Base64: word.sha256Base64,
        filename: 'pedido.doc',
      }),
    );
    expect(await settledReply(target, other)).toMatchObject({ outcome: 'sent', kind: 'text_only' });
    expect(textOf(sentFor(target, other)[0])).toBe(POLITE.unsupported);

    // AAC is no format the transcription takes: the provider's 400 is about the media, not the service.
    const aac = fixture.addMedia(target.number.phoneNumberId, {
      bytes: Buffer.from([0xff, 0xf1, 0x50, 0x80, 0, 0x1f, 0xfc]),
      mimeType: 'audio/aac',
    });
    const refused = await deliver(
      audioMessage(target.number, SHOPPER, { id: aac.id, mimeType: 'audio/aac', sha256Base64: aac.sha256Base64 }),
    );
    expect(await settledReply(target, refused)).toMatchObject({ outcome: 'sent', kind: 'text_only' });
    expect(textOf(sentFor(target, refused)[0])).toBe(POLITE.unreadable);
    expect(llm.transcriptionCalls().at(-1)).toMatchObject({ fileName: 'voice-note.aac' });

    expect(llm.chatCalls()).toHaveLength(chats);
    expect(await mediaTypesOf(target.uid)).toEqual(before);
  });

  test('the provider’s rate limit waits and retries; its server error is retried; Meta’s server error on the download too', async () => {
    const bytes = sampleMedia('audio/ogg', 2500);
    llm.setTranscript(bytes, 'Posso trocar um produto?');
    const media = fixture.addMedia(target.number.phoneNumberId, { bytes, mimeType: 'audio/ogg' });
    llm.script({ kind: 'rate_limited', retryAfter: '1' }, { kind: 'server_error' });
    const transcriptions = llm.transcriptionCalls().length;
    const id = await deliver(
      audioMessage(target.number, SHOPPER, { id: media.id, mimeType: 'audio/ogg', sha256Base64: media.sha256Base64 }),
    );
    expect(await settledReply(target, id)).toMatchObject({ outcome: 'sent', kind: 'answer', text: `Echo (${MODEL}): ${exchangePassage}` });
    expect(llm.transcriptionCalls().length - transcriptions).toBe(3);
    expect(sentFor(target, id)).toHaveLength(1);

    const image = fixture.addMedia(target.number.phoneNumberId, { bytes: sampleMedia('image/jpeg'), mimeType: 'image/jpeg' });
    fixture.failNext('serverError');
    const retried = await deliver(
      imageMessage(target.number, SHOPPER, {
        id: image.id,
        mimeType: 'image/jpeg',
        sha256Base64: image.sha256Base64,
        caption: 'Qual o prazo de entrega?',
      }),
    );
    expect(await settledReply(target, retried)).toMatchObject({ outcome: 'sent', kind: 'answer' });
    expect(sentFor(target, retried)).toHaveLength(1);
    expect((await mediaTypesOf(target.uid)).slice(-2)).toEqual(['voice', 'vision']);
  });

  test('the logs hold no caption, transcript, document text or media id', () => {
    const all = logged.join('\n');
    expect(all.length).toBeGreaterThan(0);
    for (const secret of ['Posso trocar', 'prazo de entrega', 'Pedido 4471', 'pedido-4471', 'Camiseta', SHOPPER.waId, 'base64']) {
      expect(all).not.toContain(secret);
    }
  });
});

describe('media the answerer or the plan does not read', () => {
  let builtin: Shop;
  let start: Shop;
  beforeAll(async () => {
    builtin = await shop('builtin', { model: 'builtin-retrieval' });
    start = await shop('start', { plan: 'start' });
  });

  test('the built-in answerer: the polite line that it reads text only, nothing downloaded', async () => {
    const media = fixture.addMedia(builtin.number.phoneNumberId, { bytes: sampleMedia('image/jpeg'), mimeType: 'image/jpeg' });
    const id = await deliver(
      imageMessage(builtin.number, SHOPPER, { id: media.id, mimeType: 'image/jpeg', sha256Base64: media.sha256Base64 }),
    );
    expect(await settledReply(builtin, id)).toMatchObject({ outcome: 'sent', kind: 'text_only', model: null });
    expect(textOf(sentFor(builtin, id)[0])).toBe(POLITE.textOnly);
    expect(fixture.requests.some((request) => request.url.includes(media.id))).toBe(false);
    expect(await mediaTypesOf(builtin.uid)).toEqual([]);
  });

  test('a plan with vision but no voice nor file: the image is read, the voice note and the document get the plan’s polite line', async () => {
    const image = fixture.addMedia(start.number.phoneNumberId, { bytes: sampleMedia('image/jpeg'), mimeType: 'image/jpeg' });
    const read = await deliver(
      imageMessage(start.number, SHOPPER, {
        id: image.id,
        mimeType: 'image/jpeg',
        sha256Base64: image.sha256Base64,
        caption: 'Posso trocar um produto?',
      }),
    );
    expect(await settledReply(start, read)).toMatchObject({ outcome: 'sent', kind: 'answer' });

    const audio = fixture.addMedia(start.number.phoneNumberId, { bytes: sampleMedia('audio/ogg'), mimeType: 'audio/ogg' });
    const voice = await deliver(
      audioMessage(start.number, SHOPPER, { id: audio.id, mimeType: 'audio/ogg', sha256Base64: audio.sha256Base64 }),
    );
    expect(await settledReply(start, voice)).toMatchObject({ outcome: 'sent', kind: 'media_not_allowed' });
    expect(textOf(sentFor(start, voice)[0])).toBe(POLITE.notAllowed);

    const pdf = fixture.addMedia(start.number.phoneNumberId, { bytes: textPdf([['Pedido']]), mimeType: 'application/pdf' });
    const file = await deliver(
      documentMessage(start.number, SHOPPER, {
        id: pdf.id,
        mimeType: 'application/pdf',
        sha256Base64: pdf.sha256Base64,
        filename: 'p.pdf',
      }),
    );
    expect(await settledReply(start, file)).toMatchObject({ outcome: 'sent', kind: 'media_not_allowed' });
    expect(fixture.requests.some((request) => request.url.includes(audio.id) || request.url.includes(pdf.id))).toBe(false);
    expect(await mediaTypesOf(start.uid)).toEqual(['vision']);
  });
});

describe('the OpenAI-compatible fixture refuses what OpenAI refuses', () => {
  const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
    fetch(`${llm.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${FIXTURE_API_KEY}`, ...headers }, body });
  const chat = (url: string) =>
    post(
      '/chat/completions',
      JSON.stringify({
        model: MODEL,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'O que é isto?' },
              { type: 'image_url', image_url: { url } },
            ],
          },
        ],
      }),
      { 'content-type': 'application/json' },
    );
  const form = (fields: Record<string, string | [Buffer, string]>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (typeof value === 'string') body.set(name, value);
      else body.set(name, new Blob([new Uint8Array(value[0])]), value[1]);
    }
    return body;
  };

  test('image_url parts: a data URL of a supported image type whose bytes are that image', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(24)]);
    const ok = await chat(`data:image/png;base64,${png.toString('base64')}`);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content).toBe(
      `Vision (${MODEL}): image/png, 32 bytes, ${digest(png)}. Echo (${MODEL}): no passage`,
    );
    const refusals: [string, string, string][] = [
      ['data:text/plain;base64,aGVsbG8=', 'invalid_value', "unsupported MIME type 'text/plain'"],
      ['data:image/png,not-base64', 'invalid_value', 'invalid format'],
      [`data:image/jpeg;base64,${png.toString('base64')}`, 'invalid_image_format', 'unsupported image'],
      ['https://example.com/cat.png', 'invalid_image_url', 'Error while downloading'],
    ];
    for (const [url, code, message] of refusals) {
      const answer = await chat(url);
      expect(answer.status, url).toBe(400);
      const { error } = (await answer.json()) as { error: { code: string; message: string; param: string; type: string } };
      expect(error).toMatchObject({ code, type: 'invalid_request_error', param: 'messages[0].content[1].image_url.url' });
      expect(error.message).toContain(message);
    }
  });

  test('transcriptions: multipart file and model, { text } back; the errors in OpenAI’s shape', async () => {
    const ogg = sampleMedia('audio/ogg', 100);
    const ok = await post('/audio/transcriptions', form({ model: 'whisper-1', file: [ogg, 'nota.ogg'] }));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ text: `Transcript of 100 bytes of ogg audio (${digest(ogg)}).` });

    const cases: [BodyInit, Record<string, string>, number, string][] = [
      [JSON.stringify({ model: 'whisper-1' }), { 'content-type': 'application/json' }, 400, 'expected multipart/form-data'],
      [form({ file: [ogg, 'nota.ogg'] }), {}, 400, 'you must provide a model parameter'],
      [form({ model: 'whisper-1' }), {}, 400, 'field required'],
      [form({ model: 'gpt-imaginary', file: [ogg, 'nota.ogg'] }), {}, 404, 'does not exist'],
      [form({ model: 'whisper-1', file: [ogg, 'nota.aac'] }), {}, 400, 'Invalid file format'],
      [form({ model: 'whisper-1', file: [Buffer.from('not audio'), 'nota.ogg'] }), {}, 400, 'corrupted or unsupported'],
    ];
    for (const [body, headers, status, message] of cases) {
      const answer = await post('/audio/transcriptions', body, headers);
      expect(answer.status, message).toBe(status);
      const { error } = (await answer.json()) as { error: { message: string; type: string } };
      expect(error.message).toContain(message);
      expect(error).toHaveProperty('param');
    }
    const unauthorized = await fetch(`${llm.baseUrl}/audio/transcriptions`, {
      method: 'POST',
      body: form({ model: 'whisper-1', file: [ogg, 'a.ogg'] }),
    });
    expect(unauthorized.status).toBe(401);
  });
});
