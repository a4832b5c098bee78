// Playwright loads test files without Lingui's compile-time macros (Vite and Vitest compile them),
// and the password machines import domain/ message descriptors written with `msg`. This module
// gives `@lingui/core/macro` a runtime `msg` in Playwright's process that builds the descriptors
// the macro would (the same generated ids, the English message), so the UI-level tests can derive
// their model from the production machines. Import the machines dynamically, after calling it.
import { register } from 'node:module';

const shimSource = (generateMessageIdUrl: string) => `
import { generateMessageId } from ${JSON.stringify(generateMessageIdUrl)};
const fromTemplate = (strings, values) => strings.reduce((m, s, i) => m + s + (i < values.length ? '{' + i + '}' : ''), '');
export function msg(first, ...values) {
  if (Array.isArray(first)) {
    const message = fromTemplate(first, values);
    return { id: generateMessageId(message), message };
  }
  return { id: first.id ?? generateMessageId(first.message, first.context), message: first.message };
}
export const defineMessage = msg;
`;

const hooksSource = (shimUrl: string) => `
export async function resolve(specifier, context, nextResolve) {
  if (specifier === '@lingui/core/macro') return { url: ${JSON.stringify(shimUrl)}, shortCircuit: true };
  return nextResolve(specifier, context);
}
`;

const dataUrl = (source: string) => `data:text/javascript,${encodeURIComponent(source)}`;

let registered = false;

export function allowLinguiMacrosAtRuntime(): void {
  if (registered) return;
  registered = true;
  const generateMessageIdUrl = import.meta.resolve('@lingui/message-utils/generateMessageId');
  register(dataUrl(hooksSource(dataUrl(shimSource(generateMessageIdUrl)))));
}
