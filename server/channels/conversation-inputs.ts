// The whatsapp_conversation_inputs records: what a qualifier asked a shopper and what they answered,
// per channel and shopper. Each write names the inbound message it was made for (`asked_by`,
// `answered_by`), so the state a message is answered from is what earlier messages left: a retry
// of the same message (the queue's) reads the same state and writes the same rows again. Read by
// the qualifier (./qualifier.ts) and, values only, by the conversation page (./channel-conversations.ts).
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { CollectedInput } from '@/domain/channel';
import type { Db } from '../db/database';
import { whatsappConversationInputs as inputs } from './whatsapp-reply-tables';

/** One shopper on one channel; `messageId`: the inbound message being answered. */
export type ConversationRef = {
  channelId: string;
  sender: string;
  messageId: number;
};

/** An input as the message being answered finds it: its value (null: not known yet) and when it was last asked before it. */
export type InputState = { value: string | null; askedBy: number | null };

export function conversationInputs(db: Db) {
  const key = (ref: ConversationRef) => ({
    channelId: ref.channelId,
    sender: ref.sender,
  });
  return {
    /** Each input's state before `ref.messageId`: what a later message (or this one, on an earlier attempt) wrote does not count. */
    async before(ref: ConversationRef): Promise<Map<string, InputState>> {
      const rows = await db
        .select()
        .from(inputs)
        .where(and(eq(inputs.channelId, ref.channelId), eq(inputs.sender, ref.sender)));
      return new Map(
        rows.map((row) => [
          row.name,
          {
            value: row.answeredBy !== null && row.answeredBy < ref.messageId ? row.value : null,
            askedBy: row.askedBy !== null && row.askedBy < ref.messageId ? row.askedBy : null,
          },
        ]),
      );
    },

    /** The reply to `ref.messageId` asks for `name`. */
    async asked(ref: ConversationRef, name: string, now: Date): Promise<void> {
      await db
        .insert(inputs)
        .values({ ...key(ref), name, askedBy: ref.messageId, updatedAt: now })
        .onConflictDoUpdate({
          target: [inputs.channelId, inputs.sender, inputs.name],
          set: { askedBy: ref.messageId, updatedAt: now },
        });
    },

    /** `ref.messageId` answered `name` with `value`. */
    async answered(ref: ConversationRef, name: string, value: string, now: Date): Promise<void> {
      const change = {
        value,
        answeredBy: ref.messageId,
        collectedAt: now,
        updatedAt: now,
      };
      await db
        .insert(inputs)
        .values({ ...key(ref), name, ...change })
        .onConflictDoUpdate({
          target: [inputs.channelId, inputs.sender, inputs.name],
          set: change,
        });
    },

    /** The values collected from each of these shoppers on the channel, in the order they were given. */
    async collected(channelId: string, senders: string[]): Promise<Map<string, CollectedInput[]>> {
      const bySender = new Map<string, CollectedInput[]>();
      if (senders.length === 0) return bySender;
      const rows = await db
        .select({
          sender: inputs.sender,
          name: inputs.name,
          value: inputs.value,
          collectedAt: inputs.collectedAt,
        })
        .from(inputs)
        .where(and(eq(inputs.channelId, channelId), inArray(inputs.sender, senders), isNotNull(inputs.value)))
        .orderBy(asc(inputs.collectedAt), asc(inputs.name));
      for (const { sender, name, value, collectedAt } of rows) {
        if (value === null || collectedAt === null) continue;
        const list = bySender.get(sender) ?? [];
        list.push({ name, value, collectedAt: collectedAt.toISOString() });
        bySender.set(sender, list);
      }
      return bySender;
    },
  };
}
