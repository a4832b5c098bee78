// A channel's conversations as its detail page shows them: the shoppers' messages grouped by
// shopper, a page of shoppers at a time, each message with the reply stored for it. Nothing of a
// shopper leaves but a number masked to its last four digits. Details: docs/how-it-works.md,
// 'Conversations'.
import { and, count, desc, eq, inArray, lt, lte, max, sql } from 'drizzle-orm';
import {
  CONVERSATIONS_PAGE_SIZE,
  EXCHANGES_PER_CONVERSATION,
  type Conversation,
  type InboundMessageView,
  type ReplyView,
} from '@/domain/channel';
import type { InboundContent } from '@/domain/whatsapp-webhook';
import type { Db } from '../db/database';
import { channels, whatsappInboundMessages as messages } from './channel-tables';
import { productTitles } from '../inventories/inventory-queries';
import { whatsappReplies as replies } from './whatsapp-reply-tables';
import { conversationInputs } from './conversation-inputs';

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

type ReplyRow = typeof replies.$inferSelect;

/** The retailer ids a reply's product lists showed, in order, each once. */
const retailerIdsOf = (reply: ReplyRow) => [
  ...new Set(reply.parts.flatMap((part) => (part.type === 'product_list' ? part.sections.flatMap((section) => section.retailerIds) : []))),
];

/** Product names by retailer id, from the channel's inventory as its last sync left it (none: no inventory). */
async function productTitlesOfChannel(db: Db, channelId: string, retailerIds: string[]): Promise<Map<string, string>> {
  if (retailerIds.length === 0) return new Map();
  const [channel] = await db.select({ inventoryId: channels.inventoryId }).from(channels).where(eq(channels.id, channelId));
  return channel?.inventoryId ? productTitles(db, channel.inventoryId, retailerIds) : new Map();
}

function replyView(reply: ReplyRow, titles: Map<string, string>): ReplyView {
  return {
    outcome: reply.outcome,
    kind: reply.kind,
    text: reply.text,
    products: retailerIdsOf(reply).map((id) => titles.get(id) ?? id),
    catalog: reply.parts.some((part) => part.type === 'catalog_message'),
    passages: reply.passages.map(({ fileName, source }) => ({ fileName, source })),
    failure: reply.failure,
    sentAt: reply.sentAt?.toISOString() ?? null,
    updatedAt: reply.updatedAt.toISOString(),
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
  const stored =
    latest.length === 0
      ? []
      : await db
          .select()
          .from(replies)
          .where(
            and(
              eq(replies.channelId, channelId),
              inArray(
                replies.inboundMessageId,
                latest.map((message) => message.id),
              ),
            ),
          );
  const replyOf = new Map(stored.map((reply) => [reply.inboundMessageId, reply]));
  const titles = await productTitlesOfChannel(db, channelId, [...new Set(stored.flatMap(retailerIdsOf))]);
  const collected = await conversationInputs(db).collected(
    channelId,
    page.map((shopper) => shopper.sender),
  );

  const conversations = page.map(({ sender, messageCount }) => {
    const own = latest.filter((message) => message.sender === sender);
    return {
      shopper: maskedShopper(sender),
      messageCount,
      lastMessageAt: own[0]!.receivedAt.toISOString(),
      exchanges: own.map((message) => {
        const reply = replyOf.get(message.id);
        return { inbound: messageView(message), reply: reply ? replyView(reply, titles) : null };
      }),
      inputs: collected.get(sender) ?? [],
    };
  });
  const last = page.at(-1)!;
  return { conversations, nextCursor: shoppers.length > CONVERSATIONS_PAGE_SIZE && last.newest !== null ? String(last.newest) : null };
}
