// Merchants' secrets at rest (Shopify tokens, and later WhatsApp tokens and app secrets):
// AES-256-GCM with a random 96-bit nonce per value, the record's id as additional data (a sealed
// value copied onto another record does not open), stored as `v1.<nonce>.<tag>.<ciphertext>`
// (base64url). The key is SECRETS_KEY (32 bytes, base64 or hex); in the embedded default it is
// generated into DATA_DIR on first start (secrets.key, mode 0600). Nothing here logs a value.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type SecretBox = {
  /** Seals `plain` for the record `context` (its id). */
  seal(plain: string, context: string): string;
  /** Opens a value sealed for `context`; throws when it was sealed for another or altered. */
  open(sealed: string, context: string): string;
};

const VERSION = 'v1';
const KEY_FILE = 'secrets.key';

/** 32 bytes from base64 (standard or url) or hex; throws with a line saying what is wrong. */
export function parseSecretsKey(text: string): Buffer {
  const value = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes, as base64 or 64 hex digits (make one: openssl rand -base64 32)');
  return key;
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('A secrets key is 32 bytes');
  return {
    seal(plain, context) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
    },
    open(sealed, context) {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== VERSION || !nonce || !tag || body === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The key from SECRETS_KEY (`configured`), else (the embedded default) the one in `dataDir`, made on
 * first use; `generated` says the key was just made, for the server to say so once.
 */
export function secretsKeyFrom(
  configured: string | null | undefined,
  dataDir: string,
): { key: Buffer; generated: boolean; file: string | null } {
  if (configured) return { key: parseSecretsKey(configured), generated: false, file: null };
  const file = join(dataDir, KEY_FILE);
  if (existsSync(file)) return { key: parseSecretsKey(readFileSync(file, 'utf8')), generated: false, file };
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  // 'wx': two processes starting at once cannot both write one; the loser reads the winner's.
  try {
    writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return { key: parseSecretsKey(readFileSync(file, 'utf8')), generated: false, file };
    throw error;
  }
  chmodSync(file, 0o600);
  return { key, generated: true, file };
}
