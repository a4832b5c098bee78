// Users of the Firebase Auth emulator, over its REST API as a client would create them. Every
// test makes its own users with unique emails (the emulator is shared with other suites).
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { EMULATOR_HOST, EMULATOR_PROJECT } from '@/scripts/auth-emulator';
import { firebaseAdminAuth } from '@/server/auth/firebase-admin-auth';

export const emulatorHost = EMULATOR_HOST;
export const emulatorProject = EMULATOR_PROJECT;
const identityToolkit = (method: string) => `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`;

export type TestUser = { uid: string; email: string; password: string; idToken: string };

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 12)}@example.com`;
}

/**
 * One POST on a connection of its own: the emulator closes idle keep-alive connections after
 * 5 s, and fetch's pool may pick such a socket just as it closes ("other side closed").
 */
function post(method: string, body: unknown): Promise<{ localId: string; idToken: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      identityToolkit(method),
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          const json = JSON.parse(text) as { localId: string; idToken: string; error?: { message: string } };
          if (res.statusCode === 200) resolve(json);
          else reject(new Error(`accounts:${method} answered ${res.statusCode}: ${json.error?.message}`));
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * A new user and a token from a sign-in of its own. The token signUp answers can look revoked:
 * the emulator stamps its auth_time with the request's start and the user's validSince a moment
 * later, so across a second boundary auth_time < validSince and verifyIdToken(…, true) refuses it
 * (seen in CI: 'token_revoked' for a user nobody revoked).
 */
export async function createUser(label = 'user'): Promise<TestUser> {
  const email = uniqueEmail(label);
  const password = 'secret-password';
  const { localId } = await post('signUp', { email, password, returnSecureToken: true });
  return { uid: localId, email, password, idToken: await signIn({ email, password }) };
}

export async function signIn(user: Pick<TestUser, 'email' | 'password'>): Promise<string> {
  return (await post('signInWithPassword', { email: user.email, password: user.password, returnSecureToken: true })).idToken;
}

/** A member of staff (the `admin` claim): a new user, signed in again so the token carries the claim. */
export async function staffIdToken(label = 'staff'): Promise<string> {
  const staff = await createUser(label);
  await adminAuth().setCustomUserClaims(staff.uid, { admin: true });
  return signIn(staff);
}

/** firebase-admin on the emulator, as the server and the admin CLI use it. */
export function adminAuth() {
  return firebaseAdminAuth({ projectId: EMULATOR_PROJECT, emulatorHost: EMULATOR_HOST });
}

type Claims = Record<string, unknown> & { iat: number; exp: number };

/**
 * Emulator ID tokens are unsigned JWTs (alg "none"), which firebase-admin accepts in emulator
 * mode after checking the claims: so a token can be re-issued with other claims.
 */
export function withClaims(idToken: string, change: (claims: Claims) => Claims): string {
  const [header, payload] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Claims;
  return `${header}.${Buffer.from(JSON.stringify(change(claims))).toString('base64url')}.`;
}

/** The same token, issued two hours ago and expired an hour ago. */
export function expiredCopyOf(idToken: string): string {
  const now = Math.floor(Date.now() / 1000);
  return withClaims(idToken, (claims) => ({ ...claims, iat: now - 7200, auth_time: now - 7200, exp: now - 3600 }));
}
