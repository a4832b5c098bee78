// The loopback WhatsApp Cloud API's message templates (tests/fixtures/whatsapp-cloud-api-server.ts
// with whatsapp/message-templates.ts, template-validation.ts, template-sends.ts, account-webhooks.ts,
// messaging-limit.ts), over real HTTP with an injected clock: templates submitted and refused as Meta
// refuses them, listed a page at a time, edited, deleted; reviewed with signed status webhooks,
// paused and disabled; template sends checked against the template with Meta's codes and forced
// faults; shoppers' marketing stops; and the messaging limit counted for tests to assert against.
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../fixtures/http-test-server';
import {
  businessIdOf,
  DEMO_WHATSAPP_NUMBER,
  fixturePhoneNumber,
  startWhatsAppCloudApiServer,
  textMessage,
  type AccountWebhookPayload,
  type SendFault,
  type WebhookPayload,
  type WhatsAppCloudApiServer,
  type WhatsAppCloudApiServerOptions,
} from '../fixtures/whatsapp-cloud-api-server';

const NUMBER = DEMO_WHATSAPP_NUMBER;
const OTHER = fixturePhoneNumber(1);
/** Another WABA of the demo number's business portfolio: it shares the messaging limit. */
const SIBLING = fixturePhoneNumber(2, { businessId: businessIdOf(NUMBER) });
const WABA = NUMBER.wabaId;
const SHOPPER = { waId: '5511987654321', name: 'Ana Souza' };
const START = Date.UTC(2025, 5, 2, 12);
const HOUR = 3_600_000;

let clock = START;
let fixture: WhatsAppCloudApiServer | undefined;
let callback: TestServer | undefined;
afterEach(async () => {
  await Promise.all([fixture?.close(), callback?.close()]);
  fixture = undefined;
  callback = undefined;
  clock = START;
});

/** The fixture with the demo number's webhook on a loopback callback, reviews only when a test runs them. */
async function start(options: WhatsAppCloudApiServerOptions = {}): Promise<WhatsAppCloudApiServer> {
  fixture = await startWhatsAppCloudApiServer({ numbers: [NUMBER, OTHER, SIBLING], autoReview: false, now: () => clock, ...options });
  callback = await startTestServer();
  fixture.setWebhookUrl(NUMBER.phoneNumberId, `${callback.origin}/webhooks/whatsapp`);
  return fixture;
}

type GraphAnswer = { status: number; body: Record<string, unknown> };
type TemplateError = {
  message: string;
  code: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  error_data?: { details: string };
};
const errorOf = (answer: GraphAnswer) => answer.body.error as TemplateError;

async function graph(path: string, init: RequestInit & { token?: string } = {}): Promise<GraphAnswer> {
  const { token = NUMBER.accessToken, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('authorization', `Bearer ${token}`);
  if (rest.body) headers.set('content-type', 'application/json');
  const response = await fetch(path.startsWith('http') ? path : `${fixture!.graphUrl}${path}`, { ...rest, headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const submit = (template: Record<string, unknown>, { waba = WABA, token = NUMBER.accessToken } = {}) =>
  graph(`/${waba}/message_templates`, { method: 'POST', token, body: JSON.stringify(template) });

function send(template: Record<string, unknown>, { to = SHOPPER.waId, number = NUMBER } = {}) {
  return graph(`/${number.phoneNumberId}/messages`, {
    method: 'POST',
    token: number.accessToken,
    body: JSON.stringify({ messaging_product: 'whatsapp', to, type: 'template', template }),
  });
}

const named = (entries: Record<string, string>) => Object.entries(entries).map(([param_name, example]) => ({ param_name, example }));

const ORDER_CONFIRMATION = {
  name: 'order_confirmation',
  language: 'pt_BR',
  category: 'UTILITY',
  parameter_format: 'NAMED',
  components: [
    {
      type: 'HEADER',
      format: 'TEXT',
      text: 'Pedido {{order_number}}',
      example: { header_text_named_params: named({ order_number: '#1042' }) },
    },
    {
      type: 'BODY',
      text: 'Olá {{first_name}}, recebemos seu pedido {{order_number}} no valor de {{total}}. Avisaremos quando ele sair para entrega.',
      example: { body_text_named_params: named({ first_name: 'Ana', order_number: '#1042', total: 'R$ 129,90' }) },
    },
    { type: 'FOOTER', text: 'Loja Demo Catalyst' },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'URL', text: 'Ver pedido', url: 'https://loja.example/pedidos/{{1}}', example: ['https://loja.example/pedidos/1042'] },
      ],
    },
  ],
};

const CART_REMINDER = {
  name: 'cart_reminder_3',
  language: 'pt_BR',
  category: 'MARKETING',
  components: [
    { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aW1hZ2UvanBlZw==:ARbX2k'] } },
    {
      type: 'BODY',
      text: 'Oi {{1}}, seu carrinho ainda está esperando por você. Use o cupom abaixo para ganhar {{2}} de desconto hoje.',
      example: { body_text: [['Ana', '10%']] },
    },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'COPY_CODE', example: 'VOLTA10' },
        { type: 'URL', text: 'Finalizar compra', url: 'https://loja.example/cart/{{1}}', example: ['https://loja.example/cart/abc'] },
      ],
    },
  ],
};

/** A send filling ORDER_CONFIRMATION; `body` replaces its body parameters. */
function orderSend(body?: unknown[], extra: unknown[] = []) {
  return {
    name: 'order_confirmation',
    language: { code: 'pt_BR' },
    components: [
      { type: 'header', parameters: [{ type: 'text', parameter_name: 'order_number', text: '#1042' }] },
      {
        type: 'body',
        parameters: body ?? [
          { type: 'text', parameter_name: 'first_name', text: 'Ana' },
          { type: 'text', parameter_name: 'order_number', text: '#1042' },
          { type: 'text', parameter_name: 'total', text: 'R$ 129,90' },
        ],
      },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '1042' }] },
      ...extra,
    ],
  };
}

const HELLO = { name: 'hello_world', language: { code: 'en_US' } };

/** The payloads of a field the callback received, each checked for its signature with the demo number's app secret. */
function webhooks(field: string): AccountWebhookPayload[] {
  return callback!.requests
    .map((request) => {
      expect(request.headers['x-hub-signature-256']).toBe(
        `sha256=${createHmac('sha256', NUMBER.appSecret).update(request.body).digest('hex')}`,
      );
      return JSON.parse(request.body) as AccountWebhookPayload;
    })
    .filter((payload) => payload.entry[0]?.changes[0]?.field === field);
}
const valuesOf = (field: string) => webhooks(field).map((payload) => payload.entry[0]!.changes[0]!.value);

/** Submits and approves a template. */
async function approved(template: Record<string, unknown>): Promise<string> {
  const created = await submit(template);
  expect(created.status).toBe(200);
  const id = created.body.id as string;
  await fixture!.reviewNow(id);
  expect(fixture!.template(id)?.status).toBe('APPROVED');
  return id;
}

describe('POST /{waba-id}/message_templates', () => {
  it('takes a named template as PENDING and lists it with its components as submitted', async () => {
    await start();
    const created = await submit(ORDER_CONFIRMATION);
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ id: expect.stringMatching(/^\d{15,}$/), status: 'PENDING', category: 'UTILITY' });
    const listed = await graph(`/${WABA}/message_templates?name=order_confirmation`);
    expect(listed.body.data).toEqual([
      {
        name: 'order_confirmation',
        parameter_format: 'NAMED',
        components: ORDER_CONFIRMATION.components,
        language: 'pt_BR',
        status: 'PENDING',
        category: 'UTILITY',
        id: created.body.id,
      },
    ]);
    // Form bodies carry components as JSON text.
    const form = new URLSearchParams({ ...CART_REMINDER, components: JSON.stringify(CART_REMINDER.components) });
    const byForm = await fetch(`${fixture!.graphUrl}/${WABA}/message_templates`, {
      method: 'POST',
      headers: { authorization: `Bearer ${NUMBER.accessToken}` },
      body: form,
    });
    expect(await byForm.json()).toMatchObject({ status: 'PENDING', category: 'MARKETING' });
  });

  const body = (text: string, example?: unknown) => ({ type: 'BODY', text, ...(example === undefined ? {} : { example }) });
  const withComponents = (...components: unknown[]) => ({ ...CART_REMINDER, name: 'another_one', components });
  const quick = (text: string) => ({ type: 'QUICK_REPLY', text });
  const url = (text: string) => ({ type: 'URL', text, url: 'https://loja.example' });
  const cases: [string, Record<string, unknown>, number | undefined, RegExp][] = [
    ['a name that is not lowercase, digits and underscores', { ...ORDER_CONFIRMATION, name: 'Order Confirmation' }, undefined, /name/],
    ['an unsupported language', { ...ORDER_CONFIRMATION, language: 'pt-br' }, 2388049, /pt-br/],
    ['an old category', { ...ORDER_CONFIRMATION, category: 'TRANSACTIONAL' }, undefined, /category/],
    ['no body', withComponents({ type: 'FOOTER', text: 'x' }), undefined, /BODY/],
    ['a body past 1024 characters', withComponents(body(`Olá ${'a'.repeat(1030)}`)), 2388040, /1024/],
    ['a header past 60 characters', withComponents({ type: 'HEADER', format: 'TEXT', text: 'h'.repeat(61) }, body('Oi')), 2388040, /60/],
    ['a footer past 60 characters', withComponents(body('Oi'), { type: 'FOOTER', text: 'f'.repeat(61) }), 2388040, /60/],
    ['a button text past 25 characters', withComponents(body('Oi'), { type: 'BUTTONS', buttons: [quick('b'.repeat(26))] }), 2388040, /25/],
    ['variables without examples', withComponents(body('Oi {{1}}, seu pedido chegou hoje cedo.')), 2388043, /example/],
    [
      'examples short of the variables',
      withComponents(body('Oi {{1}}, seu pedido {{2}} chegou hoje cedo aqui.', { body_text: [['Ana']] })),
      2388043,
      /example/,
    ],
    [
      'a variable at the start',
      withComponents(body('{{1}}, seu pedido chegou hoje cedo.', { body_text: [['Ana']] })),
      2388299,
      /starts or ends/,
    ],
    [
      'a variable at the end, before a full stop',
      withComponents(body('Seu pedido chegou hoje cedo, {{1}}.', { body_text: [['Ana']] })),
      2388299,
      /starts or ends/,
    ],
    [
      'adjacent variables',
      withComponents(body('Oi, seu pedido {{1}} {{2}} chegou hoje cedo aqui.', { body_text: [['a', 'b']] })),
      2388072,
      /next to each other/,
    ],
    [
      'positional variables with a gap',
      withComponents(body('Oi {{1}}, seu pedido {{3}} chegou hoje cedo aqui.', { body_text: [['a', 'b']] })),
      2388072,
      /in order/,
    ],
    [
      'a named variable in a positional template',
      withComponents(body('Oi {{name}}, seu pedido chegou hoje cedo.', { body_text: [['a']] })),
      2388072,
      /numbered/,
    ],
    [
      'too many variables for its words',
      withComponents(body('Oi {{1}} e {{2}} ok.', { body_text: [['a', 'b']] })),
      2388293,
      /too many variables/,
    ],
    ['a variable in the footer', withComponents(body('Oi'), { type: 'FOOTER', text: 'Pedido {{1}}' }), 2388073, /footer/],
    ['an emoji in a text header', withComponents({ type: 'HEADER', format: 'TEXT', text: 'Oi 👋' }, body('Oi')), 2388047, /emoji/],
    ['an image header without a sample', withComponents({ type: 'HEADER', format: 'IMAGE' }, body('Oi')), 2388043, /header/],
    [
      'eleven buttons',
      withComponents(body('Oi'), { type: 'BUTTONS', buttons: Array.from({ length: 11 }, (_, index) => quick(`b${index}`)) }),
      undefined,
      /at most 10 buttons/,
    ],
    [
      'three URL buttons',
      withComponents(body('Oi'), { type: 'BUTTONS', buttons: [url('a'), url('b'), url('c')] }),
      undefined,
      /at most 2 URL/,
    ],
    [
      'quick replies split by another button',
      withComponents(body('Oi'), { type: 'BUTTONS', buttons: [quick('a'), url('b'), quick('c')] }),
      undefined,
      /grouped/,
    ],
    [
      'a URL variable before its end',
      withComponents(body('Oi'), {
        type: 'BUTTONS',
        buttons: [{ type: 'URL', text: 'Ir', url: 'https://x.example/{{1}}/a', example: ['https://x.example/1/a'] }],
      }),
      undefined,
      /at its end/,
    ],
  ];

  it.each(cases)('refuses %s as Meta does', async (_case, template, subcode, userMessage) => {
    await start();
    const refused = await submit(template);
    expect(refused.status).toBe(400);
    const error = errorOf(refused);
    expect(error.code).toBe(100);
    expect(error.error_subcode).toBe(subcode);
    expect(`${error.message} ${error.error_user_msg ?? ''}`).toMatch(userMessage);
    if (subcode !== undefined) expect(error.error_user_title).toEqual(expect.any(String));
    expect(fixture!.templates(WABA).map((each) => each.name)).not.toContain('another_one');
  });

  it('refuses a name already used in that language with 2388024, and takes it in another language', async () => {
    await start();
    expect((await submit(ORDER_CONFIRMATION)).status).toBe(200);
    const again = await submit(ORDER_CONFIRMATION);
    expect(errorOf(again)).toMatchObject({
      message: 'Invalid parameter',
      code: 100,
      error_subcode: 2388024,
      error_user_title: 'Content in This Language Already Exists',
      error_user_msg: 'There is already Portuguese (BR) content for this template. You can create a new template and try again.',
    });
    expect((await submit({ ...ORDER_CONFIRMATION, language: 'es' })).status).toBe(200);
  });

  it('answers another token’s WABA as an object that does not exist', async () => {
    await start();
    const answer = await submit(ORDER_CONFIRMATION, { token: OTHER.accessToken });
    expect(errorOf(answer)).toMatchObject({ code: 100, error_subcode: 33 });
  });
});

describe('GET /{waba-id}/message_templates', () => {
  it('pages newest first by cursor, following `next` until the last page', async () => {
    await start();
    for (const name of ['first_one', 'second_one', 'third_one', 'fourth_one', 'fifth_one']) await submit({ ...ORDER_CONFIRMATION, name });
    const names: string[] = [];
    let page = await graph(`/${WABA}/message_templates?fields=name,language&limit=3`);
    const firstPage = page.body.data as { name: string }[];
    expect(firstPage).toHaveLength(3);
    expect(Object.keys(firstPage[0]!)).toEqual(['name', 'language', 'id']);
    for (;;) {
      names.push(...(page.body.data as { name: string }[]).map((template) => template.name));
      const paging = page.body.paging as { cursors: { after: string }; next?: string };
      expect(paging.cursors.after).toEqual(expect.any(String));
      if (!paging.next) break;
      expect(paging.next).toContain(`after=${paging.cursors.after}`);
      page = await graph(paging.next);
    }
    // Five submitted, newest first, then Meta's sample in its three languages.
    expect(names).toEqual(['fifth_one', 'fourth_one', 'third_one', 'second_one', 'first_one', 'hello_world', 'hello_world', 'hello_world']);
  });

  it('filters by part of the name, status, category and language', async () => {
    await start();
    await submit(ORDER_CONFIRMATION);
    await submit(CART_REMINDER);
    fixture!.addTemplate(WABA, { ...CART_REMINDER, name: 'cart_reminder_1', status: 'REJECTED', rejectedReason: 'INCORRECT_CATEGORY' });
    const names = async (query: string) =>
      ((await graph(`/${WABA}/message_templates?fields=name,status,rejected_reason&${query}`)).body.data as { name: string }[]).map(
        (template) => template.name,
      );
    expect(await names('name=cart')).toEqual(['cart_reminder_1', 'cart_reminder_3']);
    expect(await names('status=PENDING')).toEqual(['cart_reminder_3', 'order_confirmation']);
    expect(await names('status=REJECTED,APPROVED&category=MARKETING')).toEqual(['cart_reminder_1']);
    expect(await names('language=en_US')).toEqual(['hello_world']);
    const rejected = await graph(`/${WABA}/message_templates?fields=rejected_reason,quality_score&status=REJECTED`);
    expect(rejected.body.data).toEqual([
      { rejected_reason: 'INCORRECT_CATEGORY', quality_score: { score: 'UNKNOWN' }, id: expect.any(String) },
    ]);
    expect(errorOf(await graph(`/${WABA}/message_templates?status=LIVE`)).message).toMatch(/status must be one of/);
    expect(errorOf(await graph(`/${WABA}/message_templates?fields=colour`)).message).toMatch(/nonexisting field \(colour\)/);
    expect(errorOf(await graph(`/${WABA}/message_templates?after=not-a-cursor`)).message).toMatch(/not a valid cursor/);
  });
});

describe('GET and POST /{template-id}, DELETE /{waba-id}/message_templates', () => {
  it('reads a template, and takes an edit of a rejected one back into review', async () => {
    await start();
    const capitals = {
      ...ORDER_CONFIRMATION,
      components: [
        {
          type: 'BODY',
          text: 'SEU PEDIDO FOI CONFIRMADO E LOGO SAI PARA ENTREGA, {{first_name}}! OBRIGADO.',
          example: { body_text_named_params: named({ first_name: 'Ana' }) },
        },
      ],
    };
    const id = (await submit(capitals)).body.id as string;
    await fixture!.reviewNow();
    const read = await graph(`/${id}?fields=name,status,rejected_reason`);
    expect(read.body).toEqual({ name: 'order_confirmation', status: 'REJECTED', rejected_reason: 'INVALID_FORMAT', id });

    const edited = await graph(`/${id}`, { method: 'POST', body: JSON.stringify({ components: ORDER_CONFIRMATION.components }) });
    expect(edited.body).toEqual({ success: true });
    expect(fixture!.template(id)).toMatchObject({ status: 'PENDING', rejectedReason: 'NONE' });
    // In review it cannot be edited again.
    expect(
      errorOf(await graph(`/${id}`, { method: 'POST', body: JSON.stringify({ components: capitals.components }) })).error_user_title,
    ).toMatch(/Can't Be Edited/);
    await fixture!.reviewNow(id);
    expect(fixture!.template(id)?.status).toBe('APPROVED');
    expect((await graph(`/${id}?fields=components`)).body.components).toEqual(ORDER_CONFIRMATION.components);
  });

  it('lets an approved template be edited once a day, never into another category', async () => {
    await start();
    const id = await approved(ORDER_CONFIRMATION);
    const edit = (change: Record<string, unknown>) => graph(`/${id}`, { method: 'POST', body: JSON.stringify(change) });
    expect(errorOf(await edit({ components: ORDER_CONFIRMATION.components })).error_user_msg).toMatch(/once every 24 hours/);
    clock += 24 * HOUR + 1;
    expect(errorOf(await edit({ category: 'MARKETING' })).error_user_msg).toMatch(/category/);
    expect((await edit({ components: ORDER_CONFIRMATION.components })).body).toEqual({ success: true });
    expect(fixture!.template(id)?.status).toBe('PENDING');
  });

  it('deletes every language of a name, or one by hsm_id, and keeps an approved name and language blocked for four weeks', async () => {
    await start();
    const pt = await approved(ORDER_CONFIRMATION);
    const es = await approved({ ...ORDER_CONFIRMATION, language: 'es' });
    expect((await submit({ ...ORDER_CONFIRMATION, language: 'en_US' })).status).toBe(200);
    const remove = (query: string) => graph(`/${WABA}/message_templates?${query}`, { method: 'DELETE' });
    expect((await remove(`name=order_confirmation&hsm_id=${es}`)).body).toEqual({ success: true });
    expect(fixture!.template(es)).toBeUndefined();
    expect(fixture!.template(pt)).toBeDefined();
    expect((await remove('name=order_confirmation')).body).toEqual({ success: true });
    expect(fixture!.templates(WABA).map((template) => template.name)).toEqual(['hello_world', 'hello_world', 'hello_world']);
    expect((await graph(`/${pt}`)).status).toBe(400);
    const missing = await remove('name=order_confirmation');
    expect(missing.status).toBe(404);
    expect(errorOf(missing).error_user_title).toBe('Message Template Not Found');

    // Never approved: its name is free at once; approved ones wait four weeks.
    expect((await submit({ ...ORDER_CONFIRMATION, language: 'en_US' })).status).toBe(200);
    const blocked = await submit(ORDER_CONFIRMATION);
    expect(errorOf(blocked)).toMatchObject({ error_subcode: 2388023, error_user_title: 'Message Template Language Is Being Deleted' });
    clock += 28 * 24 * HOUR;
    expect((await submit(ORDER_CONFIRMATION)).status).toBe(200);
  });
});

describe('review and the template webhooks', () => {
  it('approves by the fixture’s rules and rejects with Meta’s reasons, each as a signed status webhook for the WABA', async () => {
    await start();
    const good = (await submit(ORDER_CONFIRMATION)).body.id as string;
    const scam = (await submit({ ...ORDER_CONFIRMATION, name: 'test_reject_me' })).body.id as string;
    const promo = (await submit({ ...CART_REMINDER, name: 'utility_promo', category: 'UTILITY' })).body.id as string;
    expect(callback!.requests).toHaveLength(0);
    const reviewed = await fixture!.reviewNow();
    expect(reviewed.map((template) => [template.name, template.status, template.rejectedReason])).toEqual([
      ['order_confirmation', 'APPROVED', 'NONE'],
      ['test_reject_me', 'REJECTED', 'ABUSIVE_CONTENT'],
      ['utility_promo', 'REJECTED', 'INCORRECT_CATEGORY'],
    ]);
    const payloads = webhooks('message_template_status_update');
    expect(payloads).toHaveLength(3);
    expect(payloads[0]).toEqual({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: WABA,
          time: Math.floor(START / 1000),
          changes: [
            {
              value: {
                event: 'APPROVED',
                message_template_id: Number(good),
                message_template_name: 'order_confirmation',
                message_template_language: 'pt_BR',
                reason: 'NONE',
                message_template_category: 'UTILITY',
              },
              field: 'message_template_status_update',
            },
          ],
        },
      ],
    });
    expect(valuesOf('message_template_status_update').slice(1)).toEqual([
      expect.objectContaining({ event: 'REJECTED', message_template_id: Number(scam), reason: 'ABUSIVE_CONTENT' }),
      expect.objectContaining({ event: 'REJECTED', message_template_id: Number(promo), reason: 'INCORRECT_CATEGORY' }),
    ]);
    // Reviewed once: nothing left to review.
    expect(await fixture!.reviewNow()).toEqual([]);
  });

  it('reviews when the review is due on the injected clock', async () => {
    await start({ reviewDelayMs: 5_000 });
    const id = (await submit(ORDER_CONFIRMATION)).body.id as string;
    clock += 4_999;
    expect(await fixture!.reviewDue()).toEqual([]);
    expect(fixture!.template(id)?.status).toBe('PENDING');
    clock += 1;
    expect((await fixture!.reviewDue()).map((template) => template.id)).toEqual([id]);
    expect(fixture!.template(id)?.status).toBe('APPROVED');
  });

  it('reviews on its own timer, as the demo does', async () => {
    await start({ autoReview: true, reviewDelayMs: 0 });
    const id = (await submit(ORDER_CONFIRMATION)).body.id as string;
    await vi.waitFor(() => expect(fixture!.template(id)?.status).toBe('APPROVED'));
    await fixture!.settled();
    expect(valuesOf('message_template_status_update')).toEqual([
      expect.objectContaining({ event: 'APPROVED', message_template_id: Number(id) }),
    ]);
  });

  it('pauses for three hours then six, disables at the third pause, and tells quality changes', async () => {
    await start();
    const id = await approved(ORDER_CONFIRMATION);
    await fixture!.setTemplateQuality(id, 'YELLOW');
    expect(valuesOf('message_template_quality_update')).toEqual([
      {
        previous_quality_score: 'UNKNOWN',
        new_quality_score: 'YELLOW',
        message_template_id: Number(id),
        message_template_name: 'order_confirmation',
        message_template_language: 'pt_BR',
      },
    ]);

    expect((await fixture!.pauseTemplate(id)).status).toBe('PAUSED');
    const paused = valuesOf('message_template_status_update').at(-1);
    expect(paused).toMatchObject({ event: 'PAUSED', other_info: { title: 'FIRST_PAUSE' } });
    expect((paused?.other_info as { description: string }).description).toBe(
      'Your WhatsApp message template has been paused for 3 hours until Jun 2, 2025 at 3:00 PM UTC because it had issues.',
    );
    expect(errorOf(await send(orderSend()))).toMatchObject({ code: 132015 });
    clock += 3 * HOUR;
    expect((await send(orderSend())).status).toBe(200);

    await fixture!.pauseTemplate(id);
    expect(valuesOf('message_template_status_update').at(-1)).toMatchObject({ event: 'PAUSED', other_info: { title: 'SECOND_PAUSE' } });
    await fixture!.unpauseTemplate(id);
    expect(valuesOf('message_template_status_update').at(-1)).toMatchObject({ event: 'APPROVED', other_info: { title: 'UNPAUSE' } });
    expect((await fixture!.pauseTemplate(id)).status).toBe('DISABLED');
    expect(valuesOf('message_template_status_update').at(-1)).toMatchObject({
      event: 'DISABLED',
      disable_info: { disable_date: Math.floor(clock / 1000) },
    });
    expect(errorOf(await send(orderSend()))).toMatchObject({ code: 132016 });
  });
});

describe('template sends', () => {
  it('sends a template that fills its approved template exactly, and keeps what the shopper saw', async () => {
    await start();
    const id = await approved(ORDER_CONFIRMATION);
    const answer = await send(orderSend());
    expect(answer.status).toBe(200);
    const messageId = (answer.body.messages as { id: string }[])[0]!.id;
    const [record, ...more] = fixture!.templateSends(NUMBER.phoneNumberId);
    expect(more).toEqual([]);
    expect(record).toMatchObject({
      messageId,
      templateId: id,
      name: 'order_confirmation',
      language: 'pt_BR',
      category: 'UTILITY',
      waId: SHOPPER.waId,
      parameters: {
        header: { order_number: '#1042' },
        body: { first_name: 'Ana', order_number: '#1042', total: 'R$ 129,90' },
        buttons: { 0: '1042' },
      },
      businessInitiated: true,
      overMessagingLimit: false,
      failedWith: null,
    });
    expect(record?.text).toBe(
      'Pedido #1042\nOlá Ana, recebemos seu pedido #1042 no valor de R$ 129,90. Avisaremos quando ele sair para entrega.\nLoja Demo Catalyst\n[Ver pedido]',
    );
    expect(fixture!.sent(NUMBER.phoneNumberId)[0]?.rendered).toBe(record?.text);
    // Meta's sample is there from the start.
    expect((await send(HELLO)).status).toBe(200);
    expect((await send({ name: 'hello_world', language: { code: 'es' } })).status).toBe(200);
  });

  it('refuses a template that is missing, not approved or not in that language with 132001', async () => {
    await start();
    await submit(ORDER_CONFIRMATION);
    for (const template of [
      { name: 'no_such_template', language: { code: 'pt_BR' } },
      orderSend(),
      { ...orderSend(), language: { code: 'en_US' } },
    ]) {
      const answer = await send(template);
      expect(answer.status).toBe(404);
      expect(errorOf(answer)).toMatchObject({ code: 132001, message: '(#132001) Template name does not exist in the translation' });
      expect(errorOf(answer).error_data?.details).toBe(`template name (${template.name}) does not exist in ${template.language.code}`);
    }
    expect(fixture!.templateSends()).toEqual([]);
  });

  const parameter = (name: string | undefined, text: string) => ({ type: 'text', ...(name ? { parameter_name: name } : {}), text });
  const cases: [string, () => Record<string, unknown>, number, RegExp][] = [
    [
      'a body parameter short',
      () => orderSend([parameter('first_name', 'Ana'), parameter('total', 'R$ 1')]),
      132000,
      /body: number of localizable_params \(2\) does not match the expected number of params \(3\)/,
    ],
    [
      'a name the template does not have',
      () => orderSend([parameter('first_name', 'Ana'), parameter('order_number', '1'), parameter('price', 'R$ 1')]),
      132000,
      /parameter_name \(price\) is not a parameter/,
    ],
    [
      'positional parameters for a named template',
      () => orderSend([parameter(undefined, 'Ana'), parameter(undefined, '1'), parameter(undefined, 'R$ 1')]),
      132012,
      /NAMED/,
    ],
    [
      'an image where text goes',
      () =>
        orderSend([
          { type: 'image', parameter_name: 'first_name', image: { link: 'https://x.example/a.jpg' } },
          parameter('order_number', '1'),
          parameter('total', '1'),
        ]),
      132012,
      /expected a text parameter/,
    ],
    [
      'a new line in a value',
      () => orderSend([parameter('first_name', 'Ana\nSouza'), parameter('order_number', '1'), parameter('total', '1')]),
      132018,
      /new-line/,
    ],
    [
      'the URL button left out',
      () => ({ ...orderSend(), components: orderSend().components.slice(0, 2) }),
      132000,
      /button at index 0: number of localizable_params \(0\)/,
    ],
    [
      'a button the template does not have',
      () => orderSend(undefined, [{ type: 'button', sub_type: 'quick_reply', index: 1, parameters: [] }]),
      132012,
      /no button/,
    ],
    [
      'a filled body past 1024 characters',
      () => orderSend([parameter('first_name', 'A'.repeat(1000)), parameter('order_number', '1'), parameter('total', '1')]),
      132005,
      /1024/,
    ],
  ];

  it.each(cases)('refuses %s', async (_case, template, code, details) => {
    await start();
    await approved(ORDER_CONFIRMATION);
    const answer = await send(template());
    expect(answer.status).toBe(400);
    expect(errorOf(answer).code).toBe(code);
    expect(errorOf(answer).error_data?.details).toMatch(details);
    expect(fixture!.templateSends()).toEqual([]);
  });

  it('checks a positional template’s image header and copy code button', async () => {
    await start();
    await approved(CART_REMINDER);
    const reminder = (header: unknown[], coupon: Record<string, unknown>) => ({
      name: 'cart_reminder_3',
      language: { code: 'pt_BR' },
      components: [
        { type: 'header', parameters: header },
        { type: 'body', parameters: [parameter(undefined, 'Ana'), parameter(undefined, '10%')] },
        { type: 'button', sub_type: 'copy_code', index: 0, parameters: [coupon] },
        { type: 'button', sub_type: 'url', index: 1, parameters: [parameter(undefined, 'abc')] },
      ],
    });
    const image = { type: 'image', image: { link: 'https://loja.example/banner.jpg' } };
    const coupon = { type: 'coupon_code', coupon_code: 'VOLTA10' };
    expect(errorOf(await send(reminder([], coupon))).error_data?.details).toMatch(/header: number of localizable_params \(0\)/);
    expect(errorOf(await send(reminder([parameter(undefined, 'x')], coupon))).code).toBe(132012);
    expect(errorOf(await send(reminder([image], { type: 'text', text: 'VOLTA10' }))).code).toBe(132012);
    expect((await send(reminder([image], coupon))).status).toBe(200);
    expect(fixture!.templateSends()[0]).toMatchObject({
      category: 'MARKETING',
      parameters: {
        header: { image: 'https://loja.example/banner.jpg' },
        body: { 1: 'Ana', 2: '10%' },
        buttons: { 0: 'VOLTA10', 1: 'abc' },
      },
    });
  });

  const faults: [SendFault, number, number][] = [
    ['throughput', 429, 130429],
    ['pairRateLimit', 429, 131056],
    ['perUserMarketingLimit', 400, 131049],
    ['userStoppedMarketing', 400, 131050],
    ['undeliverable', 400, 131026],
    ['reEngagement', 400, 131047],
    ['tokenExpired', 401, 190],
  ];

  it.each(faults)('answers a forced %s to a template send once, then sends', async (fault, status, code) => {
    await start();
    fixture!.failNext(fault);
    const refused = await send(HELLO);
    expect(refused.status).toBe(status);
    expect(errorOf(refused).code).toBe(code);
    expect(fixture!.templateSends()).toEqual([]);
    expect((await send(HELLO)).status).toBe(200);
    expect(fixture!.templateSends()).toHaveLength(1);
  });

  it('keeps template faults for template sends, and reports one in a failed status webhook when asked', async () => {
    await start();
    fixture!.failNext('perUserMarketingLimit', 1, { asStatus: true });
    expect(() => fixture!.failNext('throughput', 1, { asStatus: true })).toThrow(/never reported/);
    // A text send is not a template send: the fault waits.
    expect(
      (
        await graph(`/${NUMBER.phoneNumberId}/messages`, {
          method: 'POST',
          body: JSON.stringify({ messaging_product: 'whatsapp', to: SHOPPER.waId, text: { body: 'oi' } }),
        })
      ).status,
    ).toBe(200);
    const answer = await send(HELLO);
    expect(answer.status).toBe(200);
    await fixture!.settled();
    const statuses = webhooks('messages').map(
      (payload) => (payload as unknown as WebhookPayload).entry[0]!.changes[0]!.value.statuses?.[0],
    );
    expect(statuses).toEqual([
      expect.objectContaining({
        id: (answer.body.messages as { id: string }[])[0]!.id,
        status: 'failed',
        recipient_id: SHOPPER.waId,
        errors: [
          expect.objectContaining({ code: 131049, title: 'This message was not delivered to maintain healthy ecosystem engagement.' }),
        ],
      }),
    ]);
    expect(fixture!.templateSends()[0]).toMatchObject({ failedWith: 131049, businessInitiated: false });
  });

  it('draws template faults at their rate from the seed, for template sends only', async () => {
    const outcomes = async (seed: number) => {
      const server = await startWhatsAppCloudApiServer({ autoReview: false, failureRates: { userStoppedMarketing: 0.3 }, seed });
      const codes: number[] = [];
      try {
        for (let i = 0; i < 40; i++) {
          const response = await fetch(`${server.graphUrl}/${NUMBER.phoneNumberId}/messages`, {
            method: 'POST',
            headers: { authorization: `Bearer ${NUMBER.accessToken}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              messaging_product: 'whatsapp',
              to: `55119000000${String(i).padStart(2, '0')}`,
              type: i % 2 ? 'template' : 'text',
              ...(i % 2 ? { template: HELLO } : { text: { body: 'oi' } }),
            }),
          });
          const body = (await response.json()) as { error?: { code: number } };
          codes.push(body.error?.code ?? 0);
        }
      } finally {
        await server.close();
      }
      return codes;
    };
    const first = await outcomes(5);
    expect(await outcomes(5)).toEqual(first);
    expect(first.filter((code, index) => index % 2 === 0 && code !== 0)).toEqual([]);
    expect(first.filter((code) => code === 131050).length).toBeGreaterThan(0);
    expect(first.filter((code, index) => index % 2 === 1 && code === 0).length).toBeGreaterThan(0);
  });

  it('delivers statuses of a template send priced by its category', async () => {
    await start();
    await approved(ORDER_CONFIRMATION);
    const messageId = ((await send(orderSend())).body.messages as { id: string }[])[0]!.id;
    await fixture!.deliverStatus(messageId, 'delivered');
    await fixture!.deliverStatus(messageId, 'failed', {
      errors: [{ code: 131026, title: 'Message undeliverable', details: 'Unable to deliver message.' }],
    });
    const [delivered, failed] = webhooks('messages').map(
      (payload) => (payload as unknown as WebhookPayload).entry[0]!.changes[0]!.value.statuses?.[0],
    );
    expect(delivered).toMatchObject({
      id: messageId,
      status: 'delivered',
      conversation: { origin: { type: 'utility' } },
      pricing: { category: 'utility' },
    });
    expect(failed).toMatchObject({
      id: messageId,
      status: 'failed',
      errors: [{ code: 131026, error_data: { details: 'Unable to deliver message.' } }],
    });
  });
});

describe('shoppers’ marketing preferences', () => {
  it('delivers a signed user_preferences stop that holds back marketing templates (131050) until a resume', async () => {
    await start();
    await approved(CART_REMINDER);
    const reminder = {
      name: 'cart_reminder_3',
      language: { code: 'pt_BR' },
      components: [
        { type: 'header', parameters: [{ type: 'image', image: { id: '1013859600285441' } }] },
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Ana' },
            { type: 'text', text: '10%' },
          ],
        },
        { type: 'button', sub_type: 'copy_code', index: '0', parameters: [{ type: 'coupon_code', coupon_code: 'VOLTA10' }] },
        { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'abc' }] },
      ],
    };
    await fixture!.deliverUserPreferences(NUMBER.phoneNumberId, SHOPPER, 'stop');
    expect(webhooks('user_preferences')).toEqual([
      {
        object: 'whatsapp_business_account',
        entry: [
          {
            id: WABA,
            changes: [
              {
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '5511934567890', phone_number_id: NUMBER.phoneNumberId },
                  contacts: [{ profile: { name: 'Ana Souza' }, wa_id: SHOPPER.waId }],
                  user_preferences: [
                    {
                      wa_id: SHOPPER.waId,
                      detail: 'User requested to stop marketing messages',
                      category: 'marketing_messages',
                      value: 'stop',
                      timestamp: Math.floor(START / 1000),
                    },
                  ],
                },
                field: 'user_preferences',
              },
            ],
          },
        ],
      },
    ]);
    expect(fixture!.marketingStopped(NUMBER.phoneNumberId, SHOPPER.waId)).toBe(true);
    expect(errorOf(await send(reminder))).toMatchObject({ code: 131050 });
    // Utility templates still go, and other shoppers get marketing.
    expect((await send(HELLO)).status).toBe(200);
    expect((await send(reminder, { to: '5511900000001' })).status).toBe(200);
    await fixture!.deliverUserPreferences(NUMBER.phoneNumberId, SHOPPER, 'resume');
    expect(fixture!.marketingStopped(NUMBER.phoneNumberId, SHOPPER.waId)).toBe(false);
    expect((await send(reminder)).status).toBe(200);
  });
});

describe('the messaging limit', () => {
  it('answers the business’s tier on the phone number', async () => {
    await start();
    const read = async () =>
      (await graph(`/${NUMBER.phoneNumberId}?fields=whatsapp_business_manager_messaging_limit`)).body
        .whatsapp_business_manager_messaging_limit;
    expect(await read()).toBe('TIER_2K');
    fixture!.setTier(businessIdOf(NUMBER), 'TIER_250');
    expect(await read()).toBe('TIER_250');
    expect(fixture!.tier(businessIdOf(SIBLING))).toBe('TIER_250');
    expect(fixture!.tier(businessIdOf(OTHER))).toBe('TIER_2K');
  });

  it('counts unique shoppers reached outside a service window in a moving 24 hours, across the business’s numbers', async () => {
    await start();
    const business = businessIdOf(NUMBER);
    await send(HELLO, { to: '5511900000001' });
    await send(HELLO, { to: '5511900000002', number: SIBLING });
    clock += HOUR;
    await send(HELLO, { to: '5511900000001' });
    // A shopper who wrote within 24 hours is in a service window: not counted.
    await fixture!.deliver(textMessage(NUMBER, { waId: '5511900000003', name: 'Bia' }, 'Oi'));
    await send(HELLO, { to: '5511900000003' });
    expect(fixture!.uniqueRecipients24h(business)).toBe(2);
    expect(fixture!.uniqueRecipients24h(businessIdOf(OTHER))).toBe(0);
    expect(fixture!.templateSends().map((each) => each.businessInitiated)).toEqual([true, true, true, false]);
    clock = START + 24 * HOUR;
    // The first sends left the window; the shopper reached again an hour later is still in it.
    expect(fixture!.uniqueRecipients24h(business)).toBe(1);
    clock += HOUR;
    expect(fixture!.uniqueRecipients24h(business)).toBe(0);
  });

  it('accepts a send past the tier, as Meta documents no refusal, and marks it for the test to catch', async () => {
    await start();
    const business = businessIdOf(NUMBER);
    fixture!.setTier(business, 'TIER_250');
    for (let i = 0; i < 251; i++) {
      clock += 20;
      expect((await send(HELLO, { to: `551190000${String(i).padStart(4, '0')}` })).status).toBe(200);
    }
    clock += 20;
    await send(HELLO, { to: '5511900000000' });
    const over = fixture!.templateSends().filter((each) => each.overMessagingLimit);
    expect(over.map((each) => each.waId)).toEqual(['5511900000250']);
    expect(fixture!.uniqueRecipients24h(business)).toBe(251);
  });
});
