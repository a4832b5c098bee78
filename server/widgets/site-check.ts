// 'Check my site': fetches a page of one of the widget's sites and says whether the widget's snippet
// (domain/widget-site-check.ts pageHasSnippet) is on it. The server fetches an address a merchant
// typed, so it guards against being turned on anything else: http(s) only, the address's origin one
// of the widget's allowed origins (checked by the route), no address that resolves to a private,
// loopback or link-local one (checked at connect time, so a name that resolves differently the second
// time gains nothing) unless the server runs its embedded default (the demo site and the tests are on
// loopback), redirects followed on the same origin only and a few times, a timeout on the whole fetch
// and a cap on the bytes read.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { pageHasSnippet, type SiteCheckAnswer } from '@/domain/widget-site-check';

export type SiteCheckOptions = {
  /** Whether a page may be on this machine or a private network (the embedded default; never in production). */
  allowPrivateAddresses: boolean;
  /** The whole fetch, redirects included. */
  timeoutMs?: number;
  /** Bytes read of a page at most; a larger page is read this far (a snippet is usually in the head). */
  maxBytes?: number;
  maxRedirects?: number;
};

/** The address resolves to one the server does not fetch. */
export class SiteAddressBlocked extends Error {
  constructor(readonly address: string) {
    super(`Not a public address: ${address}`);
    this.name = 'SiteAddressBlocked';
  }
}

const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is not on the public internet (IPv4-mapped IPv6 read as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return privateRanges.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A DNS lookup that refuses private addresses: the connection is made to what it answers, and only that. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as unknown as LookupAddress[];
    const blocked = list.find(({ address }) => isPrivateAddress(address));
    if (blocked || list.length === 0) return callback(new SiteAddressBlocked(blocked?.address ?? hostname), '', 0);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

type Fetched = { status: number; location: string | null; body: string };

function fetchOnce(url: URL, options: Required<SiteCheckOptions>, signal: AbortSignal): Promise<Fetched> {
  // An address typed as an IP is not looked up: it is checked here.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivateAddresses && isIP(host) !== 0 && isPrivateAddress(host)) return Promise.reject(new SiteAddressBlocked(host));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        signal,
        headers: { 'user-agent': 'CatalystSiteCheck/1.0 (+widget snippet check)', accept: 'text/html,*/*;q=0.5' },
        ...(options.allowPrivateAddresses ? {} : { lookup: publicLookup }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = typeof response.headers.location === 'string' ? response.headers.location : null;
        if (status >= 300 && status < 400) {
          response.resume();
          return resolve({ status, location, body: '' });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size >= options.maxBytes) return;
          chunks.push(chunk);
          size += chunk.length;
          // Read this far and no further: the rest of a huge page is not looked at.
          if (size >= options.maxBytes) {
            response.destroy();
            resolve({ status, location, body: Buffer.concat(chunks).subarray(0, options.maxBytes).toString('utf8') });
          }
        });
        response.on('end', () => resolve({ status, location, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/**
 * Fetches `url` and looks for the snippet naming `publicId`. `unreachable`: no answer in time, an error
 * status, a redirect to another origin or too many of them. A private address (outside the embedded
 * default) rejects with SiteAddressBlocked: the route refuses it at the field.
 */
export async function checkSiteForSnippet(url: URL, publicId: string, options: SiteCheckOptions): Promise<SiteCheckAnswer> {
  const settings: Required<SiteCheckOptions> = { timeoutMs: 8_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3, ...options };
  const signal = AbortSignal.timeout(settings.timeoutMs);
  let current = url;
  try {
    for (let redirects = 0; ; redirects++) {
      const { status, location, body } = await fetchOnce(current, settings, signal);
      if (status >= 300 && status < 400) {
        if (!location || redirects >= settings.maxRedirects) return { result: 'unreachable', url: current.href, status };
        const next = new URL(location, current);
        if (next.origin !== url.origin) return { result: 'unreachable', url: next.href, status };
        current = next;
        continue;
      }
      if (status < 200 || status >= 300) return { result: 'unreachable', url: current.href, status };
      return { result: pageHasSnippet(body, publicId) ? 'found' : 'not_found', url: current.href, status };
    }
  } catch (error) {
    if (error instanceof SiteAddressBlocked) throw error;
    if ((error as { cause?: unknown }).cause instanceof SiteAddressBlocked) throw (error as { cause: SiteAddressBlocked }).cause;
    return { result: 'unreachable', url: current.href, status: null };
  }
}
