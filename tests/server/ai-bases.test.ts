// /api/v1/ai-bases over real HTTP: the wizard's saves as versions, stale saves refused, revert,
// activation and the plan's number of AI bases, and bad input answered field by field.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { aiBaseSchema, aiBaseValidation, type AiBase } from '@/domain/ai-base';
import type { PlanId } from '@/domain/plans';
import { accountStore } from '@/server/accounts/account-store';
import { aiBaseVersions } from '@/server/ai-bases/ai-base-tables';
import { PLAN_LIMIT_MESSAGE } from '@/server/routes/ai-base-routes';
import { adminAuth, createUser, signIn, type TestUser } from './support/emulator-users';
import { testDatabase } from './support/test-database';
import { call, errorOf, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const instructions = {
  name: 'Ana, vendedora',
  function: 'seller',
  language: 'pt_br',
  voiceTone: 'friendly',
  personalized: true,
  instructions: 'Responda só sobre os produtos da loja.',
  expectedInputs: 'Tamanho e cor',
};
const refinement = { blockedTerms: ['concorrente'], creativity: 6, model: 'builtin-retrieval' };

const as = (user: TestUser, method: string, path: string, body?: unknown) =>
  call(`${server.url}/api/v1${path}`, {
    method,
    token: user.idToken,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });

async function merchant(label: string, plan: PlanId = 'basic') {
  const user = await createUser(label);
  const accounts = accountStore((await testDatabase()).db);
  await accounts.findOrCreate(user.uid, user.email);
  if (plan !== 'basic') await accounts.upsertPlan(user.uid, user.email, plan);
  return user;
}

async function create(user: TestUser, body: unknown = instructions): Promise<AiBase> {
  const answer = await as(user, 'POST', '/ai-bases', body);
  expect(answer.status, answer.text).toBe(201);
  return aiBaseSchema.parse(answer.body);
}

/** Saves steps 2 and 3 of a new base. */
async function complete(user: TestUser, base: AiBase): Promise<AiBase> {
  const knowledge = await as(user, 'PUT', `/ai-bases/${base.id}/knowledge`, { expectedVersion: base.version });
  const saved = aiBaseSchema.parse(knowledge.body);
  return aiBaseSchema.parse(
    (await as(user, 'PUT', `/ai-bases/${base.id}/refinement`, { ...refinement, expectedVersion: saved.version })).body,
  );
}

describe('creating', () => {
  test('step 1 creates the base in configuration, at step 2, with defaults for step 3', async () => {
    const user = await merchant('ai-create');
    const answer = await as(user, 'POST', '/ai-bases', instructions);
    expect(answer.status).toBe(201);
    const base = aiBaseSchema.parse(answer.body);
    expect(answer.headers.get('location')).toBe(`/api/v1/ai-bases/${base.id}`);
    expect(base).toMatchObject({
      ...instructions,
      status: 'training',
      step: 'knowledge',
      progress: 33,
      version: 1,
      canRevert: false,
      blockedTerms: [],
      creativity: 3,
      model: 'builtin-retrieval',
      channels: ['whatsapp'],
    });
    expect((await as(user, 'GET', `/ai-bases/${base.id}`)).body).toEqual(base);
    // The list adds the WhatsApp numbers each base answers on (none yet).
    expect((await as(user, 'GET', '/ai-bases')).body).toEqual({ aiBases: [{ ...base, connectedChannels: [] }] });
    expect((await as(user, 'GET', '/me')).body).toMatchObject({ usage: { aiBases: 1 } });
  });

  test("missing answers get the seed's message ids, field by field", async () => {
    const user = await merchant('ai-invalid');
    const answer = await as(user, 'POST', '/ai-bases', { name: '  ', instructions: '', expectedInputs: '' });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).fields).toEqual({
      name: aiBaseValidation.nameRequired.id,
      function: aiBaseValidation.functionRequired.id,
      language: aiBaseValidation.languageRequired.id,
      voiceTone: aiBaseValidation.voiceToneRequired.id,
      personalized: aiBaseValidation.personalizedRequired.id,
    });
    expect((await as(user, 'GET', '/ai-bases')).body).toEqual({ aiBases: [] });
  });

  test("a name the account already uses (in any case) is refused on the name field with nameTaken's id, on create and on rename", async () => {
    const user = await merchant('ai-names', 'start');
    const first = await create(user);
    const again = await as(user, 'POST', '/ai-bases', { ...instructions, name: instructions.name.toUpperCase() });
    expect(again.status).toBe(400);
    expect(errorOf(again).fields).toEqual({ name: aiBaseValidation.nameTaken.id });

    const second = await create(user, { ...instructions, name: 'Bruno, suporte' });
    const rename = await as(user, 'PUT', `/ai-bases/${second.id}/instructions`, { ...instructions, expectedVersion: 1 });
    expect(rename.status).toBe(400);
    expect(errorOf(rename).fields).toEqual({ name: aiBaseValidation.nameTaken.id });
    expect((await as(user, 'GET', `/ai-bases/${second.id}`)).body).toMatchObject({ name: 'Bruno, suporte', version: 1 });
    // Another account may use the same name.
    await create(await merchant('ai-names-other'));
    expect(first.name).toBe(instructions.name);
  });

  test('unknown fields, wrong types and bad ids are 400, never 500', async () => {
    const user = await merchant('ai-bad-input');
    expect(errorOf(await as(user, 'POST', '/ai-bases', { ...instructions, owner: 'x' })).fields).toEqual({ owner: 'Unknown field' });
    expect((await as(user, 'POST', '/ai-bases', { ...instructions, personalized: 'yes' })).status).toBe(400);
    expect((await as(user, 'GET', '/ai-bases/not-a-uuid')).status).toBe(400);
    const base = await create(user);
    const tooCreative = await as(user, 'PUT', `/ai-bases/${base.id}/refinement`, { ...refinement, creativity: 11, expectedVersion: 1 });
    expect(errorOf(tooCreative).fields).toEqual({ creativity: aiBaseValidation.creativityRange.id });
  });

  test("the plan's number of AI bases: past it, 403 with the seed's notice and nothing created", async () => {
    const user = await merchant('ai-limit'); // basic: 1 AI base
    await create(user);
    const refused = await as(user, 'POST', '/ai-bases', { ...instructions, name: 'Second' });
    expect(refused.status).toBe(403);
    expect(errorOf(refused)).toEqual({ code: 'plan_limit', message: PLAN_LIMIT_MESSAGE });
    expect(PLAN_LIMIT_MESSAGE).toBe('Upgrade your plan to add more AI Bases.');
    expect(((await as(user, 'GET', '/ai-bases')).body as { aiBases: unknown[] }).aiBases).toHaveLength(1);
  });

  test('concurrent creations cannot pass the limit together', async () => {
    const user = await merchant('ai-race', 'start'); // 2 AI bases
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => as(user, 'POST', '/ai-bases', { ...instructions, name: `Base ${i}` })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 403, 403, 403]);
  });
});

describe('saving the steps', () => {
  test('each save is a new version and moves the wizard on; the saved steps are kept', async () => {
    const user = await merchant('ai-steps');
    const base = await create(user);
    const renamed = aiBaseSchema.parse(
      (await as(user, 'PUT', `/ai-bases/${base.id}/instructions`, { ...instructions, name: 'Ana 2', expectedVersion: 1 })).body,
    );
    expect(renamed).toMatchObject({ name: 'Ana 2', version: 2, step: 'knowledge', progress: 33, canRevert: true });

    const knowledge = aiBaseSchema.parse((await as(user, 'PUT', `/ai-bases/${base.id}/knowledge`, { expectedVersion: 2 })).body);
    expect(knowledge).toMatchObject({ version: 3, step: 'refinement', progress: 67 });

    const refined = aiBaseSchema.parse(
      (await as(user, 'PUT', `/ai-bases/${base.id}/refinement`, { ...refinement, expectedVersion: 3 })).body,
    );
    expect(refined).toMatchObject({ ...refinement, name: 'Ana 2', version: 4, step: 'refinement', progress: 100, status: 'training' });

    // Going back to step 1 later does not lose the progress.
    const again = aiBaseSchema.parse(
      (await as(user, 'PUT', `/ai-bases/${base.id}/instructions`, { ...instructions, expectedVersion: 4 })).body,
    );
    expect(again).toMatchObject({ progress: 100, version: 5, creativity: 6 });

    const { db } = await testDatabase();
    const versions = await db.select().from(aiBaseVersions).where(eq(aiBaseVersions.baseId, base.id));
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  test('a save on a stale version (another tab saved first) gets 409 and overwrites nothing', async () => {
    const user = await merchant('ai-conflict');
    const base = await create(user);
    const first = await as(user, 'PUT', `/ai-bases/${base.id}/instructions`, { ...instructions, name: 'From tab A', expectedVersion: 1 });
    const second = await as(user, 'PUT', `/ai-bases/${base.id}/instructions`, { ...instructions, name: 'From tab B', expectedVersion: 1 });
    expect(first.status).toBe(200);
    expect(second.status).toBe(409);
    expect(errorOf(second)).toMatchObject({ code: 'version_conflict', message: expect.stringContaining('saved elsewhere') });
    expect((await as(user, 'GET', `/ai-bases/${base.id}`)).body).toMatchObject({ name: 'From tab A', version: 2 });
  });

  test('revert restores the previous saved version as a new one; with none before, 409', async () => {
    const user = await merchant('ai-revert');
    const base = await create(user);
    const nothing = await as(user, 'POST', `/ai-bases/${base.id}/revert`, { expectedVersion: 1 });
    expect(nothing.status).toBe(409);
    expect(errorOf(nothing).code).toBe('nothing_to_revert');

    await as(user, 'PUT', `/ai-bases/${base.id}/instructions`, {
      ...instructions,
      name: 'Oops',
      voiceTone: 'informal',
      expectedVersion: 1,
    });
    const reverted = aiBaseSchema.parse((await as(user, 'POST', `/ai-bases/${base.id}/revert`, { expectedVersion: 2 })).body);
    expect(reverted).toMatchObject({ name: instructions.name, voiceTone: 'friendly', version: 3 });
    expect((await as(user, 'POST', `/ai-bases/${base.id}/revert`, { expectedVersion: 2 })).status).toBe(409); // stale
  });
});

describe('activation', () => {
  test('only a base with its three steps saved; then active, deactivated, reactivated', async () => {
    const user = await merchant('ai-activate');
    const base = await create(user);
    const early = await as(user, 'POST', `/ai-bases/${base.id}/activate`);
    expect(early.status).toBe(409);
    expect(errorOf(early).code).toBe('incomplete');

    await complete(user, base);
    expect((await as(user, 'POST', `/ai-bases/${base.id}/activate`)).body).toMatchObject({ status: 'active' });
    expect((await as(user, 'POST', `/ai-bases/${base.id}/deactivate`)).body).toMatchObject({ status: 'inactive' });
    expect((await as(user, 'POST', `/ai-bases/${base.id}/activate`)).body).toMatchObject({ status: 'active' });
  });

  test('after a downgrade, activating past the new plan is refused with the notice', async () => {
    const user = await merchant('ai-downgrade', 'start'); // 2 AI bases
    const [a, b] = [await create(user), await create(user, { ...instructions, name: 'Second' })];
    await complete(user, a);
    await complete(user, b);
    await as(user, 'POST', `/ai-bases/${a.id}/activate`);
    await as(user, 'POST', `/ai-bases/${b.id}/activate`);
    await accountStore((await testDatabase()).db).upsertPlan(user.uid, user.email, 'basic'); // 1 AI base

    await as(user, 'POST', `/ai-bases/${b.id}/deactivate`);
    const refused = await as(user, 'POST', `/ai-bases/${b.id}/activate`);
    expect(refused.status).toBe(403);
    expect(errorOf(refused)).toEqual({ code: 'plan_limit', message: PLAN_LIMIT_MESSAGE });
    expect((await as(user, 'GET', `/ai-bases/${b.id}`)).body).toMatchObject({ status: 'inactive' });
  });
});

test('delete removes the base and its versions; a second delete is 404', async () => {
  const user = await merchant('ai-delete');
  const base = await create(user);
  const deleted = await as(user, 'DELETE', `/ai-bases/${base.id}`);
  expect(deleted.status).toBe(204);
  expect((await as(user, 'GET', `/ai-bases/${base.id}`)).status).toBe(404);
  expect((await as(user, 'DELETE', `/ai-bases/${base.id}`)).status).toBe(404);
  const { db } = await testDatabase();
  expect(await db.select().from(aiBaseVersions).where(eq(aiBaseVersions.baseId, base.id))).toEqual([]);
  // The slot is free again.
  await create(user);
});

test("staff change an account's plan through the API; merchants cannot", async () => {
  const user = await merchant('ai-plan-by-staff');
  const staff = await createUser('ai-staff');
  await adminAuth().setCustomUserClaims(staff.uid, { admin: true });
  const staffToken = await signIn(staff);
  const put = (token: string, uid: string, plan: string) =>
    call(`${server.url}/api/v1/admin/accounts/${uid}/plan`, {
      method: 'PUT',
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ plan }),
    });
  expect((await put(user.idToken, user.uid, 'enterprise')).status).toBe(403);
  const changed = await put(staffToken, user.uid, 'lite');
  expect(changed.status).toBe(200);
  expect(changed.body).toEqual({ uid: user.uid, plan: 'lite' });
  expect((await as(user, 'GET', '/me')).body).toMatchObject({ plan: 'lite' });
  expect((await put(staffToken, 'no-such-uid', 'lite')).status).toBe(404);
  expect((await put(staffToken, user.uid, 'gold')).status).toBe(400);
});
