// 'Check my site' on the widget screen: the merchant names a page of one of the widget's sites, the
// server fetches it and says whether the widget's snippet (`<script … data-catalyst="{public id}">`
// for widget.js) is on it. Request and answer, and the refusals of the address, by message id.
// zod/mini: the widget screen's chunk loads this.
import type { MessageDescriptor } from '@lingui/core';
import * as z from 'zod/mini';
import { storableText } from './storable-values';

/** An address is no longer than this. */
export const SITE_CHECK_URL_MAX = 2_000;

export const siteCheckRefusals = {
  urlInvalid: /*i18n*/ {
    id: 'widget_site_check.url_invalid',
    message: 'Enter the full address of a page of your site, starting with https://.',
  },
  notListed: /*i18n*/ {
    id: 'widget_site_check.not_listed',
    message: 'This page is not on one of the widget’s sites: add its site to the list and save first.',
  },
  addressBlocked: /*i18n*/ {
    id: 'widget_site_check.address_blocked',
    message: 'This address is not on the public internet, so Catalyst cannot open it.',
  },
} as const satisfies Record<string, MessageDescriptor>;

/** POST /widget/site-check. */
export const siteCheckRequestSchema = z.object({
  url: storableText(siteCheckRefusals.urlInvalid.id).check(z.maxLength(SITE_CHECK_URL_MAX, siteCheckRefusals.urlInvalid.id)),
});
export type SiteCheckRequest = z.infer<typeof siteCheckRequestSchema>;

/**
 * What the page said: the snippet is on it (`found`), it is not (`not_found`), or the page could not be
 * read (`unreachable`: no answer, an error status, too large, a redirect to another site).
 */
export const siteCheckResults = ['found', 'not_found', 'unreachable'] as const;
export type SiteCheckResult = (typeof siteCheckResults)[number];

export const siteCheckAnswerSchema = z.object({
  result: z.enum(siteCheckResults),
  /** The address fetched last (after redirects on the same site). */
  url: z.string(),
  /** The page's HTTP status; null when it did not answer. */
  status: z.nullable(z.int()),
});
export type SiteCheckAnswer = z.infer<typeof siteCheckAnswerSchema>;

/** An http(s) address, as typed; null for anything else. */
export function siteCheckUrl(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  return url;
}

/**
 * Whether `html` holds the widget's snippet: a script tag whose attributes carry
 * `data-catalyst="{publicId}"` and whose `src` names widget.js.
 */
export function pageHasSnippet(html: string, publicId: string): boolean {
  for (const match of html.matchAll(/<script\b([^>]*)>/gi)) {
    const attributes = match[1] ?? '';
    const id = /\bdata-catalyst\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
    const src = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
    const idValue = id ? (id[1] ?? id[2] ?? id[3]) : undefined;
    const srcValue = src ? (src[1] ?? src[2] ?? src[3]) : undefined;
    if (idValue?.trim() === publicId && srcValue !== undefined && /widget\.js(?:[?#]|$)/.test(srcValue.trim())) return true;
  }
  return false;
}
