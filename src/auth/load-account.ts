import { meResponseSchema, type MeResponse } from '@/domain/account';
import type { ApiClient } from '../api/api-client';

/**
 * The signed-in account from `GET /api/v1/me` (its plan, limits and usage), sent with the user's
 * Firebase ID token. The signed-in screens work without it, so a failure (already shown as a
 * toast by the API client) leaves it out instead of failing the page.
 */
export async function loadAccount(api: ApiClient): Promise<MeResponse | null> {
  try {
    return await api.get('/me', { schema: meResponseSchema });
  } catch (error) {
    console.warn('Could not load the account', error);
    return null;
  }
}
