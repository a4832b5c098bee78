// The calls Catalyst makes to an OpenAI-compatible endpoint: GET {base}/models,
// POST {base}/chat/completions (a message may carry an image as an `image_url` part) and
// POST {base}/audio/transcriptions (multipart, a shopper's voice note), with the Bearer key, a
// timeout, and the provider's refusals turned into AnswererFailures (429 → rate_limited with its
// Retry-After; anything else → unavailable, with the status). Node's fetch, not the `openai`
// package (Node 22 only; its retries would swallow the 429).
import * as z from 'zod/mini';
import { AnswererFailure } from './answerer';
import { DEFAULT_TRANSCRIPTION_MODEL, type LlmConfig } from './llm-config';

/** A user message's parts, as the vision models read them: text and images (a `data:` URL or an https one). */
export type LlmContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };
export type LlmMessage = { role: 'system' | 'user' | 'assistant'; content: string | LlmContentPart[] };
/** Audio to transcribe: its bytes, type and a file name whose extension names the format (providers go by it). */
export type TranscriptionInput = { bytes: Buffer; mimeType: string; fileName: string };
export type ChatCompletionRequest = { model: string; temperature: number; messages: LlmMessage[] };

/** When a 429 does not say how long to wait. */
export const DEFAULT_RETRY_AFTER_SECONDS = 20;

const modelListSchema = z.object({ data: z.array(z.object({ id: z.string() })) });
const completionSchema = z.object({
  model: z.optional(z.string()),
  choices: z.array(z.object({ message: z.object({ content: z.nullish(z.string()) }) })).check(z.minLength(1)),
});
const transcriptionSchema = z.object({ text: z.string() });
const errorBodySchema = z.object({ error: z.object({ message: z.optional(z.string()), code: z.nullish(z.unknown()) }) });

/**
 * Seconds to wait from a 429's headers: OpenAI's `retry-after-ms`, else `Retry-After` in seconds
 * or as an HTTP date; between 1 s and a day.
 */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number {
  const ms = Number(headers.get('retry-after-ms'));
  const raw = headers.get('retry-after')?.trim();
  let seconds = Number.isFinite(ms) && ms > 0 ? ms / 1000 : NaN;
  if (Number.isNaN(seconds) && raw) seconds = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : (Date.parse(raw) - now) / 1000;
  if (!Number.isFinite(seconds)) return DEFAULT_RETRY_AFTER_SECONDS;
  return Math.min(Math.max(Math.ceil(seconds), 1), 86_400);
}

export function llmEndpoint({ baseUrl, apiKey, timeoutMs, transcriptionModel = DEFAULT_TRANSCRIPTION_MODEL }: LlmConfig) {
  /** For log messages: a provider may quote the key it refused. */
  const redact = (text: string) => (apiKey ? text.split(apiKey).join('[redacted]') : text);

  /** `body`: JSON, or a form sent as multipart/form-data (fetch sets its boundary). */
  async function send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    const form = body instanceof FormData;
    if (body !== undefined && !form) headers['content-type'] = 'application/json';
    const what = `${method} ${baseUrl}${path}`;
    let response: Response;
    let text: string;
    try {
      const payload = body === undefined ? undefined : form ? body : JSON.stringify(body);
      response = await fetch(`${baseUrl}${path}`, { method, headers, body: payload, signal: AbortSignal.timeout(timeoutMs) });
      text = await response.text();
    } catch (error) {
      const reason =
        (error as Error).name === 'TimeoutError'
          ? `no answer within ${timeoutMs} ms`
          : `failed: ${(error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message}`;
      throw new AnswererFailure('unavailable', redact(`${what} ${reason}`));
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      const error = errorBodySchema.safeParse(json).data?.error;
      const detail = redact(`${what} answered ${response.status}${error?.message ? `: ${error.message.slice(0, 300)}` : ''}`);
      // OpenAI answers 429 `insufficient_quota` for an unpaid bill: waiting does not help.
      if (response.status === 429 && error?.code !== 'insufficient_quota')
        throw new AnswererFailure('rate_limited', detail, retryAfterSeconds(response.headers));
      throw new AnswererFailure('unavailable', detail, undefined, response.status);
    }
    if (json === undefined) throw new AnswererFailure('unavailable', `${what} answered ${response.status} with a body that is not JSON`);
    return json;
  }

  return {
    async listModels(): Promise<string[]> {
      const parsed = modelListSchema.safeParse(await send('GET', '/models'));
      if (!parsed.success) throw new AnswererFailure('unavailable', `GET ${baseUrl}/models answered no model list ({ data: [{ id }] })`);
      return parsed.data.data.map((model) => model.id);
    },

    async complete(request: ChatCompletionRequest): Promise<{ content: string; model: string }> {
      const parsed = completionSchema.safeParse(await send('POST', '/chat/completions', request));
      const content = parsed.data?.choices[0]?.message.content?.trim();
      if (!content)
        throw new AnswererFailure('unavailable', `POST ${baseUrl}/chat/completions answered no message (choices[0].message.content)`);
      return { content, model: parsed.data?.model ?? request.model };
    },

    /** The text spoken in `audio` (maybe empty: nothing said), by the transcription model. */
    async transcribe(audio: TranscriptionInput): Promise<string> {
      const form = new FormData();
      form.set('model', transcriptionModel);
      form.set('response_format', 'json');
      form.set('file', new Blob([new Uint8Array(audio.bytes)], { type: audio.mimeType }), audio.fileName);
      const parsed = transcriptionSchema.safeParse(await send('POST', '/audio/transcriptions', form));
      if (!parsed.success)
        throw new AnswererFailure('unavailable', `POST ${baseUrl}/audio/transcriptions answered no transcription ({ text })`);
      return parsed.data.text.trim();
    },
  };
}

export type LlmEndpoint = ReturnType<typeof llmEndpoint>;
