// The agent's own words, in the three languages a base speaks: chosen by the base's language,
// not by the merchant's interface (they are what a customer would read on WhatsApp), so they live
// here rather than in the SPA's catalogs. The built-in answerer builds its answers from them; the
// chat route refuses with them.
import type { AiBaseFunction, AiBaseLanguage, VoiceTone } from '@/domain/ai-base';

export type AgentPhrases = {
  /** Opens an answer, by voice tone ('' for none). */
  greeting: Record<VoiceTone, string>;
  /** Introduces what the knowledge base says, by function. */
  lead: Record<AiBaseFunction, string>;
  /** Before each further passage (higher creativity). */
  also: string;
  /** Ends an answer whose function adds nothing of its own, by voice tone ('' for none). */
  closing: Record<VoiceTone, string>;
  /** A seller's last words: the catalog. */
  catalogOffer: string;
  /** A qualifier's last words: asks for the base's expected inputs. */
  askFor: (inputs: string) => string;
  /** Nothing in the knowledge base matched: an apology by voice tone, then the fact. */
  sorry: Record<VoiceTone, string>;
  notFound: string;
  /** A support agent without an answer offers a person. */
  offerHuman: string;
  /** The question names a product no passage is about (after `sorry`). */
  productNotFound: string;
  /** The product the question names was left out of the knowledge (archived, draft, unpublished): not sold. */
  notForSale: (name: string) => string;
  /** Heads the products close to the one asked for, offered as suggestions. */
  closest: string;
  /** The polite refusal when a blocked term is in the question or would be in the answer. */
  refusal: string;
};

export const agentPhrases: Record<AiBaseLanguage, AgentPhrases> = {
  pt_br: {
    greeting: { default: '', friendly: 'Olá! Que bom que você perguntou.', informal: 'Opa, beleza?' },
    lead: {
      seller: 'Sobre o nosso catálogo:',
      support: 'Segundo a nossa base de conhecimento:',
      qualifier: 'Aqui está o que encontrei:',
      translator: 'Respondo em português:',
    },
    also: 'Além disso:',
    closing: { default: '', friendly: 'Posso ajudar em mais alguma coisa?', informal: 'Qualquer coisa, é só chamar!' },
    catalogOffer: 'Quer que eu envie o nosso catálogo completo?',
    askFor: (inputs) => `Para continuar, pode me informar ${inputs}?`,
    sorry: { default: 'Desculpe.', friendly: 'Sinto muito!', informal: 'Poxa!' },
    notFound: 'Não encontrei essa informação na base de conhecimento.',
    offerHuman: 'Quer que eu transfira você para um atendente humano?',
    productNotFound: 'Não encontrei esse produto.',
    notForSale: (name) => `${name} não está à venda no momento.`,
    closest: 'Os mais parecidos que temos:',
    refusal: 'Desculpe, não posso falar sobre esse assunto. Posso ajudar com outra coisa?',
  },
  en_us: {
    greeting: { default: '', friendly: 'Hi! Happy to help.', informal: 'Hey there!' },
    lead: {
      seller: 'From our catalog:',
      support: 'According to our knowledge base:',
      qualifier: "Here's what I found:",
      translator: 'I answer in English:',
    },
    also: 'Also:',
    closing: { default: '', friendly: 'Is there anything else I can help you with?', informal: 'Just shout if you need anything else!' },
    catalogOffer: 'Would you like me to send you our full catalog?',
    askFor: (inputs) => `To go on, could you tell me ${inputs}?`,
    sorry: { default: 'Sorry.', friendly: "I'm so sorry!", informal: 'Oops!' },
    notFound: 'I could not find this in the knowledge base.',
    offerHuman: 'Would you like me to hand you over to a human agent?',
    productNotFound: 'I could not find that product.',
    notForSale: (name) => `The ${name} is not for sale at the moment.`,
    closest: 'The closest ones we have:',
    refusal: "Sorry, I can't talk about that subject. Can I help you with something else?",
  },
  es: {
    greeting: { default: '', friendly: '¡Hola! Con gusto te ayudo.', informal: '¡Buenas!' },
    lead: {
      seller: 'De nuestro catálogo:',
      support: 'Según nuestra base de conocimiento:',
      qualifier: 'Esto es lo que encontré:',
      translator: 'Respondo en español:',
    },
    also: 'Además:',
    closing: { default: '', friendly: '¿Puedo ayudarte con algo más?', informal: '¡Cualquier cosa, me escribes!' },
    catalogOffer: '¿Quieres que te envíe nuestro catálogo completo?',
    askFor: (inputs) => `Para seguir, ¿me puedes indicar ${inputs}?`,
    sorry: { default: 'Lo siento.', friendly: '¡Lo siento mucho!', informal: '¡Uy!' },
    notFound: 'No encontré esta información en la base de conocimiento.',
    offerHuman: '¿Quieres que te transfiera a un agente humano?',
    productNotFound: 'No encontré ese producto.',
    notForSale: (name) => `${name} no está a la venta por ahora.`,
    closest: 'Los más parecidos que tenemos:',
    refusal: 'Lo siento, no puedo hablar de ese tema. ¿Puedo ayudarte con otra cosa?',
  },
};
