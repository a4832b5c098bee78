// What a qualifier AI base collects on WhatsApp: the inputs its merchant listed in
// "Expected inputs" (one a line, or separated by commas), each with the kind its name makes
// obvious (an email, a number, else free text), and how a shopper's answer becomes the input's
// value (an email or a number found in it, or the answer itself), or null when it holds none.
// The server asks and stores (server/channels/qualifier.ts); the conversation page shows the values.
// No zod: plain functions and types, so the SPA can import it freely.

export const qualifierInputKinds = ['email', 'number', 'text'] as const;
export type QualifierInputKind = (typeof qualifierInputKinds)[number];

export type QualifierInput = { name: string; kind: QualifierInputKind };

/** How many inputs a qualifier collects at most, and the longest name and value kept. */
export const MAX_QUALIFIER_INPUTS = 10;
export const MAX_INPUT_NAME_LENGTH = 80;
export const MAX_INPUT_VALUE_LENGTH = 200;

const notLetter = '(?<![\\p{L}\\p{N}])';
const notLetterAfter = '(?![\\p{L}\\p{N}])';
const emailName = new RegExp(`${notLetter}(e-?mail|correo)`, 'iu');
// Names whose answer is digits: quantities, ages, Brazilian postcodes and tax ids, phones, order numbers, budgets.
const numberName = new RegExp(
  `${notLetter}(n[úu]mero|number|quantidade|quantity|qty|cantidad|idade|age|edad|cep|cpf|cnpj|phone|telefone|tel[ée]fono|celular|` +
    `whatsapp|or[çc]amento|budget|presupuesto)${notLetterAfter}`,
  'iu',
);

/** The kind a name makes obvious: `email` ("E-mail", "correo"), `number` ("Order number", "CEP", "Idade"), else `text`. */
export function inputKindOf(name: string): QualifierInputKind {
  if (emailName.test(name)) return 'email';
  if (numberName.test(name)) return 'number';
  return 'text';
}

/** The merchant's expected inputs as a list: one a line (or comma/semicolon separated), bullets and end punctuation gone, each once. */
export function qualifierInputs(expectedInputs: string): QualifierInput[] {
  const seen = new Set<string>();
  const inputs: QualifierInput[] = [];
  for (const piece of expectedInputs.split(/[\n,;]+/)) {
    const name = piece
      .trim()
      .replace(/^([-*•·]|\d+[.)])\s*/u, '')
      .replace(/[.?!:]+$/, '')
      .trim()
      .slice(0, MAX_INPUT_NAME_LENGTH);
    const key = name.toLocaleLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    inputs.push({ name, kind: inputKindOf(name) });
  }
  return inputs.slice(0, MAX_QUALIFIER_INPUTS);
}

const emailPattern = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;
// Digits with what people write between them: "11 98765-4321", "(11) 3333-4444", "#1001", "1.500,00".
const numberPattern = /[+#(]?\d(?:[\d\s.,()/-]*\d)?/;

/** The value of an input in a shopper's answer (an email or a number found in it, or the answer as said); null: none in it. */
export function inputValueOf(kind: QualifierInputKind, answer: string): string | null {
  const said = answer.replace(/\s+/g, ' ').trim();
  if (!said) return null;
  if (kind === 'email') return emailPattern.exec(said)?.[0].toLowerCase() ?? null;
  if (kind === 'number') return numberPattern.exec(said)?.[0].trim() ?? null;
  return said.slice(0, MAX_INPUT_VALUE_LENGTH);
}
