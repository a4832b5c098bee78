// The whatsapp-inbound worker's records (whatsapp_replies, ai_requests, storefront_events): a job's
// message with its channel and any reply already stored, the shopper's recent exchanges on the
// channel, and each step of a reply written so that a retry resumes it rather than repeats it. A
// reply is stored whole before its first message goes, with the AI request it counts, in one
// transaction (only the first writer's counts); each message's Meta id is written as soon as it
// is sent, with the catalog event it makes, so a message sent is never sent again.
import { createHash } from 'node:crypto';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { AiBaseLanguage } from '../../domain/ai-base';
import type { Locale } from '../../domain/locales';
import { plans, type MediaType } from '../../domain/plans';
import type { ChatTurn, CitedPassage } from '../../domain/refinement-chat';
import type { StorefrontEventKind } from '../../domain/storefront';
import type { InboundContent } from '../../domain/whatsapp-webhook';
import type { WhatsappReplyFailure, WhatsappReplyKind, WhatsappReplyOutcome, WhatsappReplyPart } from '../../domain/whatsapp-reply';
import { monthStart } from '../accounts/account-store';
import type { Db } from '../db/database';
import {
  accountMonthlyUsage,
  accounts,
  aiRequests,
  channels,
  inventories,
  storefrontEvents,
  whatsappInboundMessages,
  whatsappReplies,
} from '../db/schema';

export type InboundMessage = typeof whatsappInboundMessages.$inferSelect;
export type StoredReply = typeof whatsappReplies.$inferSelect;
export type AnsweringChannel = Pick<
  typeof channels.$inferSelect,
  'id' | 'uid' | 'phoneNumberId' | 'status' | 'attentionReason' | 'aiBaseId' | 'inventoryId'
>;

/** What a reply is before it is stored: its kind, its text, what it used, and the messages to send. */
export type ReplyPlan = {
  kind: WhatsappReplyKind;
  text: string;
  passages: CitedPassage[];
  model: string | null;
  parts: WhatsappReplyPart[];
  /** The AI request it counts, when the AI base answered it (not for a fixed line). */
  aiRequest: { mediaType: MediaType; aiBaseId: string } | null;
};

/** An outcome that ends a message's handling (anything but `sending`). */
export type FinalOutcome = Exclude<WhatsappReplyOutcome, 'sending' | 'sent'>;

/** How many earlier exchanges of the shopper go with a question to the answerer. */
export const HISTORY_EXCHANGES = 3;

/** The page language of a base's language (cart links, catalog events). */
export const localeOf: Record<AiBaseLanguage, Locale> = { pt_br: 'pt', en_us: 'en', es: 'es' };

/**
 * The shopper as the catalog events know them: a pseudonym of the WhatsApp id on this channel (a
 * visitor id's form), so the dashboard can count distinct shoppers without their number.
 */
export const shopperVisitorId = (channelId: string, sender: string) =>
  createHash('sha256').update(`${channelId}:${sender}`).digest('base64url').slice(0, 22);

/** The text a message asks, when the answerer can read one: a text's body, a button's or list row's title. */
export function questionOf(content: InboundContent): string | null {
  if (content.type === 'text') return content.body.trim() || null;
  if (content.type === 'interactive') return content.title.trim() || content.replyId.trim() || null;
  return null;
}

export function inboundReplies(db: Db) {
  return {
    /** The job's message, its channel and the reply stored so far (null: the message or its channel is gone). */
    async load(
      inboundMessageId: number,
    ): Promise<{ message: InboundMessage; channel: AnsweringChannel; reply: StoredReply | null } | null> {
      const [row] = await db
        .select({
          message: whatsappInboundMessages,
          channel: {
            id: channels.id,
            uid: channels.uid,
            phoneNumberId: channels.phoneNumberId,
            status: channels.status,
            attentionReason: channels.attentionReason,
            aiBaseId: channels.aiBaseId,
            inventoryId: channels.inventoryId,
          },
          reply: whatsappReplies,
        })
        .from(whatsappInboundMessages)
        .innerJoin(channels, eq(channels.id, whatsappInboundMessages.channelId))
        .leftJoin(whatsappReplies, eq(whatsappReplies.inboundMessageId, whatsappInboundMessages.id))
        .where(eq(whatsappInboundMessages.id, inboundMessageId));
      return row ?? null;
    },

    /** The shopper's last exchanges on the channel before `message`, oldest first: what they asked and what was sent back. */
    async history(message: Pick<InboundMessage, 'id' | 'channelId' | 'sender'>, exchanges = HISTORY_EXCHANGES): Promise<ChatTurn[]> {
      const rows = await db
        .select({ content: whatsappInboundMessages.content, outcome: whatsappReplies.outcome, text: whatsappReplies.text })
        .from(whatsappReplies)
        .innerJoin(whatsappInboundMessages, eq(whatsappInboundMessages.id, whatsappReplies.inboundMessageId))
        .where(
          and(
            eq(whatsappReplies.channelId, message.channelId),
            eq(whatsappReplies.sender, message.sender),
            lt(whatsappReplies.inboundMessageId, message.id),
          ),
        )
        .orderBy(desc(whatsappReplies.inboundMessageId))
        .limit(exchanges);
      return rows.reverse().flatMap(({ content, outcome, text }): ChatTurn[] => {
        const question = questionOf(content);
        return [
          ...(question ? [{ role: 'customer' as const, content: question.slice(0, 8000) }] : []),
          ...(outcome === 'sent' && text ? [{ role: 'agent' as const, content: text.slice(0, 8000) }] : []),
        ];
      });
    },

    /**
     * Stores the reply before anything is sent, and counts its AI request (in the month's usage and
     * as an ai_requests row, `extra` past the plan's allowance). Answers the stored reply: this one,
     * or the one another attempt stored first (then nothing more is counted).
     */
    async plan(message: InboundMessage, uid: string, plan: ReplyPlan, now: Date): Promise<StoredReply> {
      return db.transaction(async (tx) => {
        const [stored] = await tx
          .insert(whatsappReplies)
          .values({
            inboundMessageId: message.id,
            channelId: message.channelId,
            sender: message.sender,
            outcome: 'sending',
            kind: plan.kind,
            text: plan.text,
            passages: plan.passages,
            model: plan.model,
            parts: plan.parts,
          })
          .onConflictDoNothing()
          .returning();
        if (!stored) {
          const [existing] = await tx.select().from(whatsappReplies).where(eq(whatsappReplies.inboundMessageId, message.id));
          return existing!;
        }
        if (plan.aiRequest) {
          const [usage] = await tx
            .insert(accountMonthlyUsage)
            .values({ uid, month: monthStart(now), queries: 1 })
            .onConflictDoUpdate({
              target: [accountMonthlyUsage.uid, accountMonthlyUsage.month],
              set: { queries: sql`${accountMonthlyUsage.queries} + 1` },
            })
            .returning({ queries: accountMonthlyUsage.queries });
          const [account] = await tx.select({ plan: accounts.plan }).from(accounts).where(eq(accounts.uid, uid));
          const allowance = plans[account?.plan ?? 'basic'].limits.queriesPerMonth;
          await tx.insert(aiRequests).values({
            uid,
            aiBaseId: plan.aiRequest.aiBaseId,
            channelId: message.channelId,
            inboundMessageId: message.id,
            mediaType: plan.aiRequest.mediaType,
            extra: allowance.bound === 'up_to' && usage!.queries > allowance.count,
            occurredAt: now,
          });
        }
        return stored;
      });
    },

    /**
     * Part `index` of the reply went with Meta's id `wamid` (the last: the reply is sent); a product
     * list or catalog records a catalog_sent event of the inventory (with the channel it went on), in the same transaction.
     */
    async partSent(
      reply: Pick<StoredReply, 'inboundMessageId' | 'channelId' | 'sender' | 'parts'>,
      index: number,
      wamid: string,
      catalogEvent: { inventoryId: string; language: AiBaseLanguage } | null,
      now: Date,
    ): Promise<void> {
      const last = reply.parts.slice(index + 1).every((part) => part.wamid !== null);
      await db.transaction(async (tx) => {
        await tx
          .update(whatsappReplies)
          .set({
            parts: sql`jsonb_set(${whatsappReplies.parts}, ${`{${index},wamid}`}::text[], to_jsonb(${wamid}::text))`,
            updatedAt: now,
            ...(last ? { outcome: 'sent' as const, sentAt: now } : {}),
          })
          .where(eq(whatsappReplies.inboundMessageId, reply.inboundMessageId));
        // An inventory deleted since the reply was decided takes no event, and must not undo the wamid's record.
        if (catalogEvent)
          await tx.execute(sql`
            insert into ${storefrontEvents} (inventory_id, kind, locale, visitor_id, channel_id, occurred_at)
            select id, ${'catalog_sent' satisfies StorefrontEventKind}, ${localeOf[catalogEvent.language]},
              ${shopperVisitorId(reply.channelId, reply.sender)}, ${reply.channelId}::uuid, ${now.toISOString()}::timestamptz
            from ${inventories} where id = ${catalogEvent.inventoryId}`);
      });
    },

    /**
     * Ends the message's handling with `outcome` (skipped, outside the window, failed; with Meta's
     * code when it said so): a reply
     * stored and still sending takes it; a message without one gets one. A sent reply is left as it is.
     */
    async finish(
      message: Pick<InboundMessage, 'id' | 'channelId' | 'sender'>,
      outcome: FinalOutcome,
      failure: { failure: WhatsappReplyFailure | null; errorCode: number | null } | null,
      now: Date,
    ): Promise<void> {
      const change = { outcome, failure: failure?.failure ?? null, errorCode: failure?.errorCode ?? null, updatedAt: now };
      await db
        .insert(whatsappReplies)
        .values({ inboundMessageId: message.id, channelId: message.channelId, sender: message.sender, ...change })
        .onConflictDoUpdate({ target: whatsappReplies.inboundMessageId, set: change, setWhere: eq(whatsappReplies.outcome, 'sending') });
    },
  };
}

export type InboundReplies = ReturnType<typeof inboundReplies>;
