import type { SessionUser } from '../../../../machines/auth-session';

/** The localStorage key the signed-in user is kept under (the seed's: other code reads it). */
export const STORED_USER_KEY = 'user';

export function storeUser(user: SessionUser | null): void {
  if (!user) return removeStoredUser();
  try {
    localStorage.setItem(STORED_USER_KEY, JSON.stringify({ uid: user.uid, email: user.email }));
  } catch (error) {
    // Storage may be full or disabled (private modes): the session itself does not depend on it.
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
