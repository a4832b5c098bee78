// The website widget's chat: a shopper's message from a listed site answered by the widget's number's
// active AI base through the WhatsApp channel's own pipeline (../channels/inbound-answer.ts aiReply:
// knowledge, blocked terms, function, language, tone, a seller's matching products), the products as
// cards whose 'Add to cart' opens the inventory's cart summary page with the product in the cart.
// Before anything is answered: the visitor's messages and the address's new conversations counted in
// the database (every process shares them), and one answer taken from the merchant's daily cap (the
// account's day); the answer is stored with the shopper's message and, when the AI base answered,
// counted as an AI request of the plan exactly as a WhatsApp answer is. And the conversations as the
// merchant reads them. Logs carry ids and codes, never what was written. Details:
// docs/how-it-works.md, 'Website widget chat'.
import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { cartItemsParam } from '@/domain/cart-items';
import { dayIn } from '@/domain/dashboard';
import type { AiBase } from '@/domain/ai-base';
import type { ChatTurn } from '@/domain/refinement-chat';
import {
  WIDGET_CHAT_LIMITS,
  WIDGET_CONVERSATIONS_SHOWN,
  WIDGET_MESSAGES_SHOWN,
  type WidgetChatAnswer,
  type WidgetChatRefusalReason,
  type WidgetChatRequest,
  type WidgetConversation,
  type WidgetProductCard,
} from '@/domain/widget-chat';
import { WIDGET_CHAT_CARDS_MAX } from '@/domain/widget-chat-limits';
import type { Locale } from '@/domain/locales';
import { AnswererFailure } from '../answering/answerer';
import { ChatRefusal } from '../answering/base-answer';
import { aiReply, type BaseReplyDependencies } from '../channels/inbound-answer';
import { answeringChannel, countAiRequest } from '../channels/answering-queries';
import { HISTORY_EXCHANGES, localeOf } from '../channels/inbound-replies';
import { inventoryForAnswers, productsNamed } from '../inventories/inventory-queries';
import { countRequest } from '../limits/shared-rate-limit';
import { widgetConversations, widgetDailyAnswers, widgetMessages } from './widget-chat-tables';
import type { SiteWidget } from './widget-store';

/** Why a message got no answer; `retryAfterMs` for the limits. */
export class WidgetChatRefusal extends Error {
  constructor(
    readonly reason: WidgetChatRefusalReason | 'rate_limited' | 'ai_unavailable',
    readonly retryAfterMs?: number,
  ) {
    super(reason);
  }
}

const MINUTE_MS = 60_000;
const hashed = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);
/** What a visitor of a widget is kept as: a hash of the page's random id (never the id itself). */
export const visitorKeyOf = (publicId: string, visitorId: string) => hashed(`${publicId}:${visitorId}`);

/**
 * The cart summary page with these products in the cart (its `items=` form: no cart is stored until
 * the shopper checks out), with the widget's `ref`: what it sells counts as the widget's.
 */
export const cartItemsPageUrl = (origin: string, locale: Locale, publicId: string, retailerIds: readonly string[], ref: string) =>
  `${origin}/${locale}/c/${encodeURIComponent(publicId)}/cart?items=${encodeURIComponent(
    cartItemsParam(retailerIds.map((retailerId) => ({ retailerId, quantity: 1 }))),
  )}&ref=${encodeURIComponent(ref)}`;

/** The catalog page of an inventory, with the widget's `ref`. */
const catalogPageUrl = (origin: string, locale: Locale, publicId: string, ref: string) =>
  `${origin}/${locale}/c/${encodeURIComponent(publicId)}?ref=${encodeURIComponent(ref)}`;

type Answering = { base: AiBase; inventoryId: string | null };

export type WidgetChatDependencies = BaseReplyDependencies & { now?: () => Date };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export function widgetChat(deps: WidgetChatDependencies) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** Counts one request of `key`; refuses once it passes `max` in the window. */
  async function limited(scope: string, key: string, max: number, windowMs: number) {
    const { current, ttl } = await countRequest(db, scope, key, windowMs);
    if (current > max) throw new WidgetChatRefusal('rate_limited', ttl);
  }

  /** The number's active AI base and its inventory; refused when nothing answers on it now. */
  async function answering(site: SiteWidget): Promise<Answering> {
    const channel = await answeringChannel(db, site.uid, site.channelId);
    const base = channel?.base ?? null;
    if (!channel || channel.status !== 'active' || base?.status !== 'active') throw new WidgetChatRefusal('not_answering');
    return { base, inventoryId: site.inventoryId ?? channel.inventoryId };
  }

  /** The conversation continued (the visitor's own, of this account), or null for a new one. */
  async function continued(site: SiteWidget, visitorKey: string, id: string | null | undefined): Promise<string | null> {
    if (!id) return null;
    const [row] = await db
      .select({ id: widgetConversations.id })
      .from(widgetConversations)
      .where(and(eq(widgetConversations.id, id), eq(widgetConversations.uid, site.uid), eq(widgetConversations.visitorKey, visitorKey)));
    return row?.id ?? null;
  }

  /** The conversation's last exchanges, oldest first, as the answerer's turns. */
  async function historyOf(conversationId: string | null): Promise<ChatTurn[]> {
    if (!conversationId) return [];
    const rows = await db
      .select({ role: widgetMessages.role, text: widgetMessages.text })
      .from(widgetMessages)
      .where(eq(widgetMessages.conversationId, conversationId))
      .orderBy(desc(widgetMessages.id))
      .limit(HISTORY_EXCHANGES * 2);
    return rows.reverse().map((row) => ({ role: row.role === 'shopper' ? 'customer' : 'agent', content: row.text.slice(0, 8000) }));
  }

  /** One answer taken from the day's cap, in one statement (two processes cannot both take the last one); false when none is left. */
  async function takeAnswer(site: SiteWidget, day: string): Promise<boolean> {
    const rows = rowsOf<{ answers: number }>(
      await db.execute(sql`
        insert into ${widgetDailyAnswers} (uid, day, answers) values (${site.uid}, ${day}::date, 1)
        on conflict (uid, day) do update set answers = ${widgetDailyAnswers.answers} + 1
        where ${widgetDailyAnswers.answers} < ${site.dailyCap}
        returning answers`),
    );
    return rows.length > 0;
  }

  /** An answer taken and not given (the answerer failed): back to the day's cap. */
  async function giveBack(site: SiteWidget, day: string) {
    await db
      .update(widgetDailyAnswers)
      .set({ answers: sql`greatest(0, ${widgetDailyAnswers.answers} - 1)` })
      .where(and(eq(widgetDailyAnswers.uid, site.uid), eq(widgetDailyAnswers.day, day)));
  }

  /** The cards of the products an answer lists (by retailer id, in its order), with the cart page holding each. */
  async function cardsOf(
    inventoryId: string,
    retailerIds: string[],
    locale: Locale,
    origin: string,
    ref: string,
  ): Promise<WidgetProductCard[]> {
    const inventory = await inventoryForAnswers(db, inventoryId);
    if (!inventory) return [];
    const ids = retailerIds.slice(0, WIDGET_CHAT_CARDS_MAX);
    const products = new Map((await productsNamed(db, inventoryId, ids)).map((product) => [product.retailerId, product]));
    return ids.flatMap((id) => {
      const product = products.get(id);
      if (!product) return [];
      return [
        {
          title: product.variantTitle ? `${product.title} — ${product.variantTitle}` : product.title,
          imageUrl: product.imageUrl,
          priceMinor: product.priceMinor,
          currency: product.currency,
          cartUrl: cartItemsPageUrl(origin, locale, inventory.publicId, [id], ref),
        },
      ];
    });
  }

  return {
    /**
     * The AI base's answer to a shopper's message on `site`'s widget (`origin`: Catalyst's, for the
     * cart links; `address`: the client's, counted, never stored). Throws WidgetChatRefusal.
     */
    async ask(
      site: SiteWidget,
      request: WidgetChatRequest,
      address: string,
      origin: string,
    ): Promise<{ answer: WidgetChatAnswer; begunAt: Date | null }> {
      const at = now();
      await limited('widget-chat-address', address, WIDGET_CHAT_LIMITS.addressMessagesPerMinute, MINUTE_MS);
      await limited(
        'widget-chat-visitor',
        `${site.widget.publicId}:${request.visitorId}`,
        WIDGET_CHAT_LIMITS.visitorMessagesPerMinute,
        MINUTE_MS,
      );
      const { base, inventoryId } = await answering(site);
      const visitorKey = visitorKeyOf(site.widget.publicId, request.visitorId);
      const existing = await continued(site, visitorKey, request.conversationId);
      if (!existing) await limited('widget-chat-conversations', address, WIDGET_CHAT_LIMITS.addressConversationsPerHour, 60 * MINUTE_MS);
      const history = await historyOf(existing);
      const day = dayIn(at, site.timeZone);
      if (!(await takeAnswer(site, day))) throw new WidgetChatRefusal('daily_cap_reached');

      let plan: Awaited<ReturnType<typeof aiReply>>;
      try {
        plan = await aiReply(deps, { uid: site.uid, base, inventoryId, history }, request.text);
      } catch (error) {
        await giveBack(site, day);
        if (error instanceof ChatRefusal || error instanceof AnswererFailure) throw new WidgetChatRefusal('ai_unavailable');
        throw error;
      }

      const locale = localeOf[base.language];
      let cards: WidgetProductCard[] = [];
      let catalogUrl: string | null = null;
      for (const part of plan.parts) {
        if (part.type === 'product_list' && inventoryId)
          cards = await cardsOf(
            inventoryId,
            part.sections.flatMap((section) => section.retailerIds),
            locale,
            origin,
            site.widget.linkRef,
          );
        if (part.type === 'catalog_message' && inventoryId) {
          const inventory = await inventoryForAnswers(db, inventoryId);
          if (inventory) catalogUrl = catalogPageUrl(origin, locale, inventory.publicId, site.widget.linkRef);
        }
      }

      const conversationId = existing ?? randomUUID();
      await db.transaction(async (tx) => {
        if (existing) await tx.update(widgetConversations).set({ lastMessageAt: at }).where(eq(widgetConversations.id, existing));
        else
          await tx.insert(widgetConversations).values({ id: conversationId, uid: site.uid, visitorKey, startedAt: at, lastMessageAt: at });
        await tx.insert(widgetMessages).values([
          { conversationId, role: 'shopper', text: request.text, sentAt: at },
          { conversationId, role: 'agent', text: plan.text, cards, sentAt: at },
        ]);
        // Counted as the WhatsApp worker counts an answer (not the catalog sent for a 'yes', which asked no model).
        if (plan.aiRequest) await countAiRequest(tx, { uid: site.uid, ...plan.aiRequest, channelId: site.channelId, at });
      });
      // A chat begun is counted by the caller through the widget events' batches (widget_events): written here, in
      // this transaction, its rollup trigger would make every answer of the account's day wait on one row.
      return { answer: { conversationId, text: plan.text, cards, catalogUrl }, begunAt: existing ? null : at };
    },

    /** The account's latest widget conversations, newest first, each with its last messages. */
    async conversations(uid: string): Promise<WidgetConversation[]> {
      const found = await db
        .select()
        .from(widgetConversations)
        .where(eq(widgetConversations.uid, uid))
        .orderBy(desc(widgetConversations.lastMessageAt))
        .limit(WIDGET_CONVERSATIONS_SHOWN);
      if (found.length === 0) return [];
      const messages = await db
        .select()
        .from(widgetMessages)
        .where(
          inArray(
            widgetMessages.conversationId,
            found.map((row) => row.id),
          ),
        )
        .orderBy(widgetMessages.id);
      return found.map((conversation) => ({
        id: conversation.id,
        startedAt: conversation.startedAt.toISOString(),
        lastMessageAt: conversation.lastMessageAt.toISOString(),
        messages: messages
          .filter((message) => message.conversationId === conversation.id)
          .slice(-WIDGET_MESSAGES_SHOWN)
          .map((message) => ({
            role: message.role,
            text: message.text,
            products: message.cards.map((card) => card.title),
            at: message.sentAt.toISOString(),
          })),
      }));
    },
  };
}

export type WidgetChat = ReturnType<typeof widgetChat>;
