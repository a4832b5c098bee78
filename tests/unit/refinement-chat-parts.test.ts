// The refinement chat's pure parts, on their edge cases: blocked-term matching, the provider's
// Retry-After, the LLM settings from the environment, and the built-in answerer's quoting.
import { describe, expect, test } from 'vitest';
import { findBlockedTerm } from '@/server/answering/blocked-terms';
import { passagesToQuote } from '@/server/answering/builtin-answerer';
import { DEFAULT_LLM_TIMEOUT_MS } from '@/server/answering/llm-config';
import { parseConfig } from '@/server/config';
import { DEFAULT_RETRY_AFTER_SECONDS, retryAfterSeconds } from '@/server/answering/llm-endpoint';
import { temperatureOf } from '@/server/answering/llm-answerer';

describe('blocked terms', () => {
  test.each([
    ['Qual o PRECO?', ['preço'], 'preço'],
    ['qual o preço', ['PRECO'], 'PRECO'],
    ['Tem frete-grátis?', ['frete grátis'], 'frete grátis'],
    ['Frete\n\ngratis', ['Frete Grátis'], 'Frete Grátis'],
    ['Do you have a catalog?', ['cat'], null],
    ['My cat, please', ['dog', 'cat'], 'cat'],
    ['trocar', ['troca'], null],
    ['Pague com $$$ hoje', ['$$$'], '$$$'],
    ['Sem termos', [], null],
    ['İstanbul', ['istanbul'], 'istanbul'],
  ])('%j with %j → %j', (text, terms, expected) => {
    expect(findBlockedTerm(text, terms)).toBe(expected);
  });
});

describe("the provider's Retry-After", () => {
  const now = Date.parse('2026-11-20T12:00:00Z');
  test.each([
    [{ 'retry-after': '7' }, 7],
    [{ 'retry-after': '0.2' }, 1],
    [{ 'retry-after-ms': '1500', 'retry-after': '60' }, 2],
    [{ 'retry-after': 'Fri, 20 Nov 2026 12:01:30 GMT' }, 90],
    [{ 'retry-after': 'Fri, 20 Nov 2026 11:00:00 GMT' }, 1],
    [{ 'retry-after': '9999999' }, 86_400],
    [{ 'retry-after': 'soon' }, DEFAULT_RETRY_AFTER_SECONDS],
    [{}, DEFAULT_RETRY_AFTER_SECONDS],
  ])('%j → %i s', (headers, seconds) => {
    expect(retryAfterSeconds(new Headers(headers), now)).toBe(seconds);
  });
});

describe('LLM settings from the environment', () => {
  const llmConfigFromEnv = (env: Record<string, string>) => parseConfig(env).llm;

  test('none without LLM_BASE_URL; the URL without its trailing slash, the key optional, 30 s by default', () => {
    expect(llmConfigFromEnv({})).toBeNull();
    expect(llmConfigFromEnv({ LLM_BASE_URL: ' ', LLM_API_KEY: 'k' })).toBeNull();
    expect(llmConfigFromEnv({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1/' })).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: null,
      timeoutMs: DEFAULT_LLM_TIMEOUT_MS,
    });
    expect(llmConfigFromEnv({ LLM_BASE_URL: 'https://api.example.com/v1', LLM_API_KEY: 'sk-1', LLM_TIMEOUT_MS: '5000' })).toEqual({
      baseUrl: 'https://api.example.com/v1',
      apiKey: 'sk-1',
      timeoutMs: 5000,
    });
    // The voice notes' transcription model: whisper-1 unless LLM_TRANSCRIPTION_MODEL names another.
    expect(llmConfigFromEnv({ LLM_BASE_URL: 'http://x/v1', LLM_TRANSCRIPTION_MODEL: ' gpt-4o-mini-transcribe ' })).toMatchObject({
      transcriptionModel: 'gpt-4o-mini-transcribe',
    });
  });

  test('a malformed URL or timeout stops the server at start, naming the variable', () => {
    expect(() => llmConfigFromEnv({ LLM_BASE_URL: 'api.example.com' })).toThrow(/LLM_BASE_URL/);
    expect(() => llmConfigFromEnv({ LLM_BASE_URL: 'ftp://example.com' })).toThrow(/LLM_BASE_URL/);
    expect(() => llmConfigFromEnv({ LLM_BASE_URL: 'http://x/v1', LLM_TIMEOUT_MS: '0' })).toThrow(/LLM_TIMEOUT_MS/);
    expect(() => llmConfigFromEnv({ LLM_BASE_URL: 'http://x/v1', LLM_TIMEOUT_MS: '2s' })).toThrow(/LLM_TIMEOUT_MS/);
  });
});

describe('creativity', () => {
  test('the built-in answerer quotes 1 passage up to 3, 2 up to 6, 3 above; a model gets creativity / 10 as temperature', () => {
    expect([0, 3, 4, 6, 7, 10].map(passagesToQuote)).toEqual([1, 1, 2, 2, 3, 3]);
    expect([0, 5, 10].map(temperatureOf)).toEqual([0, 0.5, 1]);
  });
});
