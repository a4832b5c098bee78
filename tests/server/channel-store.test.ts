// The channel store (server/channels/channel-store.ts) and the webhook intake it tells of its changes
// (server/channels/webhook-intake.ts) on the run's database: a connected number's
// secrets sealed at rest and never in its public view (a token hint at most), the verify token
// returned once and found by its hash, one channel per number whatever the account, the answering
// AI base the caller's and active, pause / resume / needs attention as the webhook sees them, and
// another account unable to read, pause, resume, change or disconnect a channel it does not own.
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { channelSchema, type Channel } from '@/domain/channel';
import { channelStore, ChannelRefusal, type ChannelStore } from '@/server/channels/channel-store';
import { webhookIntake, type WebhookIntake } from '@/server/channels/webhook-intake';
import { aiBases } from '@/server/ai-bases/ai-base-tables';
import { channels, whatsappInboundMessages } from '@/server/channels/channel-tables';
import { secretBox, type SecretBox } from '@/server/secrets/secret-box';
import { checkedNumber, connectForm, seedChannelMerchant, type ChannelMerchant } from './support/channel-seed';
import { testDatabase } from './support/test-database';

let store: ChannelStore;
let intake: WebhookIntake;
let secrets: SecretBox;
let a: ChannelMerchant;
let b: ChannelMerchant;

beforeAll(async () => {
  secrets = secretBox(randomBytes(32));
  const { db } = await testDatabase();
  intake = webhookIntake(db, secrets);
  store = channelStore(db, secrets, { onChannelChanged: intake.forget });
  [a, b] = await Promise.all([seedChannelMerchant('a'), seedChannelMerchant('b')]);
});

/** The refusal `work` ends with. */
async function refusalOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof ChannelRefusal) return error.reason;
    throw error;
  }
  throw new Error('not refused');
}

const rawRow = async (id: string) => (await (await testDatabase()).db.select().from(channels).where(eq(channels.id, id)))[0]!;

describe('connecting a number', () => {
  test('the public view holds no secret; the verify token comes back once and is kept only as its hash; the secrets are sealed for their row', async () => {
    const form = connectForm(a);
    const { channel, verifyToken } = await store.connect(a.uid, form, checkedNumber);

    expect(channelSchema.parse(channel)).toEqual(channel);
    expect(channel).toMatchObject({
      phoneNumberId: form.phoneNumberId,
      wabaId: form.wabaId,
      displayPhoneNumber: checkedNumber.displayPhoneNumber,
      verifiedName: 'Loja Contoso',
      qualityRating: 'green',
      aiBaseId: a.activeBaseId,
      inventoryId: a.inventoryId,
      status: 'active',
      attentionReason: null,
      webhookVerifiedAt: null,
      accessTokenHint: `…${form.accessToken.slice(-4)}`,
    });
    expect(verifyToken).toMatch(/^[\w-]{32}$/);
    for (const view of [channel, await store.get(a.uid, channel.id), ...(await store.list(a.uid))]) {
      const text = JSON.stringify(view);
      for (const secret of [form.accessToken, form.appSecret, verifyToken]) expect(text).not.toContain(secret);
    }

    const row = await rawRow(channel.id);
    const stored = JSON.stringify(row);
    for (const secret of [form.accessToken, form.appSecret, verifyToken]) expect(stored).not.toContain(secret);
    expect(row.verifyTokenHash).toBe(createHash('sha256').update(verifyToken).digest('hex'));
    expect(secrets.open(row.accessTokenSealed, channel.id)).toBe(form.accessToken);
    expect(secrets.open(row.appSecretSealed, channel.id)).toBe(form.appSecret);
    // Sealed for this row: copied onto another, it does not open.
    expect(() => secrets.open(row.appSecretSealed, b.uid)).toThrow();
    expect(await store.accessToken(channel.id)).toBe(form.accessToken);
  });

  test('a number is connected once, on any account', async () => {
    const form = connectForm(a);
    await store.connect(a.uid, form, checkedNumber);
    expect(await refusalOf(store.connect(a.uid, { ...form, accessToken: `${form.accessToken}x` }, checkedNumber))).toBe(
      'already_connected',
    );
    expect(await refusalOf(store.connect(b.uid, connectForm(b, { phoneNumberId: form.phoneNumberId }), checkedNumber))).toBe(
      'already_connected',
    );
    expect((await store.list(b.uid)).map((channel) => channel.phoneNumberId)).not.toContain(form.phoneNumberId);
  });

  test('the AI base must be the caller’s and active, the inventory the caller’s; nothing is saved otherwise', async () => {
    const before = (await store.list(b.uid)).length;
    expect(await refusalOf(store.connect(b.uid, connectForm(b, { aiBaseId: b.inactiveBaseId }), checkedNumber))).toBe('ai_base_not_active');
    expect(await refusalOf(store.connect(b.uid, connectForm(b, { aiBaseId: a.activeBaseId }), checkedNumber))).toBe('ai_base_not_found');
    expect(await refusalOf(store.connect(b.uid, connectForm(b, { inventoryId: a.inventoryId }), checkedNumber))).toBe(
      'inventory_not_found',
    );
    expect(await store.list(b.uid)).toHaveLength(before);
    const { channel } = await store.connect(b.uid, connectForm(b, { inventoryId: null }), checkedNumber);
    expect(channel.inventoryId).toBeNull();
  });
});

describe('tenancy', () => {
  test('another account cannot read, list, pause, resume, change, rotate or disconnect a channel', async () => {
    const { channel } = await store.connect(a.uid, connectForm(a), checkedNumber);
    expect(await store.get(b.uid, channel.id)).toBeNull();
    expect((await store.list(b.uid)).map((each) => each.id)).not.toContain(channel.id);
    // One at a time: a refusal made before its turn to be awaited would be an unhandled rejection.
    for (const attempt of [
      () => store.pause(b.uid, channel.id),
      () => store.resume(b.uid, channel.id),
      () => store.setAnswering(b.uid, channel.id, b.activeBaseId, null),
      () => store.replaceAccessToken(b.uid, channel.id, 'EAAGstolen-token-0000000000', checkedNumber),
      () => store.rotateVerifyToken(b.uid, channel.id),
      () => store.remove(b.uid, channel.id),
    ])
      expect(await refusalOf(attempt())).toBe('not_found');
    expect(await store.get(a.uid, channel.id)).toEqual(channel);
  });
});

describe('status, as the webhook sees it', () => {
  let channel: Channel;
  let phoneNumberId: string;
  const seen = async () => (await intake.webhookChannels([phoneNumberId])).get(phoneNumberId);

  beforeAll(async () => {
    const form = connectForm(a);
    phoneNumberId = form.phoneNumberId;
    channel = (await store.connect(a.uid, form, checkedNumber)).channel;
    expect(await seen()).toEqual({ id: channel.id, uid: a.uid, phoneNumberId, status: 'active', appSecret: form.appSecret });
  });

  test('paused, needing attention, resumed: the webhook’s channel follows at once in this process', async () => {
    expect(await store.pause(a.uid, channel.id)).toMatchObject({ status: 'paused', attentionReason: null });
    expect(await seen()).toMatchObject({ status: 'paused' });
    await store.markNeedsAttention(channel.id, 'token_invalid');
    expect(await store.get(a.uid, channel.id)).toMatchObject({ status: 'needs_attention', attentionReason: 'token_invalid' });
    expect(await seen()).toMatchObject({ status: 'needs_attention' });
    const replaced = await store.replaceAccessToken(a.uid, channel.id, 'EAAGnew-token-000000000009z9z', checkedNumber);
    expect(replaced).toMatchObject({ status: 'active', attentionReason: null, accessTokenHint: '…9z9z' });
    expect(await store.accessToken(channel.id)).toBe('EAAGnew-token-000000000009z9z');
    expect(await seen()).toMatchObject({ status: 'active' });
  });

  test('resuming needs the AI base active; choosing another active one answers again', async () => {
    const { db } = await testDatabase();
    await store.pause(a.uid, channel.id);
    await db.update(aiBases).set({ status: 'inactive' }).where(eq(aiBases.id, a.activeBaseId));
    try {
      expect(await refusalOf(store.resume(a.uid, channel.id))).toBe('ai_base_not_active');
      await store.markNeedsAttention(channel.id, 'ai_base_inactive');
    } finally {
      await db.update(aiBases).set({ status: 'active' }).where(eq(aiBases.id, a.activeBaseId));
    }
    expect(await store.setAnswering(a.uid, channel.id, a.activeBaseId, null)).toMatchObject({
      status: 'active',
      attentionReason: null,
      inventoryId: null,
    });
    expect(await store.resume(a.uid, channel.id)).toMatchObject({ status: 'active' });
  });

  test('a new token for a channel whose AI base was switched off meanwhile: it then needs attention for its base', async () => {
    const { db } = await testDatabase();
    const { channel: refused } = await store.connect(a.uid, connectForm(a), checkedNumber);
    await store.markNeedsAttention(refused.id, 'token_invalid');
    await db.update(aiBases).set({ status: 'inactive' }).where(eq(aiBases.id, a.activeBaseId));
    try {
      expect(await store.replaceAccessToken(a.uid, refused.id, 'EAAGnew-token-000000000008y8y', checkedNumber)).toMatchObject({
        status: 'needs_attention',
        attentionReason: 'ai_base_inactive',
      });
    } finally {
      await db.update(aiBases).set({ status: 'active' }).where(eq(aiBases.id, a.activeBaseId));
    }
  });

  test('the verify token finds its channel by hash; a rotated one replaces it', async () => {
    const { channel: other, verifyToken } = await store.connect(b.uid, connectForm(b), checkedNumber);
    expect(await intake.verifyWebhook(`${verifyToken}x`)).toBe(false);
    expect(await intake.verifyWebhook(verifyToken)).toBe(true);
    expect((await store.get(b.uid, other.id))?.webhookVerifiedAt).not.toBeNull();
    const rotated = await store.rotateVerifyToken(b.uid, other.id);
    expect(rotated.channel.webhookVerifiedAt).toBeNull();
    expect(await intake.verifyWebhook(verifyToken)).toBe(false);
    expect(await intake.verifyWebhook(rotated.verifyToken)).toBe(true);
  });

  test('disconnected, the channel goes with its messages and the webhook no longer knows its number', async () => {
    const { db } = await testDatabase();
    const webhookChannel = (await seen())!;
    const event = {
      kind: 'message',
      phoneNumberId,
      messageId: 'wamid.gone',
      from: '5511900000000',
      timestamp: 1764195000,
      replyTo: null,
      content: { type: 'text', body: 'oi' },
    } as const;
    expect(await intake.recordEvents([{ channel: webhookChannel, event }])).toMatchObject({ queued: 1, duplicates: 0 });
    await store.remove(a.uid, channel.id);
    expect(await store.get(a.uid, channel.id)).toBeNull();
    expect(await db.select().from(whatsappInboundMessages).where(eq(whatsappInboundMessages.channelId, channel.id))).toEqual([]);
    expect(await seen()).toBeUndefined();
  });
});
