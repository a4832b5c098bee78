// The OpenAI-compatible chat endpoint, from the environment: LLM_BASE_URL (its API root, e.g.
// https://api.openai.com/v1 or http://127.0.0.1:11434/v1), LLM_API_KEY (sent as a Bearer token;
// optional for local servers), LLM_TIMEOUT_MS (per request, default 30 s) and
// LLM_TRANSCRIPTION_MODEL (what transcribes a shopper's voice note, default whisper-1). Without
// LLM_BASE_URL only the built-in answerer exists.

export type LlmConfig = { baseUrl: string; apiKey: string | null; timeoutMs: number; transcriptionModel?: string };

export const DEFAULT_LLM_TIMEOUT_MS = 30_000;
/** The transcription model when LLM_TRANSCRIPTION_MODEL does not name one (OpenAI's). */
export const DEFAULT_TRANSCRIPTION_MODEL = 'whisper-1';

export function llmConfigFromEnv(env: Record<string, string | undefined>): LlmConfig | null {
  const raw = env.LLM_BASE_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`LLM_BASE_URL must be an http(s) URL, not "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`LLM_BASE_URL must be an http(s) URL, not "${raw}"`);
  const timeout = env.LLM_TIMEOUT_MS?.trim();
  const timeoutMs = timeout ? Number(timeout) : DEFAULT_LLM_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new Error(`LLM_TIMEOUT_MS must be a positive whole number, not "${timeout}"`);
  const transcriptionModel = env.LLM_TRANSCRIPTION_MODEL?.trim();
  return {
    baseUrl: url.href.replace(/\/+$/, ''),
    apiKey: env.LLM_API_KEY?.trim() || null,
    timeoutMs,
    ...(transcriptionModel ? { transcriptionModel } : {}),
  };
}
