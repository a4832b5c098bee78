// The API's error answer and every `code` it may carry, shared by the server's refusal tables and
// the SPA's failure mapping, so that a misspelt code is a type error on either side.
// zod/mini: shared with the SPA's boot bundle, where every kilobyte counts.
import * as z from 'zod/mini';

/** Every `error.code` the API sends. The wire values: add to them, never rename one. */
export const apiErrorCodes = [
  // Any route (server/http/error-handler.ts): the request itself, or our own failure.
  'bad_request',
  'invalid_json',
  'validation_failed',
  'not_found',
  'method_not_allowed',
  'not_acceptable',
  'request_timeout',
  // 431: the URL or the headers are past the server's size limit.
  'request_header_fields_too_large',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'internal_error',
  // A value the schemas let through that the database cannot hold (server/http/database-errors.ts).
  'invalid_value',
  // An upload whose multipart framing is broken (no closing boundary, garbage, a wrong boundary).
  'malformed_multipart',
  // GET /readyz: the database does not answer.
  'not_ready',
  // Authentication (server/auth/): 401s, and 503 when Firebase cannot be asked.
  'unauthenticated',
  'invalid_token',
  'token_expired',
  'token_revoked',
  'account_disabled',
  'auth_unavailable',
  // 403: a staff-only route without the admin claim (and any other 403 of Fastify's plugins).
  'forbidden',
  // 429: the landing page's forms, past the limit per client address.
  'rate_limited',
  // 403: the plan's number of AI bases, active AI bases or trainings this month is reached.
  'plan_limit',
  // AI bases.
  'version_conflict',
  'incomplete',
  'nothing_to_revert',
  // Knowledge-file uploads (the upload refusals of domain/knowledge.ts's knowledgeFailureReasons).
  'no_file',
  'empty_file',
  'unsupported_type',
  'type_mismatch',
  'too_large',
  // More than one file in one upload form: one file per request.
  'too_many_files',
  // Column roles sent for a PDF: only a table file (CSV, XLS, XLSX) has columns.
  'not_a_table',
  // The refinement chat (domain/refinement-chat.ts's chatFailureCodes).
  'unknown_model',
  'ai_rate_limited',
  'ai_unavailable',
  // Inventories: a store or catalog check that failed (domain/inventory.ts's peerFailureReasons), 422.
  'store_token_invalid',
  'store_scope_missing',
  'store_url_wrong',
  'store_unreachable',
  'store_throttled',
  'catalog_not_found',
  'catalog_token_invalid',
  'catalog_unreachable',
  'catalog_throttled',
  // The public storefront API (domain/storefront.ts): an unknown public id or cart, a malformed items=, an order of another catalog;
  // a cart past CART_EXPIRY_DAYS (410).
  'inventory_not_found',
  'cart_not_found',
  'cart_expired',
  'items_malformed',
  'catalog_mismatch',
  // Checkout with no line the store can sell (all unknown, sold out or not in the store), 422.
  'nothing_to_checkout',
  // Channels (domain/channel.ts): the AI base or inventory named cannot answer (422, 409 for a base switched off),
  // the number is connected already (409), and a check of the number against the WhatsApp Cloud API that failed
  // (channelCheckFailures: 422, 502 when Meta did not answer, 503 when it asked us to wait).
  'ai_base_not_found',
  'ai_base_not_active',
  'already_connected',
  'whatsapp_token_invalid',
  'whatsapp_permission_missing',
  'whatsapp_number_not_found',
  'whatsapp_unreachable',
  'whatsapp_throttled',
  // A channel that waits for a new access token (Meta refused its token, a permission is missing, the number is gone) is
  // neither paused nor resumed until it gets one (409).
  'channel_needs_access_token',
  // Templates: Meta refused a submission (422; `fields` names the part it refused when it names one, `message` is Meta's).
  'template_refused',
  // Post-sale notices (domain/order-notice.ts): settings that do not hold (422; `fields` maps each field to its message id).
  'notices_refused',
  // Checkout recovery (domain/checkout-recovery.ts): a flow that does not hold (422; `fields` maps each field to its message id).
  'recovery_flow_refused',
  // Its 'send me a test' (domain/recovery-test.ts): refused at `phone`, `consent` or `flow` (422; `fields` maps each to its message id).
  'recovery_test_refused',
  // Contacts (domain/contact.ts): the number is a contact of the account already (409; `location` names it).
  'contact_exists',
  // A contact import whose file cannot be taken as a whole (422; domain/contact-csv.ts's ContactCsvRefusal, the message's
  // id in `fields.file`): no contact rows, no phone column, past the row limit, a quote never closed. Too many fields in
  // the import's form is a 400 `too_many_fields`.
  'csv_empty',
  'csv_no_phone_column',
  'csv_too_many_rows',
  'csv_unreadable',
  'too_many_fields',
  // Audiences (domain/audience.ts): past the most an account keeps (409).
  'too_many_audiences',
  // Campaigns (domain/campaign.ts): a draft that cannot be planned as it is (422; `fields` maps each field to its message
  // id), a change a campaign's state does not allow (409: a planned one is no draft, only an active one pauses, only a
  // paused one resumes, a cancelled one stays so).
  'campaign_refused',
  'campaign_not_draft',
  'campaign_not_active',
  'campaign_not_paused',
  'campaign_ended',
  // The website widget (domain/widget.ts): settings that cannot be saved as they are (422; `fields` maps each field to its
  // message id); a site not among the widget's allowed origins asking for it (403).
  'widget_refused',
  'origin_not_allowed',
  // The widget's chat (domain/widget-chat.ts): a bot's user agent (403); the merchant's answers of the day given (429);
  // nothing answers on the widget's number now (503: paused, no active AI base).
  'bot_refused',
  'daily_cap_reached',
  'not_answering',
] as const;
export type ApiErrorCode = (typeof apiErrorCodes)[number];

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return (apiErrorCodes as readonly unknown[]).includes(value);
}

/**
 * The API's error body: `{ error: { code, message, fields? } }`; `fields` maps a field name to its
 * message. `code` is read as any string (an older SPA still reads a newer server's message); the
 * server only sends an ApiErrorCode, and the SPA narrows it (src/api/api-errors.ts).
 */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
  }),
});

export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
