// The landing's lead forms sent as plain HTML forms (domain/lead-form-post.ts): before the page's
// JavaScript has run, or without it, the contact and material forms post their fields to the
// landing's own URL (`POST /{lang}/`). The fields are read into the API's request as the live form
// reads them, and sent through the API's own route in-process, so the same validation, per-client
// rate limit (the client's address is passed on) and honeypot apply. The answer is the landing
// rendered with the outcome: the form with what was typed and each field's message (400), the
// rate limit's message (429), another failure's (503), or the notice that the request was sent (200).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import {
  isLeadRequestKind,
  LEAD_FORM_KIND_FIELD,
  leadRequestOf,
  typedLeadOfForm,
  type LeadFormPost,
  type LeadFormPostOutcome,
  type PhoneReader,
} from '@/domain/lead-form-post';
import type { LeadRequestField } from '@/domain/lead-requests';
import type { Locale } from '@/domain/locales';
import { staticLandingPaths } from '@/domain/public-pages';
import { API_PREFIX } from '../routes/api-prefix';
import { leadRequestPaths } from '../routes/lead-request-routes';
import { HttpError } from '../http/http-error';

/** A form's fields are a few hundred bytes; the API's fields' limits are far below this. */
const BODY_LIMIT = 32 * 1024;

const readPhone: PhoneReader = (text, country) => {
  const parsed = parsePhoneNumberFromString(text, country);
  return parsed?.isValid() ? parsed.number : undefined;
};

export type LeadFormPostsOptions = {
  /** The landing of a language rendered with a post's outcome; null without a renderer. */
  render: (request: FastifyRequest, lang: Locale, post: LeadFormPost) => Promise<string | null>;
  /** Sends a rendered page (its CSP, its type). */
  send: (reply: FastifyReply, html: string, status: number) => FastifyReply;
};

export function registerLeadFormPosts(app: FastifyInstance, options: LeadFormPostsOptions) {
  void app.register(async (forms) => {
    // Only here: the API's routes take JSON alone.
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_request, body, done) => {
        const fields: Record<string, string> = {};
        for (const [name, value] of new URLSearchParams(String(body))) fields[name] ??= value;
        done(null, fields);
      },
    );
    for (const { lang } of staticLandingPaths) {
      const handler = (request: FastifyRequest, reply: FastifyReply) => answer(app, options, lang, request, reply);
      forms.post(`/${lang}`, { schema: { hide: true } }, handler);
      forms.post(`/${lang}/`, { schema: { hide: true } }, handler);
    }
  });
}

async function answer(
  app: FastifyInstance,
  { render, send }: LeadFormPostsOptions,
  lang: Locale,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const fields = (request.body ?? {}) as Record<string, string>;
  const kind = fields[LEAD_FORM_KIND_FIELD];
  if (!isLeadRequestKind(kind)) throw new HttpError(400, 'bad_request', `The "${LEAD_FORM_KIND_FIELD}" field names no form of this page.`);
  const typed = typedLeadOfForm(fields);
  const api = await app.inject({
    method: 'POST',
    url: API_PREFIX + leadRequestPaths[kind],
    payload: leadRequestOf(typed, lang, readPhone),
    remoteAddress: request.ip,
  });
  const outcome = outcomeOf(api.statusCode, jsonOrNull(api.body), api.headers['retry-after']);
  const status = { sent: 200, invalid: 400, 'rate-limited': 429, failed: 503 }[outcome.kind];
  if (outcome.kind === 'rate-limited' && outcome.retryAfterSeconds !== undefined)
    reply.header('retry-after', String(outcome.retryAfterSeconds));
  let html: string | null = null;
  try {
    html = await render(request, lang, { kind, typed: outcome.kind === 'sent' ? null : typed, outcome });
  } catch (error) {
    request.log.error({ err: error, kind, outcome: outcome.kind }, 'rendering the landing with a posted form failed');
  }
  // Without the page, the form's place in the landing (its outcome is lost; the request is kept if it was sent).
  if (html === null) return reply.redirect(`/${lang}/#${kind}`, 303);
  // What was typed is in the page: no cache keeps it.
  return send(reply.header('cache-control', 'no-store'), html, status);
}

function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function outcomeOf(status: number, body: unknown, retryAfter: string | string[] | number | undefined): LeadFormPostOutcome {
  if (status === 202) return { kind: 'sent' };
  if (status === 429) {
    const seconds = Number(retryAfter);
    return Number.isFinite(seconds) && seconds >= 0
      ? { kind: 'rate-limited', retryAfterSeconds: Math.ceil(seconds) }
      : { kind: 'rate-limited' };
  }
  const refused = (body as { error?: { fields?: Record<string, unknown> } } | null)?.error?.fields;
  if (status === 400 && refused) {
    const fields: Partial<Record<LeadRequestField, string>> = {};
    for (const [field, message] of Object.entries(refused)) if (typeof message === 'string') fields[field as LeadRequestField] = message;
    return { kind: 'invalid', fields };
  }
  return { kind: 'failed' };
}
