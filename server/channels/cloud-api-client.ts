// Meta's WhatsApp Cloud API as Catalyst's server calls it for a merchant's number, with the
// merchant's token: the number's details (the check before a channel is saved), sending a message
// (outgoing-message.ts builds the body) and reading media a shopper sent (`GET /{media-id}`, then
// the URL it answers, with the same token). Every call answers a CloudApiResult; Meta's refusals
// become CloudApiFailure kinds by Graph error code. Retrying is the caller's (the reply worker):
// throughput and pair limits after retryAfterMs, server errors with backoff, the rest never. The
// token travels in the Authorization header only: no failure, URL or log carries it.
import * as z from 'zod/mini';
import {
  fromGraphTemplate,
  templateStatusOf,
  type GraphTemplateCreate,
  type GraphTemplateSend,
  type MessageTemplate,
  type TemplateStatus,
} from '@/domain/message-template';
import { shownName } from '@/domain/storable-values';
import { jsonOf, PEER_TIMEOUT_MS } from '../inventories/peer-failure';
import { GRAPH_TOKEN_CODES, graphErrorOf, usageWaitMs, type GraphError } from '../meta/graph-api';
import { outgoingMessageBody, type OutgoingMessage } from './outgoing-message';

/** WHATSAPP_GRAPH_URL (server/config.ts; default Meta's Graph API), as META_GRAPH_URL is read for catalogs. */
export type CloudApiConfig = { graphUrl: string; fetch?: typeof fetch; timeoutMs?: number };
export type PhoneNumberDetails = { displayPhoneNumber: string; verifiedName: string; qualityRating: string };
export type CloudApiFailure =
  | { kind: 'token-invalid' } // 190 (expired or revoked token), 102, 104, or a 401
  | { kind: 'not-found' } // the id is not one this token can see (100 "does not exist", 803), or an expired media URL
  | { kind: 'throughput'; retryAfterMs: number } // 130429 (or 80007, 4, 613 rate limits)
  | { kind: 'pair-rate-limit'; retryAfterMs: number } // 131056
  | { kind: 'outside-window' } // 131047
  | { kind: 'too-large' } // media over the caller's maxBytes: not downloaded
  | { kind: 'invalid'; code: number; error: GraphError } // other 4xx Graph errors: not retried (a template's refusal reads `error`)
  | { kind: 'server'; status: number } // 5xx (and Meta's transient codes 1, 2, 131000, 131016): retried with backoff
  | { kind: 'unreachable' }; // network error, timeout, or an answer that is not the Cloud API's
export type CloudApiResult<T> = { ok: true; value: T } | { ok: false; failure: CloudApiFailure };
export type CloudApiClient = {
  phoneNumber(phoneNumberId: string, accessToken: string): Promise<CloudApiResult<PhoneNumberDetails>>;
  sendMessage(phoneNumberId: string, accessToken: string, message: OutgoingMessage): Promise<CloudApiResult<{ messageId: string }>>;
  /** The business portfolio's messaging limit tier as the number reports it (`TIER_2K`…); null when it reports none. */
  messagingLimitTier(phoneNumberId: string, accessToken: string): Promise<CloudApiResult<string | null>>;
  /** Sends an approved template to `to` (E.164 or wa_id); `callbackData` comes back in the message's status webhooks. */
  sendTemplate(
    phoneNumberId: string,
    accessToken: string,
    send: { to: string; template: GraphTemplateSend; callbackData?: string },
  ): Promise<CloudApiResult<{ messageId: string }>>;
  /** The bytes of media a shopper sent, refused ('too-large') past maxBytes without reading the rest. */
  media(mediaId: string, accessToken: string, maxBytes: number): Promise<CloudApiResult<{ mimeType: string; bytes: Buffer }>>;
  /** Every message template of a WhatsApp Business Account (`name`: those of one name), all pages read. */
  templates(wabaId: string, accessToken: string, options?: { name?: string }): Promise<CloudApiResult<MessageTemplate[]>>;
  /** Submits one language of a template for Meta's review: its id and the status Meta gave it. */
  createTemplate(
    wabaId: string,
    accessToken: string,
    body: GraphTemplateCreate,
  ): Promise<CloudApiResult<{ id: string; status: TemplateStatus }>>;
  /** Edits a rejected or paused template (Meta reviews it again): its components and category. */
  editTemplate(
    templateId: string,
    accessToken: string,
    body: Pick<GraphTemplateCreate, 'category' | 'components'>,
  ): Promise<CloudApiResult<null>>;
};

/** Templates a page: Meta's largest. Pages are followed by cursor until none is left. */
const TEMPLATES_PER_PAGE = 100;
const TEMPLATE_FIELDS = 'id,name,language,status,category,quality_score,rejected_reason,parameter_format,components';
/** Meta allows 6,000 templates an account: past this many pages the read is not whole, and a refresh must not act on it. */
const MAX_TEMPLATE_PAGES = 100;

const THROUGHPUT_CODES = new Set([130429, 80007, 4, 613]);
const TRANSIENT_CODES = new Set([1, 2, 131000, 131016]);
/** Meta lets a business send a shopper about one message every 6 s (bursts aside); 131056 says no more. */
export const PAIR_RATE_LIMIT_WAIT_MS = 6_000;
const PHONE_NUMBER_FIELDS = 'display_phone_number,verified_name,quality_rating';

// Meta's names are shown to the merchant: taken without bidirectional controls (domain/bidi-controls.ts).
const phoneNumberSchema = z.object({
  display_phone_number: shownName(),
  verified_name: shownName(),
  quality_rating: z.optional(z.string()),
});
const messagingLimitSchema = z.object({
  whatsapp_business_manager_messaging_limit: z.optional(z.string()),
  messaging_limit_tier: z.optional(z.string()),
});
const templatePageSchema = z.object({
  data: z.array(z.unknown()),
  paging: z.optional(z.object({ cursors: z.optional(z.object({ after: z.optional(z.string()) })), next: z.optional(z.string()) })),
});
const createdTemplateSchema = z.object({ id: z.union([z.string(), z.number()]), status: z.optional(z.unknown()) });
const editedTemplateSchema = z.object({ success: z.optional(z.boolean()) });
const sentSchema = z.object({ messages: z.array(z.object({ id: z.string() })).check(z.minLength(1)) });
const mediaSchema = z.object({
  url: z.string(),
  mime_type: z.string(),
  file_size: z.optional(z.union([z.number(), z.string()])),
});

const failed = <T>(failure: CloudApiFailure): CloudApiResult<T> => ({ ok: false, failure });
const UNREACHABLE: CloudApiFailure = { kind: 'unreachable' };

/** The failure a Graph answer that is not data stands for. */
function failureOf(status: number, error: GraphError | null, headers: Headers): CloudApiFailure {
  const code = typeof error?.code === 'number' ? error.code : undefined;
  if (code !== undefined) {
    if (GRAPH_TOKEN_CODES.has(code)) return { kind: 'token-invalid' };
    if (THROUGHPUT_CODES.has(code)) return { kind: 'throughput', retryAfterMs: usageWaitMs(headers.get('x-business-use-case-usage')) };
    if (code === 131056) return { kind: 'pair-rate-limit', retryAfterMs: PAIR_RATE_LIMIT_WAIT_MS };
    if (code === 131047) return { kind: 'outside-window' };
    // 100 is also a bad parameter; "does not exist" is its GraphMethodException (subcode 33).
    if (code === 803 || (code === 100 && (error?.type === 'GraphMethodException' || error?.error_subcode === 33)))
      return { kind: 'not-found' };
  }
  if (status >= 500 || (code !== undefined && TRANSIENT_CODES.has(code))) return { kind: 'server', status };
  if (status === 401) return { kind: 'token-invalid' };
  if (code !== undefined) return { kind: 'invalid', code, error: error! };
  return UNREACHABLE;
}

export function cloudApiClient(config: CloudApiConfig): CloudApiClient {
  const fetchOf = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? PEER_TIMEOUT_MS;
  const graphUrl = config.graphUrl.replace(/\/+$/, '');

  /** One request with the token and a timeout (which covers reading the body too); null when it got no answer. */
  async function request(url: string, accessToken: string, init: { method?: string; body?: string } = {}): Promise<Response | null> {
    const headers: Record<string, string> = { authorization: `Bearer ${accessToken}`, accept: 'application/json' };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    try {
      return await fetchOf(url, { ...init, headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      return null; // the error may quote the request; nothing of it is kept
    }
  }

  async function graph<S extends z.ZodMiniType>(
    method: 'GET' | 'POST',
    path: string,
    accessToken: string,
    schema: S,
    body?: unknown,
  ): Promise<CloudApiResult<z.infer<S>>> {
    const response = await request(`${graphUrl}${path}`, accessToken, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response) return failed(UNREACHABLE);
    let answer: unknown;
    try {
      answer = await jsonOf(response);
    } catch {
      return failed(UNREACHABLE);
    }
    const error = graphErrorOf(answer);
    if (error || !response.ok) return failed(failureOf(response.status, error, response.headers));
    const parsed = schema.safeParse(answer);
    return parsed.success ? { ok: true, value: parsed.data as z.infer<S> } : failed(UNREACHABLE);
  }

  /** The body, or null when it passes maxBytes (the rest is not read). */
  async function readLimited(response: Response, maxBytes: number): Promise<Buffer | null> {
    if (!response.body) return Buffer.alloc(0);
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return Buffer.concat(chunks, size);
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
  }

  return {
    async phoneNumber(phoneNumberId, accessToken) {
      const path = `/${encodeURIComponent(phoneNumberId)}?fields=${PHONE_NUMBER_FIELDS}`;
      const result = await graph('GET', path, accessToken, phoneNumberSchema);
      if (!result.ok) return result;
      const { display_phone_number, verified_name, quality_rating } = result.value;
      return {
        ok: true,
        value: { displayPhoneNumber: display_phone_number, verifiedName: verified_name, qualityRating: quality_rating ?? 'UNKNOWN' },
      };
    },

    async sendMessage(phoneNumberId, accessToken, message) {
      const result = await graph(
        'POST',
        `/${encodeURIComponent(phoneNumberId)}/messages`,
        accessToken,
        sentSchema,
        outgoingMessageBody(message),
      );
      if (!result.ok) return result;
      return { ok: true, value: { messageId: result.value.messages[0]!.id } };
    },

    async messagingLimitTier(phoneNumberId, accessToken) {
      const path = `/${encodeURIComponent(phoneNumberId)}?fields=whatsapp_business_manager_messaging_limit,messaging_limit_tier`;
      const result = await graph('GET', path, accessToken, messagingLimitSchema);
      if (!result.ok) return result;
      return { ok: true, value: result.value.whatsapp_business_manager_messaging_limit ?? result.value.messaging_limit_tier ?? null };
    },

    async sendTemplate(phoneNumberId, accessToken, { to, template, callbackData }) {
      const result = await graph('POST', `/${encodeURIComponent(phoneNumberId)}/messages`, accessToken, sentSchema, {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: to.replace(/^\+/, ''),
        type: 'template',
        template,
        ...(callbackData ? { biz_opaque_callback_data: callbackData } : {}),
      });
      if (!result.ok) return result;
      return { ok: true, value: { messageId: result.value.messages[0]!.id } };
    },

    async templates(wabaId, accessToken, options = {}) {
      const found: MessageTemplate[] = [];
      let after: string | undefined;
      for (let page = 0; page < MAX_TEMPLATE_PAGES; page += 1) {
        const query = new URLSearchParams({ fields: TEMPLATE_FIELDS, limit: String(TEMPLATES_PER_PAGE) });
        if (options.name) query.set('name', options.name);
        if (after) query.set('after', after);
        const result = await graph('GET', `/${encodeURIComponent(wabaId)}/message_templates?${query}`, accessToken, templatePageSchema);
        if (!result.ok) return result;
        for (const entry of result.value.data) {
          const template = fromGraphTemplate(entry);
          // Meta filters `name` by prefix: only the name asked for.
          if (template && (!options.name || template.name === options.name)) found.push(template);
        }
        after = result.value.paging?.next ? result.value.paging.cursors?.after : undefined;
        if (!after) return { ok: true, value: found };
      }
      return failed(UNREACHABLE);
    },

    async createTemplate(wabaId, accessToken, body) {
      const result = await graph('POST', `/${encodeURIComponent(wabaId)}/message_templates`, accessToken, createdTemplateSchema, body);
      if (!result.ok) return result;
      return { ok: true, value: { id: String(result.value.id), status: templateStatusOf(result.value.status ?? 'PENDING') } };
    },

    async editTemplate(templateId, accessToken, body) {
      const result = await graph('POST', `/${encodeURIComponent(templateId)}`, accessToken, editedTemplateSchema, body);
      return result.ok ? { ok: true, value: null } : result;
    },

    async media(mediaId, accessToken, maxBytes) {
      const found = await graph('GET', `/${encodeURIComponent(mediaId)}`, accessToken, mediaSchema);
      if (!found.ok) return found;
      const { url, mime_type: mimeType, file_size: fileSize } = found.value;
      if (Number(fileSize) > maxBytes) return failed({ kind: 'too-large' });
      if (!/^https?:\/\//i.test(url)) return failed(UNREACHABLE);
      const response = await request(url, accessToken);
      if (!response) return failed(UNREACHABLE);
      if (response.status !== 200) {
        await response.body?.cancel();
        if (response.status === 401 || response.status === 403) return failed({ kind: 'token-invalid' });
        // The media URL lives five minutes; past them (or once the media is gone) it answers 404.
        if (response.status === 404 || response.status === 410) return failed({ kind: 'not-found' });
        return failed(response.status >= 500 ? { kind: 'server', status: response.status } : UNREACHABLE);
      }
      if (Number(response.headers.get('content-length')) > maxBytes) {
        await response.body?.cancel();
        return failed({ kind: 'too-large' });
      }
      try {
        const bytes = await readLimited(response, maxBytes);
        return bytes ? { ok: true, value: { mimeType, bytes } } : failed({ kind: 'too-large' });
      } catch {
        return failed(UNREACHABLE);
      }
    },
  };
}
