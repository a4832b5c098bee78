import type { SessionUser } from '@/machines/auth-session';

/** The localStorage key the signed-in user is kept under (the seed's: other code reads it). */
export const STORED_USER_KEY = 'user';

/**
 * Keeps `{ uid, email }` under `user`, or throws what the device answers: QuotaExceededError when
 * the origin's storage is full, SecurityError when storage is disabled. Signing in needs it.
 */
export function keepUser(user: SessionUser): void {
  localStorage.setItem(STORED_USER_KEY, JSON.stringify({ uid: user.uid, email: user.email }));
}

/** `keepUser` for a user the session mirrors (the tab that signed it in has kept it already). */
export function storeUser(user: SessionUser | null): void {
  if (!user) return removeStoredUser();
  try {
    keepUser(user);
  } catch (error) {
    console.warn('Could not store the signed-in user', error);
  }
}

export function removeStoredUser(): void {
  try {
    localStorage.removeItem(STORED_USER_KEY);
  } catch {
    /* storage disabled: nothing stored either */
  }
}
