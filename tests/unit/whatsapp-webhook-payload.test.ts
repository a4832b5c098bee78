// Meta's webhook payload as domain/whatsapp-webhook.ts reads it, without a database: each message
// type we read flattened to what the answerer needs (text, image, voice note, document, button and
// list replies, order), any other type (or one of ours we cannot read) kept as `unsupported`, the
// tracked statuses with their error codes, what Meta adds ignored, what we rely on (ids, sender,
// time) required, templates' review and quality updates, and who a raw payload is from (numbers,
// accounts) read without trusting the rest.
import { describe, expect, test } from 'vitest';
import {
  flattenWebhook,
  MAX_NUMBERS_PER_PAYLOAD,
  templateUpdatesOf,
  webhookSendersOf,
  whatsappWebhookSchema,
  type InboundEvent,
} from '@/domain/whatsapp-webhook';
import { templateQualityUpdate, templateStatusUpdate } from '../fixtures/whatsapp/account-webhooks';

const PHONE_ID = '106540352242922';
const WABA_ID = '102290129340398';

const message = (type: string, part: Record<string, unknown>, id = `wamid.${type}-1`) => ({
  from: '5511912345678',
  id,
  timestamp: '1764195000',
  type,
  ...part,
});

const payload = ({
  messages,
  statuses,
  phoneNumberId = PHONE_ID,
}: {
  messages?: unknown[];
  statuses?: unknown[];
  phoneNumberId?: unknown;
}) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: WABA_ID,
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550001111', phone_number_id: phoneNumberId },
            contacts: [{ profile: { name: 'Maria Silva' }, wa_id: '5511912345678' }],
            ...(messages ? { messages } : {}),
            ...(statuses ? { statuses } : {}),
          },
        },
      ],
    },
  ],
});

/** The events of a payload that must be valid. */
const eventsOf = (input: unknown): InboundEvent[] => {
  const parsed = whatsappWebhookSchema.safeParse(input);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return flattenWebhook(parsed.data);
};
const contentOf = (input: unknown) => {
  const [event] = eventsOf(input);
  if (event?.kind !== 'message') throw new Error('not a message');
  return event.content;
};

describe('messages', () => {
  test('a text message: its ids, sender, time (unix seconds) and body, tagged with the number it came to', () => {
    expect(eventsOf(payload({ messages: [message('text', { text: { body: 'Oi, tem a camiseta em M?' } })] }))).toEqual([
      {
        kind: 'message',
        phoneNumberId: PHONE_ID,
        messageId: 'wamid.text-1',
        from: '5511912345678',
        timestamp: 1764195000,
        replyTo: null,
        content: { type: 'text', body: 'Oi, tem a camiseta em M?' },
      },
    ]);
  });

  test('image, audio (voice note or file), document: the media id, type, caption and file name', () => {
    expect(
      contentOf(
        payload({ messages: [message('image', { image: { id: 'media-1', mime_type: 'image/jpeg', sha256: 'x', caption: 'Esta' } })] }),
      ),
    ).toEqual({
      type: 'image',
      mediaId: 'media-1',
      mimeType: 'image/jpeg',
      caption: 'Esta',
    });
    expect(
      contentOf(payload({ messages: [message('audio', { audio: { id: 'media-2', mime_type: 'audio/ogg; codecs=opus', voice: true } })] })),
    ).toEqual({
      type: 'audio',
      mediaId: 'media-2',
      mimeType: 'audio/ogg; codecs=opus',
      voice: true,
    });
    expect(contentOf(payload({ messages: [message('audio', { audio: { id: 'media-3', mime_type: 'audio/mpeg' } })] }))).toMatchObject({
      voice: false,
    });
    expect(
      contentOf(
        payload({ messages: [message('document', { document: { id: 'media-4', mime_type: 'application/pdf', filename: 'pedido.pdf' } })] }),
      ),
    ).toEqual({ type: 'document', mediaId: 'media-4', mimeType: 'application/pdf', caption: null, filename: 'pedido.pdf' });
  });

  test('button and list replies: the choice’s id and title', () => {
    expect(
      contentOf(
        payload({
          messages: [message('interactive', { interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Sim' } } })],
        }),
      ),
    ).toEqual({ type: 'interactive', reply: 'button_reply', replyId: 'yes', title: 'Sim', description: null });
    expect(
      contentOf(
        payload({
          messages: [
            message('interactive', { interactive: { type: 'list_reply', list_reply: { id: 'size-m', title: 'M', description: 'Médio' } } }),
          ],
        }),
      ),
    ).toEqual({ type: 'interactive', reply: 'list_reply', replyId: 'size-m', title: 'M', description: 'Médio' });
  });

  test('an order: the catalog and items as the order-to-cart API takes them', () => {
    const order = {
      catalog_id: '1234567890123456',
      text: 'Quero estes',
      product_items: [
        { product_retailer_id: 'CAM-M', quantity: 2, item_price: 54.9, currency: 'BRL' },
        { product_retailer_id: 'BONE-1', quantity: '1', item_price: '29.90', currency: 'BRL' },
      ],
    };
    expect(contentOf(payload({ messages: [message('order', { order })] }))).toEqual({ type: 'order', order });
  });

  test('a type we do not read, or one of ours we cannot read, is kept as unsupported with its type', () => {
    expect(contentOf(payload({ messages: [message('sticker', { sticker: { id: 'media-5' } })] }))).toEqual({
      type: 'unsupported',
      originalType: 'sticker',
    });
    expect(contentOf(payload({ messages: [message('unsupported', { errors: [{ code: 131051 }] })] }))).toEqual({
      type: 'unsupported',
      originalType: 'unsupported',
    });
    expect(contentOf(payload({ messages: [message('interactive', { interactive: { type: 'nfm_reply', nfm_reply: {} } })] }))).toEqual({
      type: 'unsupported',
      originalType: 'interactive',
    });
    expect(contentOf(payload({ messages: [message('text', { text: {} })] }))).toEqual({ type: 'unsupported', originalType: 'text' });
  });

  test('a reply names the message it quotes; fields Meta adds are dropped; the sender’s profile is not kept', () => {
    const [event] = eventsOf(
      payload({
        messages: [
          message('text', { text: { body: 'Este', preview_url: false }, context: { from: '15550001111', id: 'wamid.ours' }, extra: 1 }),
        ],
      }),
    );
    expect(event).toMatchObject({ replyTo: 'wamid.ours', content: { type: 'text', body: 'Este' } });
    expect(JSON.stringify(event)).not.toContain('Maria');
    expect(JSON.stringify(event)).not.toContain('preview_url');
  });

  test('what PostgreSQL cannot store is stripped from text, not refused', () => {
    expect(contentOf(payload({ messages: [message('text', { text: { body: 'a\u0000b\ud800c' } })] }))).toEqual({
      type: 'text',
      body: 'abc',
    });
  });

  test('what we rely on is required: ids, sender, time, the number, Meta’s object and product', () => {
    const invalid = [
      payload({ messages: [{ ...message('text', { text: { body: 'x' } }), id: undefined }] }),
      payload({ messages: [{ ...message('text', { text: { body: 'x' } }), id: 'wamid with spaces' }] }),
      payload({ messages: [{ ...message('text', { text: { body: 'x' } }), from: undefined }] }),
      payload({ messages: [{ ...message('text', { text: { body: 'x' } }), timestamp: 'yesterday' }] }),
      payload({ messages: [{ ...message('text', { text: { body: 'x' } }), timestamp: '999999999999' }] }),
      payload({ messages: [message('text', { text: { body: 'x' } })], phoneNumberId: 'abc' }),
      payload({ messages: [message('text', { text: { body: 'x' } })], phoneNumberId: 106540352242922 }),
      { ...payload({}), object: 'page' },
      { ...payload({}), entry: [] },
    ];
    const wrongProduct = payload({ messages: [] });
    (wrongProduct.entry[0]!.changes[0]!.value as { messaging_product: string }).messaging_product = 'instagram';
    invalid.push(wrongProduct);
    for (const input of invalid) expect(whatsappWebhookSchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
  });
});

describe('statuses', () => {
  test('sent, delivered, read and failed (with its error codes and the callback data the send gave) of our messages; other statuses are left out', () => {
    const status = (id: string, value: string, extra: Record<string, unknown> = {}) => ({
      id,
      status: value,
      timestamp: '1764195100',
      recipient_id: '5511912345678',
      ...extra,
    });
    const events = eventsOf(
      payload({
        statuses: [
          status('wamid.out-1', 'sent', { conversation: { id: 'c' }, pricing: { billable: true } }),
          status('wamid.out-1', 'delivered'),
          status('wamid.out-1', 'read', { biz_opaque_callback_data: 'send:0e6f1f3c-94b5-4bd6-8d53-3f3f1bb2a2c1' }),
          status('wamid.out-2', 'failed', { errors: [{ code: 131047, title: 'Re-engagement message' }] }),
          status('wamid.out-3', 'deleted'),
        ],
      }),
    );
    expect(events).toEqual([
      {
        kind: 'status',
        phoneNumberId: PHONE_ID,
        messageId: 'wamid.out-1',
        status: 'sent',
        timestamp: 1764195100,
        errorCodes: [],
        callbackData: null,
      },
      {
        kind: 'status',
        phoneNumberId: PHONE_ID,
        messageId: 'wamid.out-1',
        status: 'delivered',
        timestamp: 1764195100,
        errorCodes: [],
        callbackData: null,
      },
      {
        kind: 'status',
        phoneNumberId: PHONE_ID,
        messageId: 'wamid.out-1',
        status: 'read',
        timestamp: 1764195100,
        errorCodes: [],
        callbackData: 'send:0e6f1f3c-94b5-4bd6-8d53-3f3f1bb2a2c1',
      },
      {
        kind: 'status',
        phoneNumberId: PHONE_ID,
        messageId: 'wamid.out-2',
        status: 'failed',
        timestamp: 1764195100,
        errorCodes: [131047],
        callbackData: null,
      },
    ]);
  });
});

describe('payloads', () => {
  test('several entries and changes flatten in order, each event with its own number; other fields are ignored', () => {
    const first = payload({ messages: [message('text', { text: { body: 'um' } }, 'wamid.a')] });
    const second = payload({ messages: [message('text', { text: { body: 'dois' } }, 'wamid.b')], phoneNumberId: '200000000000001' });
    const input = {
      ...first,
      entry: [
        { ...first.entry[0]!, changes: [...first.entry[0]!.changes, { field: 'account_update', value: { event: 'VERIFIED_ACCOUNT' } }] },
        ...second.entry,
      ],
    };
    expect(eventsOf(input).map((event) => [event.phoneNumberId, event.messageId])).toEqual([
      [PHONE_ID, 'wamid.a'],
      ['200000000000001', 'wamid.b'],
    ]);
  });

  test('the senders of a raw payload: numbers distinct and well-formed, accounts of changes that name none, null for none or too many', () => {
    const two = {
      entry: [
        { changes: [{ value: { metadata: { phone_number_id: '1' } } }, { value: { metadata: { phone_number_id: '2' } } }] },
        { changes: [{ value: { metadata: { phone_number_id: '1' } } }, { value: { metadata: { phone_number_id: 3 } } }, null, 'x'] },
        { changes: { value: { metadata: { phone_number_id: '4' } } } },
        null,
      ],
    };
    expect(webhookSendersOf(two)).toEqual({ phoneNumberIds: ['1', '2'], wabaIds: [] });
    expect(webhookSendersOf(payload({}))).toEqual({ phoneNumberIds: [PHONE_ID], wabaIds: [] });
    // A template's update names no number: its account (the entry's id) does.
    const templateUpdate = {
      entry: [{ id: '102290129340398', changes: [{ field: 'message_template_status_update', value: { event: 'APPROVED' } }] }],
    };
    expect(webhookSendersOf(templateUpdate)).toEqual({ phoneNumberIds: [], wabaIds: ['102290129340398'] });
    expect(webhookSendersOf({ entry: [{ id: '1 OR 1=1', changes: [{ value: {} }] }] })).toBeNull();
    for (const none of [
      null,
      'text',
      42,
      [],
      {},
      { entry: 'x' },
      { entry: [{ changes: [{ value: { metadata: { phone_number_id: '1 OR 1=1' } } }] }] },
    ])
      expect(webhookSendersOf(none)).toBeNull();
    const many = {
      entry: [
        {
          changes: Array.from({ length: MAX_NUMBERS_PER_PAYLOAD + 1 }, (_, n) => ({
            value: { metadata: { phone_number_id: String(n + 1) } },
          })),
        },
      ],
    };
    expect(webhookSendersOf(many)).toBeNull();
  });
});

describe("templates' review and quality updates", () => {
  const template = { id: '987654321', wabaId: WABA_ID, name: 'order_shipped', language: 'pt_BR', category: 'UTILITY' };
  const AT = Date.UTC(2026, 10, 29, 6, 0, 0);

  test("a status update: Meta's event, its reason (NONE is none), a pause's notice, the account and the time", () => {
    const rejected = whatsappWebhookSchema.parse(templateStatusUpdate(template, 'REJECTED', { reason: 'INVALID_FORMAT', at: AT }));
    expect(templateUpdatesOf(rejected)).toEqual([
      {
        kind: 'template_status',
        wabaId: WABA_ID,
        metaTemplateId: '987654321',
        name: 'order_shipped',
        language: 'pt_BR',
        event: 'REJECTED',
        reason: 'INVALID_FORMAT',
        notice: null,
        time: AT / 1000,
      },
    ]);
    const paused = whatsappWebhookSchema.parse(
      templateStatusUpdate(template, 'PAUSED', { otherInfo: { title: 'FIRST_PAUSE', description: 'Paused for 3 hours.' }, at: AT }),
    );
    expect(templateUpdatesOf(paused)[0]).toMatchObject({ event: 'PAUSED', reason: null, notice: 'FIRST_PAUSE: Paused for 3 hours.' });
    // Messages are not template updates, and template updates are not messages.
    expect(flattenWebhook(paused)).toEqual([]);
  });

  test('a quality update', () => {
    const moved = whatsappWebhookSchema.parse(templateQualityUpdate(template, 'GREEN', 'YELLOW', { at: AT }));
    expect(templateUpdatesOf(moved)).toEqual([
      {
        kind: 'template_quality',
        wabaId: WABA_ID,
        metaTemplateId: '987654321',
        name: 'order_shipped',
        language: 'pt_BR',
        quality: 'YELLOW',
      },
    ]);
  });

  test('an update without the template it is about is not read', () => {
    const broken = templateStatusUpdate(template, 'APPROVED', { at: AT });
    delete (broken.entry[0]!.changes[0]!.value as Record<string, unknown>).message_template_id;
    expect(whatsappWebhookSchema.safeParse(broken).success).toBe(false);
  });
});
