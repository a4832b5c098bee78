// A qualifier's own lines on WhatsApp, in the three languages a base speaks and by its voice tone:
// the question for one expected input, the thanks before the next one, the polite re-ask when an
// answer holds no email or number, and the thanks with the summary once every input is known.
// Chosen by the base's language, as the agent's phrases are (../answering/agent-phrases.ts).
import type { AiBaseLanguage, VoiceTone } from '@/domain/ai-base';
import type { QualifierInputKind } from '@/domain/qualifier';

export type QualifierPhrases = {
  /** Asks for one input, by its name as the merchant wrote it ("tamanho", "e-mail"). */
  ask: Record<VoiceTone, (name: string) => string>;
  /** Before the next question, after a good answer. */
  thanks: Record<VoiceTone, string>;
  /** Why an answer was not taken, by the input's kind (a text input takes any answer). */
  invalid: Record<Exclude<QualifierInputKind, 'text'>, string>;
  /** Every input known: thanks, then the summary's lines ("• E-mail: ana@example.com"). */
  done: (summary: string) => string;
};

export const qualifierPhrases: Record<AiBaseLanguage, QualifierPhrases> = {
  pt_br: {
    ask: {
      default: (name) => `Pode me informar ${name}?`,
      friendly: (name) => `Para ajudar você melhor, pode me informar ${name}?`,
      informal: (name) => `Me manda ${name}?`,
    },
    thanks: {
      default: 'Obrigado.',
      friendly: 'Ótimo, obrigado!',
      informal: 'Anotado!',
    },
    invalid: {
      email: 'Isso não parece um endereço de e-mail.',
      number: 'Não encontrei um número na sua resposta.',
    },
    done: (summary) => `Obrigado! Já tenho tudo de que preciso:\n${summary}\nComo mais posso ajudar?`,
  },
  en_us: {
    ask: {
      default: (name) => `Could you tell me your ${name}?`,
      friendly: (name) => `To help you better, could you tell me your ${name}?`,
      informal: (name) => `Can you send me your ${name}?`,
    },
    thanks: {
      default: 'Thank you.',
      friendly: 'Great, thank you!',
      informal: 'Got it!',
    },
    invalid: {
      email: 'That does not look like an email address.',
      number: 'I could not find a number in your answer.',
    },
    done: (summary) => `Thank you! I have everything I need:\n${summary}\nHow else can I help you?`,
  },
  es: {
    ask: {
      default: (name) => `¿Me puedes indicar ${name}?`,
      friendly: (name) => `Para ayudarte mejor, ¿me puedes indicar ${name}?`,
      informal: (name) => `¿Me pasas ${name}?`,
    },
    thanks: {
      default: 'Gracias.',
      friendly: '¡Genial, gracias!',
      informal: '¡Anotado!',
    },
    invalid: {
      email: 'Eso no parece una dirección de correo electrónico.',
      number: 'No encontré un número en tu respuesta.',
    },
    done: (summary) => `¡Gracias! Ya tengo todo lo que necesito:\n${summary}\n¿En qué más puedo ayudarte?`,
  },
};
