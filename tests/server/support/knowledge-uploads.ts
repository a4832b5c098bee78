// Knowledge-base helpers for the server tests: uploads over real multipart HTTP, waiting for a
// file's processing, a DATA_DIR of the test's own, and the uploaded bytes in the run's object store.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { aiBaseSchema, type AiBase } from '@/domain/ai-base';
import { knowledgeFileSchema, type KnowledgeFile } from '@/domain/knowledge';
import type { PlanId } from '@/domain/plans';
import { accountStore } from '@/server/accounts/account-store';
import { createUser, type TestUser } from './emulator-users';
import { testDatabase } from './test-database';
import { call, testEnv, type ApiAnswer } from './test-server';
import { parseConfig } from '@/server/config';
import { s3ObjectStore } from '@/server/files/object-store';

/** A DATA_DIR for one test file's server (its secrets key); remove() at the end. */
export function scratchDataDir(label: string) {
  const dir = mkdtempSync(join(tmpdir(), `catalyst-${label}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The run's object store (./global-setup.ts), as the servers of the tests use it. */
export const testObjectStore = () => s3ObjectStore(parseConfig(testEnv).objectStore);

/** Every uploaded file's key in the run's object store, less its `uploads/` (`<uid>/<base id>/<file id>`). */
export async function storedUploads(): Promise<string[]> {
  return (await testObjectStore().list('uploads/')).map((key) => key.slice('uploads/'.length));
}

export const baseInstructions = {
  name: 'Loja da Ana',
  function: 'support',
  language: 'pt_br',
  voiceTone: 'friendly',
  personalized: false,
  instructions: 'Responda a partir da base de conhecimento.',
  expectedInputs: '',
};

export function knowledgeClient(url: () => string) {
  const api = (user: TestUser, method: string, path: string, body?: unknown) =>
    call(`${url()}/api/v1${path}`, {
      method,
      token: user.idToken,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });

  /** A merchant with an account on `plan`. */
  async function merchant(label: string, plan: PlanId = 'enterprise'): Promise<TestUser> {
    const user = await createUser(label);
    const accounts = accountStore((await testDatabase()).db);
    await accounts.findOrCreate(user.uid, user.email);
    if (plan !== 'basic') await accounts.upsertPlan(user.uid, user.email, plan);
    return user;
  }

  async function createBase(user: TestUser, overrides: Partial<typeof baseInstructions> = {}): Promise<AiBase> {
    const answer = await api(user, 'POST', '/ai-bases', { ...baseInstructions, ...overrides });
    expect(answer.status, answer.text).toBe(201);
    return aiBaseSchema.parse(answer.body);
  }

  /** POSTs one file as multipart/form-data, the way a browser's FormData sends it. */
  async function upload(user: TestUser, baseId: string, name: string, bytes: Uint8Array | string): Promise<ApiAnswer> {
    const form = new FormData();
    form.append('file', new Blob([typeof bytes === 'string' ? bytes : Buffer.from(bytes)]), name);
    return call(`${url()}/api/v1/ai-bases/${baseId}/files`, { method: 'POST', token: user.idToken, body: form });
  }

  async function uploaded(user: TestUser, baseId: string, name: string, bytes: Uint8Array | string): Promise<KnowledgeFile> {
    const answer = await upload(user, baseId, name, bytes);
    expect(answer.status, answer.text).toBe(201);
    return knowledgeFileSchema.parse(answer.body);
  }

  /** Polls the file until it is ready or failed. */
  async function settled(user: TestUser, baseId: string, fileId: string, timeoutMs = 120_000): Promise<KnowledgeFile> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const answer = await api(user, 'GET', `/ai-bases/${baseId}/files/${fileId}`);
      expect(answer.status, answer.text).toBe(200);
      const file = knowledgeFileSchema.parse(answer.body);
      if (file.status === 'ready' || file.status === 'failed') return file;
      if (Date.now() > deadline) throw new Error(`File ${fileId} still ${file.status} (${file.progress} %) after ${timeoutMs} ms`);
      await new Promise((done) => setTimeout(done, 200));
    }
  }

  return { api, merchant, createBase, upload, uploaded, settled };
}
