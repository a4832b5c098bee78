// The Content-Security-Policy: no inline scripts but the ones a server-rendered page carries
// (TanStack Router's dehydrated state, its scroll restoration, the FAQ's JSON-LD), each allowed by
// its SHA-256 hash on that page's response alone.
import { createHash } from 'node:crypto';

export type CspDirectives = Record<string, string[]>;

export function cspDirectives({
  authEmulatorUrl,
  loopbackImages = false,
}: {
  authEmulatorUrl?: string;
  /** Images from plain-http loopback origins too: outside production, where stores on this machine (the demo's) are taken. */
  loopbackImages?: boolean;
}): CspDirectives {
  const connectSrc = ["'self'", 'https://*.googleapis.com', 'https://*.firebaseapp.com'];
  if (authEmulatorUrl) connectSrc.push(authEmulatorUrl);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"], // no inline scripts
    'style-src': ["'self'", "'unsafe-inline'"], // styled-components injects <style> tags
    // Products' images come from the merchant's store and catalog CDNs (cdn.shopify.com, Meta's): any https origin.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...(loopbackImages ? ['http://127.0.0.1:*', 'http://localhost:*'] : [])],
    'connect-src': connectSrc,
    'font-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

/** The header's value: the directives, with `script-src` also allowing these inline scripts. */
export function cspHeader(directives: CspDirectives, inlineScriptHashes: string[] = []): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values, ...(name === 'script-src' ? inlineScriptHashes.map((hash) => `'${hash}'`) : [])].join(' '))
    .join(';');
}

// Scripts with a body and no src. (An HTML page we rendered ourselves: React escapes `</script` in content.)
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** `sha256-…` of every inline script's text in a page, as a CSP source expression wants it. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, body] of html.matchAll(INLINE_SCRIPT)) {
    if (body) hashes.add(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return [...hashes];
}
