// A channel's conversations as its detail shows them: the messages shoppers sent, grouped by
// shopper, the shopper who wrote last first, a page of shoppers at a time with the latest few
// messages of each. The cursor is the newest message id of the page's last shopper (a row id,
// nothing of the shopper's). The shopper's number leaves masked but for its last four digits, and
// neither Meta's message id (it embeds the number) nor a media id leaves at all. The caller checks
// the channel is the account's first.
import { and, count, desc, eq, inArray, lt, lte, max, sql } from 'drizzle-orm';
import { CONVERSATIONS_PAGE_SIZE, EXCHANGES_PER_CONVERSATION, type Conversation, type InboundMessageView } from '../../domain/channel';
import type { InboundContent } from '../../domain/whatsapp-webhook';
import type { Db } from '../db/database';
import { whatsappInboundMessages as messages } from '../db/schema';

/** `••••4321`: as many dots whatever the number's length, which says nothing of its country. */
export function maskedShopper(sender: string): string {
  return `••••${sender.replace(/\D/g, '').slice(-4)}`;
}

/** What the merchant reads of a message: its text, caption, chosen title, file name or order note. */
function textOf(content: InboundContent): string | null {
  switch (content.type) {
    case 'text':
      return content.body;
    case 'image':
      return content.caption;
    case 'document':
      return content.caption ?? content.filename;
    case 'interactive':
      return content.title;
    case 'order':
      return content.order.text || null;
    case 'audio':
    case 'unsupported':
      return null;
  }
}

type MessageRow = { id: number; content: InboundContent; sentAt: Date; receivedAt: Date };

function messageView({ id, content, sentAt, receivedAt }: MessageRow): InboundMessageView {
  return {
    id: String(id),
    type: content.type,
    text: textOf(content),
    orderLines: content.type === 'order' ? content.order.product_items.length : null,
    sentAt: sentAt.toISOString(),
    receivedAt: receivedAt.toISOString(),
  };
}

export type ConversationsPage = { conversations: Conversation[]; nextCursor: string | null };

export async function conversationsPage(db: Db, channelId: string, cursor: string | undefined): Promise<ConversationsPage> {
  const newest = max(messages.id);
  const shoppers = await db
    .select({ sender: messages.sender, newest, messageCount: count() })
    .from(messages)
    .where(eq(messages.channelId, channelId))
    .groupBy(messages.sender)
    .having(cursor === undefined ? undefined : lt(newest, Number(cursor)))
    .orderBy(desc(newest))
    .limit(CONVERSATIONS_PAGE_SIZE + 1);
  const page = shoppers.slice(0, CONVERSATIONS_PAGE_SIZE);
  if (page.length === 0) return { conversations: [], nextCursor: null };

  const ranked = db
    .select({
      id: messages.id,
      sender: messages.sender,
      content: messages.content,
      sentAt: messages.sentAt,
      receivedAt: messages.receivedAt,
      rank: sql<number>`row_number() over (partition by ${messages.sender} order by ${messages.id} desc)`.as('rank'),
    })
    .from(messages)
    .where(
      and(
        eq(messages.channelId, channelId),
        inArray(
          messages.sender,
          page.map((shopper) => shopper.sender),
        ),
      ),
    )
    .as('ranked');
  const latest = await db.select().from(ranked).where(lte(ranked.rank, EXCHANGES_PER_CONVERSATION)).orderBy(desc(ranked.id));

  const conversations = page.map(({ sender, messageCount }) => {
    const own = latest.filter((message) => message.sender === sender);
    return {
      shopper: maskedShopper(sender),
      messageCount,
      lastMessageAt: own[0]!.receivedAt.toISOString(),
      exchanges: own.map((message) => ({ inbound: messageView(message), reply: null })),
    };
  });
  const last = page.at(-1)!;
  return { conversations, nextCursor: shoppers.length > CONVERSATIONS_PAGE_SIZE && last.newest !== null ? String(last.newest) : null };
}
