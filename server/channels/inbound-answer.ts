// What the AI base replies to one shopper's WhatsApp message, decided before anything is sent (the
// worker stores it, then sends it): a text through the refinement chat's pipeline, an order the
// cart summary link (with the consent button when the shopper was never asked), media read when the
// plan and the model allow (else a polite line), always in the base's language; a stop or a consent
// button's tap is answered by a fixed line in the shopper's (./consent-replies.ts), never by the base.
// Details: docs/how-it-works.md, 'WhatsApp replies'.
import { BUILTIN_MODEL, type AiBase } from '@/domain/ai-base';
import { MAX_CHAT_MESSAGE_LENGTH, type ChatTurn } from '@/domain/refinement-chat';
import { plans, type MediaType, type PlanId } from '@/domain/plans';
import type { InboundContent } from '@/domain/whatsapp-webhook';
import type { WhatsappReplyPart } from '@/domain/whatsapp-reply';
import { phoneFromWhatsappId } from '@/domain/contact-phone';
import { agentPhrases } from '../answering/agent-phrases';
import type { ModelCatalog } from '../answering/model-catalog';
import { answerAsBase, ChatRefusal } from '../answering/base-answer';
import { cartPageUrl, type OwnCarts } from '../checkouts/own-carts';
import type { Db } from '../db/database';
import { firstListableProduct, inventoryForAnswers } from '../inventories/inventory-queries';
import type { KnowledgeStore } from '../knowledge/knowledge-store';
import { StorefrontRefusal, type StorefrontStore } from '../storefront/storefront-store';
import { consentOffer, consentReply, type ConsentContacts } from './consent-replies';
import { readMedia, refusedMedia, type MediaDownload, type ReadMedia, type UnreadableMedia } from './inbound-media';
import { inboundPhrases, type InboundPhrases } from './inbound-phrases';
import { acceptsCatalogOffer, matchingProducts, namesCatalog } from './inbound-products';
import { localeOf, questionOf, type ReplyPlan } from './inbound-replies';
import { WHATSAPP_MESSAGE_LIMITS } from './outgoing-message';
import type { ConversationRef } from './conversation-inputs';
import { qualifierReply } from './qualifier';

type ProductPart = Exclude<WhatsappReplyPart, { type: 'text' }>;

export type AnswerDependencies = {
  db: Db;
  knowledge: KnowledgeStore;
  models: ModelCatalog;
  storefront: StorefrontStore;
  /** The origin of the cart summary links (SITE_URL). */
  siteUrl: string;
  /** The shoppers' language and consent (the consent lines, the consent button). */
  contacts: ConsentContacts;
  /** Checkout recovery's own carts: the cart link sent to a shopper whose number is known becomes one. */
  ownCarts?: Pick<OwnCarts, 'whatsappCartSent'>;
};

export type AnswerContext = {
  uid: string;
  plan: PlanId;
  base: AiBase;
  /** The channel's inventory (null: it answers from its knowledge base only). */
  inventoryId: string | null;
  content: InboundContent;
  history: ChatTurn[];
  /** The channel's media download (none: media is not read). */
  media?: MediaDownload;
  /** The shopper's conversation and the message answered (a qualifier keeps its inputs on it). */
  conversation: ConversationRef;
  /** When the inputs a qualifier collects are recorded. */
  now: Date;
};

/** What answering a question as the base needs (no WhatsApp message): the website widget's chat answers through it too. */
export type BaseReplyDependencies = Pick<AnswerDependencies, 'db' | 'knowledge' | 'models'>;
export type BaseReplyContext = Pick<AnswerContext, 'uid' | 'base' | 'inventoryId' | 'history'>;

/** The plan's media type a message needs: an image is vision, a document a file, an audio voice; anything else text. */
export function mediaTypeOf(content: InboundContent): MediaType {
  if (content.type === 'image') return 'vision';
  if (content.type === 'document') return 'file';
  if (content.type === 'audio') return 'voice';
  return 'text';
}

/** Meta's limit on a text body, with an ellipsis when a model's answer passes it. */
const fitText = (text: string) =>
  text.length <= WHATSAPP_MESSAGE_LIMITS.textBody ? text : `${text.slice(0, WHATSAPP_MESSAGE_LIMITS.textBody - 1).trimEnd()}…`;

const line = (kind: ReplyPlan['kind'], text: string, previewUrl = false): ReplyPlan => ({
  kind,
  text,
  passages: [],
  model: null,
  parts: [{ type: 'text', body: text, previewUrl, wamid: null }],
  aiRequest: null,
});

/** The configured inventory's Meta catalog id (null: none, or not configured yet). */
async function catalogIdOf(db: Db, inventoryId: string): Promise<string | null> {
  return (await inventoryForAnswers(db, inventoryId))?.catalogId ?? null;
}

async function orderReply(deps: AnswerDependencies, context: AnswerContext, order: Extract<InboundContent, { type: 'order' }>['order']) {
  const phrases = inboundPhrases[context.base.language];
  const answering = context.inventoryId ? await inventoryForAnswers(deps.db, context.inventoryId) : null;
  const inventory = answering ? await deps.storefront.inventory(answering.publicId) : null;
  if (!inventory) return line('order_no_inventory', phrases.orderWithoutInventory);
  try {
    const { cartId, lines } = await deps.storefront.cartFromWhatsappOrder(inventory, order);
    const locale = localeOf[context.base.language];
    const url = cartPageUrl(deps.siteUrl, locale, inventory.publicId, cartId);
    const cart = line('order_cart', phrases.cartLink(url), true);
    // The shopper wrote from their number: a cart they leave is one checkout recovery may remind (its consent permitting).
    const phone = phoneFromWhatsappId(context.conversation.sender);
    if (deps.ownCarts && phone)
      await deps.ownCarts.whatsappCartSent({ inventory, cartId, lines, phone, locale, recoveryUrl: url, at: context.now });
    const offer = await consentOffer(deps.contacts, { uid: context.uid, base: context.base, sender: context.conversation.sender });
    // The text kept for the merchant's conversation page is what the shopper read: the link, then the question.
    return offer ? { ...cart, text: `${cart.text}\n\n${offer.bodyText}`, parts: [...cart.parts, offer] } : cart;
  } catch (error) {
    if (error instanceof StorefrontRefusal) return line('order_unreadable', phrases.orderUnreadable);
    throw error;
  }
}

/** The configured inventory's catalog a seller shows, or null (another function, no inventory, or not configured). */
async function sellerCatalog(
  deps: BaseReplyDependencies,
  context: BaseReplyContext,
): Promise<{ inventoryId: string; catalogId: string } | null> {
  if (context.base.function !== 'seller' || !context.inventoryId) return null;
  const catalogId = await catalogIdOf(deps.db, context.inventoryId);
  return catalogId ? { inventoryId: context.inventoryId, catalogId } : null;
}

async function catalogMessage(deps: BaseReplyDependencies, context: BaseReplyContext, inventoryId: string): Promise<ProductPart> {
  const thumbnailRetailerId = await firstListableProduct(deps.db, inventoryId);
  return { type: 'catalog_message', bodyText: inboundPhrases[context.base.language].catalogBody, thumbnailRetailerId, wamid: null };
}

/** A seller's products for the question: those it matches, else the catalog when it names it; null for neither. */
async function sellerParts(deps: BaseReplyDependencies, context: BaseReplyContext, question: string): Promise<ProductPart | null> {
  const catalog = await sellerCatalog(deps, context);
  if (!catalog) return null;
  const phrases = inboundPhrases[context.base.language];
  const sections = await matchingProducts(deps.db, catalog.inventoryId, context.base.language, question);
  if (sections.length > 0)
    return {
      type: 'product_list',
      catalogId: catalog.catalogId,
      headerText: phrases.productListHeader,
      bodyText: phrases.productListBody,
      sections,
      wamid: null,
    };
  return namesCatalog(question) ? catalogMessage(deps, context, catalog.inventoryId) : null;
}

/** What a message asks with its media read: its media type, and the image or document text for the model. */
type AskedWith = { mediaType: MediaType } & Omit<ReadMedia, 'question'>;

/**
 * A question answered as the base answers a text on WhatsApp: the catalog when the shopper says yes
 * to the seller's offer of it, else answerAsBase (blocked terms, knowledge, function, language,
 * tone) with a seller's matching products. The website widget's chat calls it with its own history.
 */
export async function aiReply(
  deps: BaseReplyDependencies,
  context: BaseReplyContext,
  question: string,
  asked: AskedWith = { mediaType: 'text' },
): Promise<ReplyPlan> {
  const { base } = context;
  // "Yes" to the seller's offer of the catalog (its answers end with it): the catalog, without asking the knowledge base.
  const lastAgent = context.history.findLast((turn) => turn.role === 'agent')?.content ?? null;
  const offered = acceptsCatalogOffer(question, lastAgent, agentPhrases[base.language].catalogOffer)
    ? await sellerCatalog(deps, context)
    : null;
  if (offered) {
    const catalog = await catalogMessage(deps, context, offered.inventoryId);
    return { kind: 'answer', text: catalog.bodyText, passages: [], model: null, parts: [catalog], aiRequest: null };
  }
  // A seller's products are looked up while the knowledge is (two statements at once on PostgreSQL's
  // pool); a refused question's are dropped. Marked handled here, so a failure with the answer refused
  // is no unhandled rejection; awaited, it still throws.
  const productsLookup = sellerParts(deps, context, question);
  productsLookup.catch(() => undefined);
  const answer = await answerAsBase(
    deps,
    context.uid,
    base,
    {
      message: question.slice(0, MAX_CHAT_MESSAGE_LENGTH),
      history: context.history,
      settings: { blockedTerms: base.blockedTerms, creativity: base.creativity, model: base.model },
    },
    // A support agent answers only from its knowledge base; without a passage it offers a person.
    {
      onlyFromKnowledge: base.function === 'support',
      ...(asked.image ? { image: asked.image } : {}),
      ...(asked.document ? { document: asked.document } : {}),
    },
  );
  const products = answer.outcome === 'refused' ? null : await productsLookup;
  const text = fitText(answer.answer);
  const plan: ReplyPlan = {
    kind: answer.outcome === 'answered' ? 'answer' : answer.outcome,
    text,
    passages: answer.passages,
    model: answer.model,
    parts: [{ type: 'text', body: text, previewUrl: false, wamid: null }],
    aiRequest: { mediaType: asked.mediaType, aiBaseId: base.id },
  };
  if (!products) return plan;
  // "Not found" then a list of products would contradict itself: the products are the answer.
  if (answer.outcome === 'no_knowledge') return { ...plan, kind: 'answer', text: products.bodyText, parts: [products] };
  return { ...plan, parts: [...plan.parts, products] };
}

/** The reply to a message; null when it gets none (a reaction). Throws the answerer's failures (ChatRefusal, AnswererFailure). */
export async function replyPlan(deps: AnswerDependencies, context: AnswerContext): Promise<ReplyPlan | null> {
  const { content, base } = context;
  const consent = await consentReply(deps.contacts, { uid: context.uid, base, sender: context.conversation.sender }, content);
  if (consent) return consent.plan;
  const phrases = inboundPhrases[base.language];
  if (content.type === 'order') return orderReply(deps, context, content.order);
  if (content.type === 'unsupported') return content.originalType === 'reaction' ? null : line('text_only', phrases.textOnly);
  const question = questionOf(content);
  if (question !== null && base.function === 'qualifier')
    return qualifierReply(
      deps.db,
      base,
      context.conversation,
      question,
      (answering, asked) => aiReply(deps, { ...context, base: answering }, asked),
      context.now,
    );
  if (question !== null) return aiReply(deps, context, question);
  if (content.type === 'text' || content.type === 'interactive') return null; // blank
  const mediaType = mediaTypeOf(content);
  if (!plans[context.plan].limits.mediaTypes.includes(mediaType)) return line('media_not_allowed', phrases.mediaNotAllowed);
  return mediaReply(deps, context, content, mediaType);
}

const unreadableLines: Record<UnreadableMedia, Exclude<keyof InboundPhrases, 'cartLink'>> = {
  expired: 'mediaExpired',
  too_large: 'mediaTooLarge',
  unsupported: 'mediaUnsupported',
  unreadable: 'mediaUnreadable',
};

/** Media the plan includes: read by the base's OpenAI-compatible model and answered; the built-in answerer reads text only. */
async function mediaReply(
  deps: AnswerDependencies,
  context: AnswerContext,
  content: Extract<InboundContent, { type: 'image' | 'audio' | 'document' }>,
  mediaType: MediaType,
): Promise<ReplyPlan> {
  const phrases = inboundPhrases[context.base.language];
  const unreadable = (reason: UnreadableMedia) => line('text_only', phrases[unreadableLines[reason]]);
  if (context.base.model === BUILTIN_MODEL || !context.media) return line('text_only', phrases.textOnly);
  // As a text's answer would: a model no longer offered fails the message rather than guessing.
  const endpoint = await deps.models.endpointFor(context.base.model);
  if (!endpoint) throw new ChatRefusal('unknown_model');
  const read = await readMedia(endpoint, context.media, content, context.base.language);
  if ('unreadable' in read) return unreadable(read.unreadable);
  try {
    return await aiReply(deps, context, read.question, {
      mediaType,
      ...(read.image ? { image: read.image } : {}),
      ...(read.document ? { document: read.document } : {}),
    });
  } catch (error) {
    // The model refused the image itself (a format or size it does not take): the same polite line.
    if (read.image && refusedMedia(error)) return unreadable('unreadable');
    throw error;
  }
}
