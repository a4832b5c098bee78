// The OpenAI-compatible chat endpoint: LLM_BASE_URL, LLM_API_KEY, LLM_TIMEOUT_MS and
// LLM_TRANSCRIPTION_MODEL, read by server/config.ts. Without LLM_BASE_URL only the built-in
// answerer exists.

export type LlmConfig = { baseUrl: string; apiKey: string | null; timeoutMs: number; transcriptionModel?: string };

export const DEFAULT_LLM_TIMEOUT_MS = 30_000;
/** The transcription model when LLM_TRANSCRIPTION_MODEL does not name one (OpenAI's). */
export const DEFAULT_TRANSCRIPTION_MODEL = 'whisper-1';
