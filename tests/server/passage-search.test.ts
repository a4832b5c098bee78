// Passage search (server/knowledge/passage-search.ts) on the test database, as the answerers call
// it: accents folded on both sides, a table row's column names not searchable, rare words finding
// and outranking common ones, a common word found by reading rows, stop words that lose their
// accent ignored, and the counts it ranks by kept per file (gone with it, following the base's
// language). Another account's passages, with the same words, are never found.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import type { AiBaseLanguage } from '@/domain/ai-base';
import { textSearchConfigs } from '@/domain/knowledge';
import { productFacts, type ProductFacts } from '@/domain/knowledge-columns';
import { accounts } from '@/server/accounts/account-tables';
import { aiBases } from '@/server/ai-bases/ai-base-tables';
import { knowledgeFiles, passageLexemes } from '@/server/knowledge/knowledge-tables';
import { SEARCH_CANDIDATES } from '@/server/knowledge/passage-search';
import { knowledgeStore } from '@/server/knowledge/knowledge-store';
import { testDatabase } from './support/test-database';

const product = (name: string, priceMinor: number) => productFacts(name, priceMinor, { currency: 'BRL' });

type Row = { content: string; facts?: ProductFacts | null };

/** An account with one base in `language` and one ready file of `rows` ("row 2", "row 3"…). */
async function baseWith(rows: readonly Row[], language: AiBaseLanguage = 'pt_br') {
  const { db } = await testDatabase();
  const uid = `search-${randomUUID()}`;
  await db.insert(accounts).values({ uid, email: null, plan: 'enterprise' });
  const [base] = await db
    .insert(aiBases)
    .values({
      uid,
      name: 'Busca',
      function: 'seller',
      language,
      voiceTone: 'default',
      personalized: false,
      creativity: 3,
      model: 'builtin-retrieval',
    })
    .returning();
  const [file] = await db
    .insert(knowledgeFiles)
    .values({
      baseId: base!.id,
      uid,
      originalName: 'catalogo.csv',
      kind: 'csv',
      sizeBytes: 1,
      storedPath: 'uploads/test/none',
      status: 'processing',
    })
    .returning();
  const store = knowledgeStore(db);
  const passages = rows.map((row, index) => ({ source: `row ${index + 2}`, content: row.content, facts: row.facts ?? null }));
  for (let at = 0; at < passages.length; at += 500)
    await store.addPassages(file!, textSearchConfigs[language], at, passages.slice(at, at + 500), 0);
  await store.finish(file!.id);
  const search = async (q: string, match: 'any' | 'all' = 'any', limit = 10) =>
    (await store.search(uid, { id: base!.id, language }, q, { limit, match })).map((found) => found.source);
  return { uid, base: base!, file: file!, search };
}

const productRow = (name: string, price: string, description = 'Produto da loja') => ({
  content: `Nome do Produto: ${name}\nPreço: ${price}\nDescrição: ${description}`,
  facts: product(name, Math.round(Number(price.replace(',', '.')) * 100)),
});

describe('passage search', () => {
  test('accents do not matter, either way; column names are not searchable', async () => {
    const { search } = await baseWith([productRow('Caneca de Cerâmica 350 ml', '39,00'), productRow('Garrafa Termica 750 ml', '119,90')]);
    expect(await search('caneca ceramica')).toEqual(['row 2']);
    expect(await search('CERÂMICA')).toEqual(['row 2']);
    expect(await search('garrafa térmica')).toEqual(['row 3']);
    // 'Preço', 'Descrição' and 'Nome do Produto' are in every row as column names: not what a row says.
    expect(await search('preço')).toEqual([]);
    expect(await search('qual o preço da garrafa?')).toEqual(['row 3']);
  });

  test('a rare word finds its row and outranks a common one; a name counts over a description', async () => {
    const mice = Array.from({ length: 300 }, (_, n) => productRow(`Mouse Óptico M${n + 100}`, '20,00'));
    const rows = [
      ...mice,
      productRow('Teclado sem fio', '99,00', 'Combina com o mouse E50'),
      productRow('Mouse sem fio E50 Grey', '20,96'),
    ];
    const { search } = await baseWith(rows);
    expect((await search('quanto custa o mouse E50?')).slice(0, 2)).toEqual(['row 303', 'row 302']);
    expect(await search('mouse', 'any', 10)).toHaveLength(10);
    expect((await search('M250')).at(0)).toBe('row 152');
  });

  test(`a word in most rows (past ${SEARCH_CANDIDATES} candidates) still lets a rarer one through, and match=all wants every word`, async () => {
    const shirts = Array.from({ length: SEARCH_CANDIDATES * 3 }, (_, n) =>
      productRow(`Camiseta básica ${n % 2 ? 'preta' : 'branca'} ${n}`, '59,90'),
    );
    const { search } = await baseWith([...shirts, productRow('Camiseta azul marinho Z77', '79,90')]);
    const last = `row ${shirts.length + 2}`;
    expect((await search('camiseta azul Z77')).at(0)).toBe(last);
    expect((await search('camiseta azul')).at(0)).toBe(last);
    expect(await search('camiseta')).toHaveLength(10);
    expect(await search('camiseta azul', 'all')).toEqual([last]);
    expect(await search('camiseta verde', 'all')).toEqual([]);
    expect(await search('camisetas pretas', 'all', 50)).toHaveLength(50);
    // One common word is the same question in either mode: 50 black shirts (odd n, so odd rows) both ways.
    const black = await search('pretas', 'all', 50);
    expect(black).toEqual(await search('pretas', 'any', 50));
    expect(black.filter((label) => Number(label.slice('row '.length)) % 2 === 1)).toHaveLength(50);
  });

  test('stop words that lose their accent are ignored; another account’s passages are never found', async () => {
    const faq = [{ content: 'Pergunta: Vocês entregam no sábado?\nResposta: Sim, também aos domingos.' }];
    const { search } = await baseWith(faq);
    const other = await baseWith([{ content: 'Pergunta: Vocês vendem bicicletas elétricas?\nResposta: Sim.' }]);
    for (const q of ['Vocês vendem bicicletas?', 'voces vendem bicicletas', 'também', 'nao']) expect(await search(q), q).toEqual([]);
    expect(await search('entregam sábado')).toEqual(['row 2']);
    expect(await other.search('bicicletas')).toEqual(['row 2']);
  });

  test("a big file's word counts, made a slice at a time, are the whole file's, and the same when it is finished again", async () => {
    const { db } = await testDatabase();
    const rows = Array.from({ length: 4_500 }, (_, n) => productRow(`Camiseta ${n % 3 ? 'preta' : 'branca'} ${n}`, '59,90'));
    const { file } = await baseWith(rows);
    const counts = async () =>
      Object.fromEntries(
        (await db.select().from(passageLexemes).where(eq(passageLexemes.fileId, file.id))).map((row) => [row.lexeme, row.passages]),
      );
    const sliced = await counts();
    expect(sliced).toMatchObject({ camiset: 4_500, pret: 3_000, branc: 1_500 });
    expect(sliced).not.toHaveProperty('4499'); // in one passage: not written (search reads it as one)
    // The same file counted whole, in one statement (the function the base's language change runs).
    await db.execute(sql`select passage_lexemes_refresh(${file.id}::uuid)`);
    expect(await counts()).toEqual(sliced);
    await knowledgeStore(db).finish(file.id);
    expect(await counts()).toEqual(sliced);
  });

  test('a word in one passage is not counted, yet found and ranked first; a word the base lacks finds nothing', async () => {
    const { db } = await testDatabase();
    const shirts = Array.from({ length: SEARCH_CANDIDATES * 3 }, (_, n) =>
      productRow(`Camiseta ${n % 2 ? 'preta' : 'branca'} K${n}`, '59,90'),
    );
    const { file, search } = await baseWith(shirts);
    const counted = (await db.select().from(passageLexemes).where(eq(passageLexemes.fileId, file.id))).map((row) => row.lexeme);
    expect(counted).toEqual(expect.arrayContaining(['camiset', 'pret', 'branc']));
    expect(counted).not.toContain('k17');
    expect(await search('K17')).toEqual(['row 19']);
    expect((await search('camiseta preta K17')).at(0)).toBe('row 19');
    expect(await search('camiseta preta K17', 'all')).toEqual(['row 19']);
    expect(await search('camiseta branca K17', 'all')).toEqual([]);
    for (const match of ['any', 'all'] as const) expect(await search('K99999', match)).toEqual([]);
    // A misspelt word beside common ones: the rows holding the common ones still come, both first.
    const found = await search('camiseta preta pretta');
    expect(found).toHaveLength(10);
    for (const source of found) expect(Number(source.slice(4)) % 2, source).toBe(1);
  });

  test("a base's language changed while a file's words are counted: they are counted again in the new one", async () => {
    const { db } = await testDatabase();
    const uid = `search-${randomUUID()}`;
    await db.insert(accounts).values({ uid, email: null, plan: 'enterprise' });
    const [base] = await db
      .insert(aiBases)
      .values({
        uid,
        name: 'Busca',
        function: 'seller',
        language: 'en_us',
        voiceTone: 'default',
        personalized: false,
        creativity: 3,
        model: 'builtin-retrieval',
      })
      .returning();
    const [file] = await db
      .insert(knowledgeFiles)
      .values({
        baseId: base!.id,
        uid,
        originalName: 'faq.csv',
        kind: 'csv',
        sizeBytes: 1,
        storedPath: 'uploads/test/none',
        status: 'processing',
      })
      .returning();
    // Two passages with each word: a word in one passage only is not counted.
    const rows = ['row 2', 'row 3'].map((source) => ({
      source,
      content: 'Question: Do you ship running shoes?\nAnswer: We ship everywhere.',
    }));
    await knowledgeStore(db).addPassages(file!, textSearchConfigs.en_us, 0, rows, 0);
    // The merchant switches the base to Spanish right as the first slice is counted.
    let switched = false;
    const switching = new Proxy(db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return async (...args: Parameters<typeof db.execute>) => {
          const answer = await target.execute(...args);
          if (!switched) {
            switched = true;
            await target.update(aiBases).set({ language: 'es' }).where(eq(aiBases.id, base!.id));
          }
          return answer;
        };
      },
    });
    await knowledgeStore(switching).finish(file!.id);
    expect(switched).toBe(true);
    const lexemes = (await db.select().from(passageLexemes).where(eq(passageLexemes.fileId, file!.id))).map((row) => row.lexeme);
    // Spanish leaves English words whole ('running'); English stems them ('run').
    expect(lexemes).toContain('running');
    expect(lexemes).not.toContain('run');
  });

  test("the word counts go with their file, and follow the base's language", async () => {
    const { db } = await testDatabase();
    const { base, file, search } = await baseWith(
      [
        { content: 'Question: Do you ship running shoes?\nAnswer: We ship everywhere.' },
        { content: 'Question: Are running shoes on sale?\nAnswer: Some of them.' },
      ],
      'en_us',
    );
    const counts = async () =>
      (await db.select({ lexeme: passageLexemes.lexeme }).from(passageLexemes).where(eq(passageLexemes.fileId, file.id))).map(
        (row) => row.lexeme,
      );
    expect(await counts()).toContain('run');
    expect((await search('runs')).sort()).toEqual(['row 2', 'row 3']);
    await db.update(aiBases).set({ language: 'es' }).where(eq(aiBases.id, base.id));
    expect(await counts()).toContain('running');
    await db.delete(knowledgeFiles).where(eq(knowledgeFiles.id, file.id));
    expect(await counts()).toEqual([]);
  });
});
