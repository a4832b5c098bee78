// The website widget's handoffs to WhatsApp: a page whose panel opens is handed a short code for its
// visitor (domain/widget-ref.ts), which 'Continue on WhatsApp' writes at the end of the prefilled
// message. When a shopper's WhatsApp message to one of the account's numbers carries it, the handoff
// is picked up — the number and sender recorded — and from then on the AI base answering that shopper
// reads the site's conversation before theirs on WhatsApp (the visitor's latest widget conversation),
// and the conversation is counted as the widget's (the Solutions screen's figure). One visitor keeps
// one code until it is picked up. Logs carry ids and codes, never what was written.
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { ChatTurn } from '@/domain/refinement-chat';
import { WIDGET_CHAT_LIMITS } from '@/domain/widget-chat';
import { refOf, withoutRef, WIDGET_REF_ALPHABET, WIDGET_REF_LENGTH } from '@/domain/widget-ref';
import type { InboundContent } from '@/domain/whatsapp-webhook';
import type { Db } from '../db/database';
import { countRequest } from '../limits/shared-rate-limit';
import { widgetConversations, widgetMessages } from './widget-chat-tables';
import { widgetEvents } from './widget-event-tables';
import { widgetHandoffs as handoffs } from './widget-handoff-tables';
import { visitorKeyOf, WidgetChatRefusal } from './widget-chat';
import type { SiteWidget } from './widget-store';

const HOUR_MS = 3_600_000;

/** A new code: WIDGET_REF_LENGTH letters of the alphabet, drawn by the platform's CSPRNG. */
export const newRef = () =>
  Array.from({ length: WIDGET_REF_LENGTH }, () => WIDGET_REF_ALPHABET[randomInt(WIDGET_REF_ALPHABET.length)]).join('');

/** A shopper's message on a number, as the WhatsApp worker hands it over. */
export type HandoffMessage = { uid: string; channelId: string; sender: string; content: InboundContent; at: Date };

export type WidgetHandoffs = ReturnType<typeof widgetHandoffs>;

export function widgetHandoffs({ db, code = newRef }: { db: Db; code?: () => string }) {
  /** The site conversation's last `turns` messages, oldest first, of the handoff this sender picked up on this number. */
  async function siteTurns(channelId: string, sender: string, turns: number): Promise<ChatTurn[]> {
    const rows = (
      (await db.execute(sql`
        select m.role, m.text from ${widgetMessages} m
        where m.conversation_id = (
          select c.id from ${handoffs} h
          join ${widgetConversations} c on c.uid = h.uid and c.visitor_key = h.visitor_key and c.started_at <= h.picked_up_at
          where h.channel_id = ${channelId} and h.sender = ${sender}
          order by h.picked_up_at desc, c.last_message_at desc limit 1)
        order by m.id desc limit ${turns}`)) as unknown as { rows: { role: string; text: string }[] }
    ).rows;
    return rows.reverse().map((row) => ({ role: row.role === 'shopper' ? 'customer' : 'agent', content: row.text.slice(0, 8000) }));
  }

  return {
    /** The code of `visitorId`'s handoff on `site` (the one not picked up yet, else a new one). Throws WidgetChatRefusal('rate_limited'). */
    async issue(site: SiteWidget, visitorId: string, address: string, at: Date): Promise<string> {
      const { current, ttl } = await countRequest(db, 'widget-handoff-address', address, HOUR_MS);
      if (current > WIDGET_CHAT_LIMITS.addressHandoffsPerHour) throw new WidgetChatRefusal('rate_limited', ttl);
      const visitorKey = visitorKeyOf(site.widget.publicId, visitorId);
      const [open] = await db
        .select({ code: handoffs.code })
        .from(handoffs)
        .where(and(eq(handoffs.uid, site.uid), eq(handoffs.visitorKey, visitorKey), isNull(handoffs.pickedUpAt)))
        .orderBy(desc(handoffs.createdAt))
        .limit(1);
      if (open) return open.code;
      // 31^6 codes: a clash is rare, and a new draw settles it.
      for (;;) {
        const [made] = await db
          .insert(handoffs)
          .values({ code: code(), uid: site.uid, visitorKey, createdAt: at })
          .onConflictDoNothing()
          .returning({ code: handoffs.code });
        if (made) return made.code;
      }
    },

    /**
     * What the AI base reads for a shopper's message: their WhatsApp history (`history`, oldest first,
     * at most `turns`) after the site conversation they came from, and the message without its code.
     * A message carrying a code of the account's not picked up yet picks it up on this number and sender.
     */
    async continued(
      message: HandoffMessage,
      history: ChatTurn[],
      turns: number,
    ): Promise<{ history: ChatTurn[]; content: InboundContent }> {
      let { content } = message;
      const ref = content.type === 'text' ? refOf(content.body) : null;
      if (ref && content.type === 'text') {
        // Picked up, and counted as a conversation the widget began (widget_events), in one statement.
        await db.execute(sql`
          with picked as (
            update ${handoffs} set channel_id = ${message.channelId}::uuid, sender = ${message.sender},
              picked_up_at = ${message.at.toISOString()}::timestamptz
            where code = ${ref} and uid = ${message.uid} and picked_up_at is null
            returning uid, channel_id, picked_up_at)
          insert into ${widgetEvents} (uid, kind, channel_id, occurred_at) select uid, 'handoff', channel_id, picked_up_at from picked`);
        content = { ...content, body: withoutRef(content.body) || content.body };
      }
      // A longer WhatsApp history leaves no room for the site's: not read.
      if (history.length >= turns) return { history, content };
      const site = await siteTurns(message.channelId, message.sender, turns - history.length);
      return { history: [...site, ...history], content };
    },

    /** WhatsApp conversations the account's widget handed over in [from, to). */
    async pickedUp(uid: string, from: Date, to: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(handoffs)
        .where(and(eq(handoffs.uid, uid), gte(handoffs.pickedUpAt, from), lt(handoffs.pickedUpAt, to)));
      return row?.n ?? 0;
    },

    /** Conversations begun in the widget in [start, end): its chats on the sites, and the WhatsApp ones it handed over. */
    async begun(uid: string, { start, end }: { start: Date; end: Date }): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(widgetConversations)
        .where(and(eq(widgetConversations.uid, uid), gte(widgetConversations.startedAt, start), lt(widgetConversations.startedAt, end)));
      return (row?.n ?? 0) + (await this.pickedUp(uid, start, end));
    },
  };
}
