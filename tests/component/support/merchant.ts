// Merchants of the Auth emulator for component tests, and the API as each of them (to set up what
// a view starts from and to read back what it saved), over HTTP to the component tests' server.
import type { AiBase } from '@/domain/ai-base';
import type { PlanId } from '@/domain/plans';
import { sampleInstructions } from '@/tests/fixtures/sample-ai-base';
import { adminAuth, createUser, signIn, type TestUser } from '@/tests/server/support/emulator-users';
import { serverUrl } from './render-app';

export async function api<T>(user: Pick<TestUser, 'idToken'>, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${serverUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${user.idToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (response.status === 204 ? null : await response.json()) as T;
}

let staff: Promise<{ idToken: string }> | null = null;
/** A member of staff (the `admin` claim), who may change a merchant's plan. */
function staffUser() {
  staff ??= (async () => {
    const user = await createUser('staff');
    await adminAuth().setCustomUserClaims(user.uid, { admin: true });
    return { idToken: await signIn(user) };
  })();
  return staff;
}

/** A new merchant whose account exists, on `plan` (basic: one AI base, two trainings a month). */
export async function merchant(label: string, plan: PlanId = 'basic'): Promise<TestUser> {
  const user = await createUser(label);
  await api(user, 'GET', '/me');
  if (plan !== 'basic') await api(await staffUser(), 'PUT', `/admin/accounts/${user.uid}/plan`, { plan });
  return user;
}

/** A base with its three steps saved (ready to activate), created through the API. */
export async function completeBase(user: TestUser, values: Partial<typeof sampleInstructions> = {}): Promise<AiBase> {
  const created = await api<AiBase>(user, 'POST', '/ai-bases', { ...sampleInstructions, ...values });
  const knowledge = await api<AiBase>(user, 'PUT', `/ai-bases/${created.id}/knowledge`, { expectedVersion: created.version });
  return api<AiBase>(user, 'PUT', `/ai-bases/${created.id}/refinement`, {
    blockedTerms: [],
    creativity: 3,
    model: 'builtin-retrieval',
    expectedVersion: knowledge.version,
  });
}

/** Uploads a knowledge file as the page would, and waits until the server has processed it. */
export async function uploadKnowledge(user: TestUser, baseId: string, name: string, content: string): Promise<void> {
  const form = new FormData();
  form.append('file', new File([content], name));
  const response = await fetch(`${serverUrl}/api/v1/ai-bases/${baseId}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.idToken}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  for (let tries = 0; tries < 300; tries++) {
    const { status } = await api<{ status: string }>(user, 'GET', `/ai-bases/${baseId}/files/${id}`);
    if (status === 'ready') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} was not processed in 30 s`);
}
