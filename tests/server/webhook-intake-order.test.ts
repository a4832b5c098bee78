// One shopper's WhatsApp deliveries taken in at once by two web processes (webhook-intake.ts): each
// takes its turn, so the earlier one's job is committed before the later one gets its place in the
// queue — otherwise a worker may see (and answer) the later message first. Another shopper's
// delivery does not wait. PostgreSQL only: PGlite runs one statement at a time anyway.
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import type { InboundEvent } from '@/domain/whatsapp-webhook';
import { channelStore } from '@/server/channels/channel-store';
import { webhookIntake } from '@/server/channels/webhook-intake';
import { secretBox } from '@/server/secrets/secret-box';
import { checkedNumber, connectForm, seedChannelMerchant } from './support/channel-seed';
import { testDatabase } from './support/test-database';

const url = process.env.DATABASE_URL;
const secrets = secretBox(randomBytes(32));

describe.skipIf(!url)('a shopper’s deliveries taken in at once', () => {
  test('one waits while another of the same shopper is taken in; another shopper’s goes ahead', async () => {
    const { db } = await testDatabase();
    const merchant = await seedChannelMerchant('intake-order');
    const form = connectForm(merchant);
    const { channel } = await channelStore(db, secrets).connect(merchant.uid, form, checkedNumber);
    const intake = webhookIntake(db, secrets);
    const [webhookChannel] = (await intake.webhookChannels([form.phoneNumberId])).values();
    expect(webhookChannel!.status).toBe('active');
    const message = (from: string): { channel: typeof webhookChannel & {}; event: InboundEvent } => ({
      channel: webhookChannel!,
      event: {
        kind: 'message',
        phoneNumberId: form.phoneNumberId,
        messageId: `wamid.order.${randomBytes(6).toString('hex')}`,
        from,
        timestamp: Math.floor(Date.now() / 1000),
        content: { type: 'text', body: 'Oi' },
        replyTo: null,
      },
    });
    const shopper = `5511970${String(randomBytes(2).readUInt16BE()).padStart(5, '0')}`;
    // Another web process in the middle of taking in this shopper's earlier message: its turn held.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock(hashtext($1))', [`${channel.id}:${createHash('md5').update(shopper).digest('hex')}`]);
      let taken = false;
      const waiting = intake.recordEvents([message(shopper)]).then((recorded) => {
        taken = true;
        return recorded;
      });
      // Another shopper is taken in meanwhile.
      expect(await intake.recordEvents([message(`${shopper}9`)])).toMatchObject({ queued: 1 });
      // This shopper's delivery waits for its turn, in the database.
      const waitingForTurn = async () =>
        (await other.query<{ n: number }>("select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted")).rows[0]!
          .n;
      await expect.poll(waitingForTurn, { timeout: 10_000, interval: 50 }).toBeGreaterThan(0);
      expect(taken).toBe(false);
      await other.query('commit');
      expect(await waiting).toMatchObject({ queued: 1 });
    } finally {
      await other.end();
    }
  });
});
