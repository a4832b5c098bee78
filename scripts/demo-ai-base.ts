// `npm start`'s demo AI base: the demo account gets an active AI base through the product API, made
// as the wizard makes one (step 1 Instructions, step 2 a knowledge file uploaded as multipart and
// read by the workers, step 3 Refinement, then Activate), so scripts/demo-channel.ts connects the
// demo number to it on a fresh start and the simulated shopper gets answers at once. Idempotent: an
// active AI base of the account is kept as it is; a base the merchant left unfinished or deactivated
// is not touched (the demo one is made beside it, numbered if its name is taken; the basic plan's
// one AI base then refuses it, and npm start says what to do).
import { setTimeout as sleep } from 'node:timers/promises';
import { BUILTIN_MODEL, DEFAULT_CREATIVITY, type AiBase, type Instructions, type Refinement } from '../domain/ai-base';
import type { KnowledgeFile } from '../domain/knowledge';
import { demoApiCaller } from './demo-inventory';

export const DEMO_AI_BASE_NAME = 'Ana — Loja Demo';

/** Step 1: a seller for the demo store (tests/fixtures/shopify/store-products.ts: iPods and plush toys), in Portuguese. */
export const DEMO_AI_BASE_INSTRUCTIONS: Omit<Instructions, 'name'> = {
  function: 'seller',
  language: 'pt_br',
  voiceTone: 'friendly',
  personalized: true,
  instructions: [
    'Você é a Ana, vendedora da Loja Demo, uma loja online que vende iPods (iPod Nano e iPod Touch) e pelúcias.',
    'Responda em português, com simpatia e frases curtas, e ajude o cliente a escolher e a fechar a compra.',
    'Use só as informações da base de conhecimento e do catálogo; quando não souber, diga que vai confirmar com a equipe.',
    'Nunca invente preços, prazos ou promoções.',
  ].join('\n'),
  expectedInputs: 'Perguntas sobre produtos, cores e preços; o CEP para o frete; o número do pedido para trocas.',
};

/** Step 3: the wizard's defaults (machines/ai-base-wizard.ts, defaultRefinement). */
const DEMO_REFINEMENT: Refinement = { blockedTerms: [], creativity: DEFAULT_CREATIVITY, model: BUILTIN_MODEL };

export const DEMO_KNOWLEDGE_FILE_NAME = 'perguntas-frequentes.csv';

/** Step 2's file: the demo store's questions and answers (shipping, exchanges, payment, hours), one passage a row. */
export const DEMO_KNOWLEDGE_CSV = [
  'Assunto,Pergunta,Resposta,Palavras-chave',
  'Entrega,Qual é o prazo de entrega?,"Enviamos em até 2 dias úteis após a confirmação do pagamento; a entrega leva de 3 a 7 dias úteis, com o código de rastreio enviado por aqui.","entrega, prazo, rastreio"',
  'Frete,Quanto custa o frete?,"O frete é grátis em compras a partir de R$ 299; abaixo disso, o valor aparece no checkout depois do CEP.","frete, valor, CEP"',
  'Trocas,Posso trocar ou devolver um produto?,"Sim, em até 30 dias após a entrega, sem uso e na embalagem original. Mande o número do pedido aqui que enviamos a etiqueta de devolução.","troca, devolução, arrependimento"',
  'Pagamento,Quais são as formas de pagamento?,"Pix com 5% de desconto, cartão de crédito em até 10 vezes sem juros e boleto bancário.","pagamento, pix, cartão, boleto, parcelamento"',
  'Atendimento,Qual é o horário de atendimento?,"A equipe atende de segunda a sexta, das 9h às 18h, e aos sábados, das 9h às 13h (horário de Brasília). Fora desse horário, a Ana responde e a equipe retoma no dia útil seguinte.","horário, atendimento, contato"',
].join('\n');

/** How long the knowledge file may take to be read (the workers' first job boots the extraction thread). */
const FILE_READY_TIMEOUT_MS = 120_000;
const FILE_POLL_MS = 250;

/** The demo account's active AI base: found, or made through the wizard's steps and activated. */
export async function ensureDemoAiBase(
  apiUrl: string,
  account: { email: string; password: string },
): Promise<{ aiBase: AiBase; created: boolean }> {
  const call = await demoApiCaller(apiUrl, account);
  const { aiBases } = await call<{ aiBases: AiBase[] }>('GET', '/ai-bases');
  const active = aiBases.find((base) => base.status === 'active');
  if (active) return { aiBase: active, created: false };
  // A name the merchant already uses (an unfinished base, say) gets a number.
  const names = new Set(aiBases.map((base) => base.name.toLowerCase()));
  let name = DEMO_AI_BASE_NAME;
  for (let n = 2; names.has(name.toLowerCase()); n++) name = `${DEMO_AI_BASE_NAME} ${n}`;

  const created = await call<AiBase>('POST', '/ai-bases', { name, ...DEMO_AI_BASE_INSTRUCTIONS });
  const form = new FormData();
  form.append('file', new Blob([DEMO_KNOWLEDGE_CSV], { type: 'text/csv' }), DEMO_KNOWLEDGE_FILE_NAME);
  const file = await call<KnowledgeFile>('POST', `/ai-bases/${created.id}/files`, form);
  await fileReady(call, created.id, file.id);
  const knowledge = await call<AiBase>('PUT', `/ai-bases/${created.id}/knowledge`, { expectedVersion: created.version });
  await call<AiBase>('PUT', `/ai-bases/${created.id}/refinement`, { ...DEMO_REFINEMENT, expectedVersion: knowledge.version });
  const aiBase = await call<AiBase>('POST', `/ai-bases/${created.id}/activate`);
  return { aiBase, created: true };
}

/** Polls the base's files, as step 2 does, until the uploaded one is read; a failure or the time limit throws. */
async function fileReady(call: Awaited<ReturnType<typeof demoApiCaller>>, baseId: string, fileId: string): Promise<KnowledgeFile> {
  const deadline = Date.now() + FILE_READY_TIMEOUT_MS;
  for (;;) {
    const { files } = await call<{ files: KnowledgeFile[] }>('GET', `/ai-bases/${baseId}/files`);
    const file = files.find((candidate) => candidate.id === fileId);
    if (!file) throw new Error(`the knowledge file ${DEMO_KNOWLEDGE_FILE_NAME} is gone from the AI base`);
    if (file.status === 'ready') return file;
    if (file.status === 'failed')
      throw new Error(`the knowledge file ${DEMO_KNOWLEDGE_FILE_NAME} failed to be read (${file.failureReason})`);
    if (Date.now() > deadline)
      throw new Error(
        `the knowledge file ${DEMO_KNOWLEDGE_FILE_NAME} was not read within ${FILE_READY_TIMEOUT_MS / 1000} s (${file.status})`,
      );
    await sleep(FILE_POLL_MS);
  }
}
