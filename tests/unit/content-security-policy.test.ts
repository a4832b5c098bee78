// Where the pages may take images from: a merchant's store and catalog CDNs (any https origin)
// always; plain-http loopback origins (the demo store's images, served offline on this machine)
// only outside production, where the server takes stores on this machine at all.
import { describe, expect, test } from 'vitest';
import { cspDirectives, cspHeader } from '@/server/http/content-security-policy';

const imgSrc = (header: string) =>
  header
    .split(';')
    .find((directive) => directive.startsWith('img-src '))!
    .split(' ')
    .slice(1);

describe('img-src', () => {
  test('outside production: any https origin and http loopback origins (the demo’s images)', () => {
    const sources = imgSrc(cspHeader(cspDirectives({ loopbackImages: true })));
    expect(sources).toEqual(["'self'", 'data:', 'blob:', 'https:', 'http://127.0.0.1:*', 'http://localhost:*']);
  });

  test('in production: https origins only, no plain-http origin at all', () => {
    const sources = imgSrc(cspHeader(cspDirectives({ loopbackImages: false })));
    expect(sources).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(imgSrc(cspHeader(cspDirectives({})))).toEqual(sources);
  });
});
