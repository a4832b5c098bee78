/** Every product API route lives below this prefix (and in the OpenAPI document). */
export const API_PREFIX = '/api/v1';
