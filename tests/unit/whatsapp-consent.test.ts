// The WhatsApp side of shoppers' consent without a database: Meta's `user_preferences` read from its
// payload, the consent events of a payload's messages (stop words, a template's 'Stop promotions'
// quick reply, our consent buttons), how they are
// recorded (for the number's account, in order, redeliveries passed over, with the base's language),
// and the consent button as the Cloud API takes it (checked by the loopback fixture as Meta checks it).
import { describe, expect, test } from 'vitest';
import { consentButtons, isOptOutMessage, optInConfirmations, optOutConfirmations, stopPromotionsTitles } from '@/domain/contact';
import { locales } from '@/domain/locales';
import { flattenWebhook, userPreferencesOf, webhookSendersOf, whatsappWebhookSchema, type InboundEvent } from '@/domain/whatsapp-webhook';
import {
  consentSignalsOf,
  recordConversationConsent,
  type ConsentRecording,
  type ConsentSignal,
} from '@/server/channels/conversation-consent';
import { outgoingMessageBody, replyButtons, type OutgoingMessage } from '@/server/channels/outgoing-message';
import type { WebhookChannel } from '@/server/channels/webhook-intake';
import { userPreferences } from '../fixtures/whatsapp/account-webhooks';
import { validateMessage } from '../fixtures/whatsapp/message-validation';
import { readyMadeTemplates } from '@/domain/ready-made-templates';
import {
  buttonReplyMessage,
  listReplyMessage,
  templateButtonMessage,
  textMessage,
  type WebhookNumber,
} from '../fixtures/whatsapp/webhook-payloads';

const NUMBER: WebhookNumber = { phoneNumberId: '106540352242922', wabaId: '102290129340398', displayPhoneNumber: '+55 21 3000-0000' };
const MARIA = { waId: '5511912345678', name: 'Maria' };
const AT = Date.UTC(2025, 2, 31, 12, 0, 0);

const parsed = (payload: unknown) => {
  const result = whatsappWebhookSchema.safeParse(payload);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
};

describe("Meta's user_preferences", () => {
  test('a stop and a resume as Meta sends them: the number, the shopper, the preference and when', () => {
    const stop = userPreferences(NUMBER, MARIA, 'stop', { at: AT });
    expect(webhookSendersOf(stop)).toEqual({ phoneNumberIds: [NUMBER.phoneNumberId], wabaIds: [] });
    expect(userPreferencesOf(parsed(stop))).toEqual([
      { kind: 'user_preference', phoneNumberId: NUMBER.phoneNumberId, waId: MARIA.waId, preference: 'stop', timestamp: AT / 1000 },
    ]);
    expect(flattenWebhook(parsed(stop))).toEqual([]);
    expect(userPreferencesOf(parsed(userPreferences(NUMBER, MARIA, 'resume', { at: AT })))).toMatchObject([{ preference: 'resume' }]);
  });

  test('another category or value is left out; a payload without any reads none', () => {
    const payload = userPreferences(NUMBER, MARIA, 'stop', { at: AT });
    const value = payload.entry[0]!.changes[0]!.value as { user_preferences: Record<string, unknown>[] };
    value.user_preferences.push(
      { ...value.user_preferences[0], category: 'utility_messages' },
      { ...value.user_preferences[0], value: 'pause' },
    );
    expect(userPreferencesOf(parsed(payload))).toHaveLength(1);
    expect(userPreferencesOf(parsed(textMessage(NUMBER, MARIA, 'oi', { at: AT })))).toEqual([]);
  });

  test('a preference without its shopper or time is not Meta’s: the payload is refused', () => {
    const payload = userPreferences(NUMBER, MARIA, 'stop', { at: AT });
    const value = payload.entry[0]!.changes[0]!.value as { user_preferences: Record<string, unknown>[] };
    delete value.user_preferences[0]!.timestamp;
    expect(whatsappWebhookSchema.safeParse(payload).success).toBe(false);
  });
});

const channelA: WebhookChannel = { id: 'channel-a', uid: 'uid-a', phoneNumberId: NUMBER.phoneNumberId, status: 'active', appSecret: 's' };
const channelB: WebhookChannel = { ...channelA, id: 'channel-b', uid: 'uid-b' };
const messagesOf = (payload: unknown, channel = channelA) =>
  flattenWebhook(parsed(payload)).map((event: InboundEvent) => ({ channel, event }));
const utility = consentButtons.utility;

describe('the consent events of a payload', () => {
  test('a text asking to stop and a tap on our button are; an everyday word, another button or a list row are not', () => {
    const events = [
      ...messagesOf(textMessage(NUMBER, MARIA, 'PARAR', { at: AT, id: 'wamid.stop' })),
      ...messagesOf(textMessage(NUMBER, MARIA, 'Quero cancelar o pedido', { at: AT })),
      ...messagesOf(
        buttonReplyMessage(NUMBER, MARIA, { id: utility.id, title: utility.title.pt }, { at: AT, id: 'wamid.tap', replyTo: 'x' }),
      ),
      ...messagesOf(buttonReplyMessage(NUMBER, MARIA, { id: 'troca', title: 'Trocar' }, { at: AT, replyTo: 'x' })),
      ...messagesOf(listReplyMessage(NUMBER, MARIA, { id: utility.id, title: 'Sim' }, { at: AT, replyTo: 'x' })),
    ];
    const preferences = userPreferencesOf(parsed(userPreferences(NUMBER, MARIA, 'stop', { at: AT }))).map((event) => ({
      channel: channelB,
      event,
    }));
    expect(consentSignalsOf(events, preferences)).toEqual([
      { channel: channelA, waId: MARIA.waId, timestamp: AT / 1000, kind: 'stop_word', messageId: 'wamid.stop' },
      { channel: channelA, waId: MARIA.waId, timestamp: AT / 1000, kind: 'consent_button', messageId: 'wamid.tap', purpose: 'utility' },
      { channel: channelB, waId: MARIA.waId, timestamp: AT / 1000, kind: 'marketing_stop' },
    ]);
  });
});

describe("a marketing template's 'Stop promotions' quick reply", () => {
  const tap = (text: string, id = 'wamid.q') =>
    messagesOf(templateButtonMessage(NUMBER, MARIA, { text }, { at: AT, id, replyTo: 'wamid.t' }));

  test('every marketing template of the library carries it, titled in the template’s language', () => {
    const marketing = readyMadeTemplates.filter((template) => template.draft.category === 'MARKETING');
    expect(marketing.length).toBeGreaterThan(0);
    const titles = { pt_BR: stopPromotionsTitles.pt, en_US: stopPromotionsTitles.en, es: stopPromotionsTitles.es };
    for (const { draft } of marketing)
      for (const [language, content] of Object.entries(draft.languages))
        expect(content!.buttons, `${draft.name} ${language}`).toContainEqual({
          type: 'quick_reply',
          text: titles[language as keyof typeof titles],
        });
  });

  test('Meta’s `button` message is read as a quick reply: its text and payload', () => {
    const [tapped] = tap('Quero ver!');
    expect(tapped?.event).toMatchObject({
      kind: 'message',
      replyTo: 'wamid.t',
      content: { type: 'interactive', reply: 'quick_reply', replyId: 'Quero ver!', title: 'Quero ver!', description: null },
    });
  });

  test.each(locales)('in %s: its tap is a stop; another quick reply is none', (locale) => {
    const events = [...tap(stopPromotionsTitles[locale], 'wamid.stop'), ...tap('Quero ver!'), ...tap('Ver ofertas')];
    expect(consentSignalsOf(events, [])).toEqual([
      { channel: channelA, waId: MARIA.waId, timestamp: AT / 1000, kind: 'stop_button', messageId: 'wamid.stop' },
    ]);
  });

  test('read without case or accents: “PARAR PROMOCOES” is one too', () => {
    expect(consentSignalsOf(tap('PARAR PROMOCOES'), [])).toMatchObject([{ kind: 'stop_button' }]);
  });
});

describe('recording them', () => {
  function recorder(recorded: string[] = [], languages: Record<string, 'pt_br' | 'en_us' | 'es'> = {}) {
    const calls: unknown[][] = [];
    const asked: unknown[][] = [];
    const deps: ConsentRecording = {
      intake: {
        async consentFacts(channelIds, messages) {
          asked.push([channelIds, messages]);
          return { languages: new Map(Object.entries(languages)), recorded: new Set(recorded) };
        },
      },
      contacts: {
        async recordOptOut(...args) {
          calls.push(['optOut', ...args]);
          return null;
        },
        async recordOptIn(...args) {
          calls.push(['optIn', ...args]);
          return null;
        },
        async recordMarketingResume(...args) {
          calls.push(['resume', ...args]);
          return null;
        },
      },
    };
    return { deps, calls, asked };
  }
  const seconds = AT / 1000;
  const signals: ConsentSignal[] = [
    { channel: channelA, waId: MARIA.waId, timestamp: seconds, kind: 'stop_word', messageId: 'wamid.1' },
    { channel: channelB, waId: MARIA.waId, timestamp: seconds + 1, kind: 'consent_button', messageId: 'wamid.2', purpose: 'utility' },
    { channel: channelA, waId: MARIA.waId, timestamp: seconds + 2, kind: 'marketing_stop' },
    { channel: channelA, waId: MARIA.waId, timestamp: seconds + 3, kind: 'marketing_resume' },
    { channel: channelA, waId: 'abc', timestamp: seconds, kind: 'marketing_stop' },
    { channel: channelB, waId: MARIA.waId, timestamp: seconds + 4, kind: 'stop_button', messageId: 'wamid.3' },
  ];
  const iso = (offset: number) => new Date(AT + offset * 1000).toISOString();

  test('each for its channel’s account, in order, dated when the shopper acted, with the base’s language', async () => {
    const { deps, calls, asked } = recorder([], { 'channel-a': 'en_us' });
    expect(await recordConversationConsent(deps, signals)).toEqual({ optOuts: 3, optIns: 1, resumes: 1, redelivered: 0, notPhones: 1 });
    expect(asked).toEqual([
      [
        ['channel-a', 'channel-b'],
        [
          { channelId: 'channel-a', messageId: 'wamid.1' },
          { channelId: 'channel-b', messageId: 'wamid.2' },
          { channelId: 'channel-b', messageId: 'wamid.3' },
        ],
      ],
    ]);
    expect(calls).toEqual([
      // A stop word and the stop button opt out of marketing only: order updates (utility) still come.
      ['optOut', 'uid-a', '+5511912345678', 'stop_word', iso(0), { purpose: 'marketing', language: 'en' }],
      ['optIn', 'uid-b', '+5511912345678', 'utility', 'whatsapp_conversation', iso(1), {}],
      ['optOut', 'uid-a', '+5511912345678', 'meta_user_preferences', iso(2), { purpose: 'marketing', language: 'en' }],
      ['resume', 'uid-a', '+5511912345678', iso(3)],
      ['optOut', 'uid-b', '+5511912345678', 'whatsapp_conversation', iso(4), { purpose: 'marketing' }],
    ]);
  });

  test('a message recorded already (a redelivery) is passed over; Meta’s preferences are recorded again, which the store keeps once', async () => {
    const { deps, calls } = recorder(['channel-a wamid.1', 'channel-b wamid.2']);
    expect(await recordConversationConsent(deps, signals.slice(0, 3))).toMatchObject({ optOuts: 1, optIns: 0, redelivered: 2 });
    expect(calls).toEqual([['optOut', 'uid-a', '+5511912345678', 'meta_user_preferences', iso(2), { purpose: 'marketing' }]]);
  });

  test('nothing to record asks nothing', async () => {
    const { deps, asked } = recorder();
    expect(await recordConversationConsent(deps, [])).toMatchObject({ optOuts: 0, optIns: 0, resumes: 0 });
    expect(asked).toEqual([]);
  });
});

describe('the consent button as the Cloud API takes it', () => {
  const send = (message: Omit<Extract<OutgoingMessage, { type: 'reply_buttons' }>, 'type' | 'to'>) =>
    validateMessage(outgoingMessageBody({ type: 'reply_buttons', to: MARIA.waId, ...message }));

  test.each(locales)('in %s: an interactive button message Meta accepts', (locale) => {
    const fitted = replyButtons(utility.prompt[locale], [{ id: utility.id, title: utility.title[locale] }]);
    const checked = send(fitted);
    expect(checked.ok).toBe(true);
    expect(outgoingMessageBody({ type: 'reply_buttons', to: MARIA.waId, ...fitted, replyTo: 'wamid.q' })).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: MARIA.waId,
      context: { message_id: 'wamid.q' },
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: utility.prompt[locale] },
        action: { buttons: [{ type: 'reply', reply: { id: utility.id, title: utility.title[locale] } }] },
      },
    });
  });

  const buttons = (count: number, title = 'Sim') => Array.from({ length: count }, (_, index) => ({ id: `b${index}`, title }));

  test('what Meta refuses (four buttons, a title of 21 characters, a body of 1025, a repeated id) is refused by both', () => {
    const cases = [
      { bodyText: 'Quer?', buttons: buttons(4) },
      { bodyText: 'Quer?', buttons: buttons(1, 'x'.repeat(21)) },
      { bodyText: 'x'.repeat(1025), buttons: buttons(1) },
      { bodyText: 'Quer?', buttons: [...buttons(1), ...buttons(1)] },
    ];
    for (const refused of cases) {
      expect(() => replyButtons(refused.bodyText, refused.buttons)).toThrow(RangeError);
      const checked = send(refused);
      expect(checked.ok).toBe(false);
      if (!checked.ok) expect(checked.failure.error.code).toBe(131009);
    }
    expect(send({ bodyText: 'Quer?', buttons: buttons(3, 'x'.repeat(20)) }).ok).toBe(true);
    expect(() => replyButtons('Quer?', [])).toThrow(RangeError);
  });
});

describe('the shopper’s lines', () => {
  test.each(locales)('in %s: each confirmation names a word that itself opts out', (locale) => {
    for (const text of [optOutConfirmations[locale], optInConfirmations.utility[locale], optInConfirmations.marketing[locale]])
      expect(text.trim()).not.toBe('');
    for (const text of [optInConfirmations.utility[locale], optInConfirmations.marketing[locale]]) {
      const word = /\b(PARAR|STOP|BAJA)\b/.exec(text)?.[1];
      expect(word, text).toBeDefined();
      expect(isOptOutMessage(word!)).toBe(true);
    }
  });
});
