// Merchants' tokens at rest (server/secrets/secret-box.ts): a sealed value opens only with its key
// and for its record, an altered one never opens, the ciphertext holds nothing of the token, and
// the embedded default makes one key per data directory (mode 0600) and keeps using it.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import { parseSecretsKey, secretBox, secretsKeyFrom } from '@/server/secrets/secret-box';

const token = 'shpat_0123456789abcdef0123456789ab1a2b';
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('secret box', () => {
  test('seals a token for one record: it opens there, with that key, and nowhere else', () => {
    const box = secretBox(randomBytes(32));
    const sealed = box.seal(token, 'inventory-a');
    expect(sealed).not.toContain(token.slice(6, 20));
    expect(sealed).not.toBe(box.seal(token, 'inventory-a')); // a new nonce each time
    expect(box.open(sealed, 'inventory-a')).toBe(token);
    expect(() => box.open(sealed, 'inventory-b')).toThrow();
    expect(() => secretBox(randomBytes(32)).open(sealed, 'inventory-a')).toThrow();
    const [version, nonce, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([version, nonce, tag, flipped.toString('base64url')].join('.'), 'inventory-a')).toThrow();
    expect(() => box.open('garbage', 'inventory-a')).toThrow('Not a sealed secret');
  });

  test('SECRETS_KEY is 32 bytes as base64 or hex; anything else is refused with how to make one', () => {
    const key = randomBytes(32);
    expect(parseSecretsKey(key.toString('base64')).equals(key)).toBe(true);
    expect(parseSecretsKey(key.toString('hex')).equals(key)).toBe(true);
    expect(() => parseSecretsKey('short')).toThrow(/openssl rand -base64 32/);
    const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
    dirs.push(dir);
    expect(secretsKeyFrom(key.toString('base64'), dir)).toMatchObject({ generated: false, file: null });
  });

  test('without SECRETS_KEY a key is made once in the data directory, private to its owner', () => {
    const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
    dirs.push(dir);
    const first = secretsKeyFrom(null, join(dir, 'data'));
    expect(first.generated).toBe(true);
    expect(statSync(first.file!).mode & 0o777).toBe(0o600);
    const again = secretsKeyFrom(null, join(dir, 'data'));
    expect(again.generated).toBe(false);
    expect(again.key.equals(first.key)).toBe(true);
    expect(parseSecretsKey(readFileSync(first.file!, 'utf8')).equals(first.key)).toBe(true);
  });
});
