// The whatsapp-inbound worker's records in one statement each (server/channels/inbound-replies.ts,
// webhook-intake.ts's recordEvents): what the worker loads with a job's message (its channel's base,
// the account's plan, the channel's token, the shopper's history) and the reply stored with its AI
// request counted once, whichever attempt stores it first. The worker's own behaviour end to end is
// tests/server/whatsapp-answering.test.ts; these pin what it reads and writes.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { plans } from '@/domain/plans';
import type { InboundContent, InboundEvent } from '@/domain/whatsapp-webhook';
import { monthStart } from '@/server/accounts/account-store';
import { channelStore } from '@/server/channels/channel-store';
import { inboundReplies, type ReplyPlan } from '@/server/channels/inbound-replies';
import { webhookIntake } from '@/server/channels/webhook-intake';
import { accountMonthlyUsage, accounts } from '@/server/accounts/account-tables';
import { aiRequests, whatsappReplies } from '@/server/channels/whatsapp-reply-tables';
import { whatsappInboundMessages } from '@/server/channels/channel-tables';
import { secretBox } from '@/server/secrets/secret-box';
import { checkedNumber, connectForm, seedChannelMerchant } from './support/channel-seed';
import { testDatabase } from './support/test-database';

const secrets = secretBox(randomBytes(32));

/** A merchant with a channel answering with its active base, and the messages `bodies` (a text's, or any content) of one shopper recorded on it (oldest first). */
async function shopperMessages(label: string, bodies: readonly (string | InboundContent)[]) {
  const { db } = await testDatabase();
  const merchant = await seedChannelMerchant(label);
  const channels = channelStore(db, secrets);
  const intake = webhookIntake(db, secrets);
  const form = connectForm(merchant);
  const { channel } = await channels.connect(merchant.uid, form, checkedNumber);
  const [webhookChannel] = (await intake.webhookChannels([form.phoneNumberId])).values();
  const sender = `55119${String(Date.now()).slice(-8)}`;
  const events = bodies.map((body, index): InboundEvent => ({
    kind: 'message',
    phoneNumberId: form.phoneNumberId,
    messageId: `wamid.${label}.${index}.${randomBytes(4).toString('hex')}`,
    from: sender,
    timestamp: Math.floor(Date.now() / 1000),
    content: typeof body === 'string' ? { type: 'text', body } : body,
    replyTo: null,
  }));
  const recorded = await intake.recordEvents(events.map((event) => ({ channel: webhookChannel!, event })));
  const messages = await db
    .select()
    .from(whatsappInboundMessages)
    .where(eq(whatsappInboundMessages.channelId, channel.id))
    .orderBy(whatsappInboundMessages.id);
  return { db, merchant, channel, form, recorded, messages, replies: inboundReplies(db) };
}

const answer = (text: string, aiBaseId: string): ReplyPlan => ({
  kind: 'answer',
  text,
  passages: [],
  model: 'builtin-retrieval',
  parts: [{ type: 'text', body: text, previewUrl: false, wamid: null }],
  aiRequest: { mediaType: 'text', aiBaseId },
});

describe('what the worker loads with a message', () => {
  test("its channel, the channel's active base, the account's plan, the channel's token and the shopper's exchanges before it", async () => {
    const { db, merchant, channel, form, recorded, messages, replies } = await shopperMessages('load', ['Oi', 'Tem frete?', 'E troca?']);
    expect(recorded).toEqual({ queued: 3, unqueued: 0, duplicates: 0, statuses: 0 });
    const [first, second, third] = messages;
    const now = new Date();
    await replies.partSent(
      await replies.plan(first!, merchant.uid, answer('Olá!', merchant.activeBaseId), now),
      0,
      'wamid.out.1',
      null,
      now,
    );
    await replies.finish(second!, 'failed', { failure: 'server', errorCode: 500 }, now);
    await db.update(accounts).set({ plan: 'lite' }).where(eq(accounts.uid, merchant.uid));

    const loaded = await replies.load(third!.id);
    expect(loaded).not.toBeNull();
    expect(loaded!.message).toEqual(third);
    expect(loaded!.channel).toMatchObject({ id: channel.id, uid: merchant.uid, phoneNumberId: form.phoneNumberId, status: 'active' });
    expect(loaded!.reply).toBeNull();
    expect(loaded!.base).toMatchObject({ id: merchant.activeBaseId, status: 'active', name: 'Vendedora' });
    expect(loaded!.plan).toBe('lite');
    expect(secrets.open(loaded!.accessTokenSealed, channel.id)).toBe(form.accessToken);
    // What was asked and what was sent; a failed reply's message counts as asked only.
    expect(loaded!.history).toEqual([
      { role: 'customer', content: 'Oi' },
      { role: 'agent', content: 'Olá!' },
      { role: 'customer', content: 'Tem frete?' },
    ]);
    expect(loaded!.history).toEqual(await replies.history(third!));

    // The first message's reply, once stored, comes with it (and nothing before it).
    expect((await replies.load(first!.id))!.reply).toMatchObject({ outcome: 'sent', text: 'Olá!' });
    expect((await replies.load(first!.id))!.history).toEqual([]);
  });

  test("an image's or a document's caption is in the history, marked as such (the model cannot see the file again)", async () => {
    const { merchant, messages, replies } = await shopperMessages('captions', [
      { type: 'image', mediaId: 'media.1', mimeType: 'image/jpeg', caption: 'Tem essa em azul?' },
      { type: 'document', mediaId: 'media.2', mimeType: 'application/pdf', caption: 'Segue a lista', filename: 'pedido.pdf' },
      { type: 'image', mediaId: 'media.3', mimeType: 'image/jpeg', caption: null },
      'E o frete?',
    ]);
    const [image, document, uncaptioned, text] = messages;
    const now = new Date();
    await replies.partSent(
      await replies.plan(image!, merchant.uid, answer('Temos sim, em azul.', merchant.activeBaseId), now),
      0,
      'wamid.out.1',
      null,
      now,
    );
    await replies.finish(document!, 'failed', { failure: 'server', errorCode: 500 }, now);
    await replies.finish(uncaptioned!, 'failed', { failure: 'server', errorCode: 500 }, now);
    expect((await replies.load(text!.id))!.history).toEqual([
      { role: 'customer', content: '[image] Tem essa em azul?' },
      { role: 'agent', content: 'Temos sim, em azul.' },
      { role: 'customer', content: '[document pedido.pdf] Segue a lista' },
    ]);
  });

  test('a message whose channel is gone loads nothing', async () => {
    const { merchant, channel, messages, replies, db } = await shopperMessages('gone', ['Oi']);
    await channelStore(db, secrets).remove(merchant.uid, channel.id);
    expect(await replies.load(messages[0]!.id)).toBeNull();
  });
});

describe('a reply stored before it is sent', () => {
  test('counts its AI request once, whichever attempt stores it first; both answer the first reply, with the channel token', async () => {
    const { db, merchant, channel, form, messages, replies } = await shopperMessages('plan', ['Tem frete?']);
    const message = messages[0]!;
    const now = new Date();
    const [usageBefore] = await db
      .select({ queries: accountMonthlyUsage.queries })
      .from(accountMonthlyUsage)
      .where(and(eq(accountMonthlyUsage.uid, merchant.uid), eq(accountMonthlyUsage.month, monthStart(now))));

    const [first, second] = await Promise.all([
      replies.plan(message, merchant.uid, answer('Frete grátis.', merchant.activeBaseId), now),
      replies.plan(message, merchant.uid, answer('Outra resposta.', merchant.activeBaseId), now),
    ]);
    expect(first.text).toBe(second.text);
    expect(first).toMatchObject({ inboundMessageId: message.id, channelId: channel.id, outcome: 'sending', kind: 'answer' });
    expect(secrets.open(first.accessTokenSealed!, channel.id)).toBe(form.accessToken);
    expect(secrets.open(second.accessTokenSealed!, channel.id)).toBe(form.accessToken);

    const stored = await db.select().from(whatsappReplies).where(eq(whatsappReplies.inboundMessageId, message.id));
    expect(stored).toHaveLength(1);
    const requests = await db.select().from(aiRequests).where(eq(aiRequests.inboundMessageId, message.id));
    expect(requests).toEqual([
      expect.objectContaining({
        uid: merchant.uid,
        aiBaseId: merchant.activeBaseId,
        channelId: channel.id,
        mediaType: 'text',
        extra: false,
      }),
    ]);
    expect(requests[0]!.occurredAt.toISOString()).toBe(now.toISOString());
    const [usage] = await db
      .select({ queries: accountMonthlyUsage.queries })
      .from(accountMonthlyUsage)
      .where(and(eq(accountMonthlyUsage.uid, merchant.uid), eq(accountMonthlyUsage.month, monthStart(now))));
    expect(usage!.queries).toBe((usageBefore?.queries ?? 0) + 1);
  });

  test("past the plan's allowance the request is extra; a plan without a bound never is; a fixed line counts nothing", async () => {
    const { db, merchant, messages, replies } = await shopperMessages('allowance', ['Um', 'Dois', 'Três']);
    const now = new Date();
    const allowance = plans.basic.limits.queriesPerMonth;
    if (allowance.bound !== 'up_to') throw new Error('the basic plan has an allowance');
    await db
      .insert(accountMonthlyUsage)
      .values({ uid: merchant.uid, month: monthStart(now), queries: allowance.count })
      .onConflictDoUpdate({ target: [accountMonthlyUsage.uid, accountMonthlyUsage.month], set: { queries: allowance.count } });

    await replies.plan(messages[0]!, merchant.uid, answer('Um.', merchant.activeBaseId), now);
    await db.update(accounts).set({ plan: 'enterprise' }).where(eq(accounts.uid, merchant.uid));
    await replies.plan(messages[1]!, merchant.uid, answer('Dois.', merchant.activeBaseId), now);
    await replies.plan(messages[2]!, merchant.uid, { ...answer('Três.', merchant.activeBaseId), aiRequest: null }, now);

    const extra = async (index: number) =>
      (await db.select({ extra: aiRequests.extra }).from(aiRequests).where(eq(aiRequests.inboundMessageId, messages[index]!.id))).map(
        (row) => row.extra,
      );
    expect(await extra(0)).toEqual([true]);
    expect(await extra(1)).toEqual([false]);
    expect(await extra(2)).toEqual([]);
    const [usage] = await db
      .select({ queries: accountMonthlyUsage.queries })
      .from(accountMonthlyUsage)
      .where(and(eq(accountMonthlyUsage.uid, merchant.uid), eq(accountMonthlyUsage.month, monthStart(now))));
    expect(usage!.queries).toBe(allowance.count + 2);
  });
});
