// The answerer for any OpenAI-compatible chat endpoint. Creativity 0–10 becomes temperature
// creativity / 10 (0.0–1.0): 0 sticks to the passages, 1.0 is the usual "creative" default; the
// protocol's 1.0–2.0 is left out, where answers drift off the knowledge base. The passages cited
// are those sent: the model saw them all.
import type { Answerer } from './answerer';
import type { LlmEndpoint } from './llm-endpoint';
import { llmMessages } from './llm-prompt';

export const temperatureOf = (creativity: number) => creativity / 10;

export function llmAnswerer(endpoint: LlmEndpoint): Answerer {
  return {
    async answer(input) {
      const { content, model } = await endpoint.complete({
        model: input.settings.model,
        temperature: temperatureOf(input.settings.creativity),
        messages: llmMessages(input),
      });
      return { text: content, model, used: input.passages };
    },
  };
}
