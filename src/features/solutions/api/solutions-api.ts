// GET /api/v1/solutions: each solution set up or not, where it is on and its last 30 days' figure
// (the Solutions screen's one read).
import { solutionsSchema, type Solutions } from '@/domain/solutions';
import type { ApiClient } from '@/src/api/api-client';

export function solutionsApi(api: ApiClient) {
  return {
    read: (signal?: AbortSignal): Promise<Solutions> => api.get('/solutions', { schema: solutionsSchema, ...(signal ? { signal } : {}) }),
  };
}
