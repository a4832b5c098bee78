// Tags on contacts (domain/contact-tags.ts) and an import's tags (domain/contact-csv.ts): one label is
// one tag however it was typed (case, spaces, Unicode forms, bidirectional controls); the limits are
// refused with their own message ids at the field; a file's tags column splits at `,` and `;`, the
// form's tags join every row's, a bad cell is an issue at the tags column, a repeated number gathers
// its rows' tags; the contact API's schemas take tags through the same checks.
import { describe, expect, test } from 'vitest';
import { contactListQuerySchema, contactValidationMessages, updateContactSchema } from '@/domain/contact';
import { contactImportOptionsSchema, parseContactCsv, type ContactImportOptionsInput } from '@/domain/contact-csv';
import { createContactSchema } from '@/domain/contact-phone';
import {
  CONTACT_TAG_MAX,
  CONTACT_TAGS_MAX,
  contactTagSchema,
  contactTagsSchema,
  contactTagValidation,
  mergedTags,
  normaliseContactTag,
  splitContactTags,
} from '@/domain/contact-tags';

const issuesOf = (result: { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('a tag', () => {
  test('is kept trimmed, with runs of spaces made one, in lower case, NFC, without bidirectional controls', () => {
    expect(normaliseContactTag('  Black \t Friday\n')).toBe('black friday');
    expect(normaliseContactTag('VIP')).toBe('vip');
    // 'ã' typed as a + combining tilde is the same tag as the composed one.
    expect(normaliseContactTag('Sa\u0303o Paulo')).toBe('são paulo');
    expect(normaliseContactTag('atac\u202eado')).toBe('atacado');
    expect(contactTagSchema.parse(' ATACADO ')).toBe('atacado');
  });

  test('empty, too long, or holding a separator or a control character is refused with its message', () => {
    expect(issuesOf(contactTagSchema.safeParse('   '))).toEqual([['', contactTagValidation.empty.id]]);
    expect(contactTagSchema.safeParse('x'.repeat(CONTACT_TAG_MAX)).success).toBe(true);
    expect(issuesOf(contactTagSchema.safeParse('x'.repeat(CONTACT_TAG_MAX + 1)))).toEqual([['', contactTagValidation.tooLong.id]]);
    for (const tag of ['vip, sp', 'vip;sp', 'vip\u0007', 'vip\u0000'])
      expect(issuesOf(contactTagSchema.safeParse(tag))).toEqual([['', contactTagValidation.invalid.id]]);
    // Every message is one the contacts screen translates.
    for (const message of Object.values(contactTagValidation)) expect(contactValidationMessages.get(message.id)).toBe(message);
  });
});

describe("a contact's tags", () => {
  test('are unique whatever the case or spacing, the first spelling kept in its place', () => {
    expect(contactTagsSchema.parse(['VIP', 'Atacado', 'vip ', ' atacado', 'Novo'])).toEqual(['vip', 'atacado', 'novo']);
    expect(mergedTags(['vip', 'sp'], ['rj', 'vip'])).toEqual(['vip', 'sp', 'rj']);
  });

  test(`are ${CONTACT_TAGS_MAX} at most, counted once each`, () => {
    const tags = Array.from({ length: CONTACT_TAGS_MAX }, (_, index) => `tag ${index}`);
    expect(contactTagsSchema.parse([...tags, 'TAG 0'])).toHaveLength(CONTACT_TAGS_MAX);
    expect(issuesOf(contactTagsSchema.safeParse([...tags, 'one more']))).toEqual([['', contactTagValidation.tooMany.id]]);
    expect(issuesOf(contactTagsSchema.safeParse(['ok', '']))).toEqual([['1', contactTagValidation.empty.id]]);
  });

  test('written in one text split at commas and semicolons, blanks and repeats dropped', () => {
    expect(splitContactTags('VIP; black  friday,, ;vip, Atacado ')).toEqual(['vip', 'black friday', 'atacado']);
    expect(splitContactTags('  ')).toEqual([]);
  });

  test('go through the API schemas: a new contact, a change, the list filter', () => {
    const created = createContactSchema.parse({ phone: '+5511987654321', tags: ['VIP', 'vip', 'Atacado'] });
    expect(created.tags).toEqual(['vip', 'atacado']);
    expect(createContactSchema.parse({ phone: '+5511987654321' }).tags).toEqual([]);
    expect(issuesOf(createContactSchema.safeParse({ phone: '+5511987654321', tags: ['a,b'] }))).toEqual([
      ['tags.0', contactTagValidation.invalid.id],
    ]);
    expect(updateContactSchema.parse({ tags: [' Novo '] })).toEqual({ tags: ['novo'] });
    expect(updateContactSchema.parse({ tags: [] })).toEqual({ tags: [] });
    expect(contactListQuerySchema.parse({ tag: ' VIP ' }).tag).toBe('vip');
  });
});

describe("an import's tags", () => {
  const NOW = new Date('2025-05-01T12:00:00.000Z');
  const options = (input: Partial<ContactImportOptionsInput> = {}) => contactImportOptionsSchema.parse({ defaultCountry: 'BR', ...input });

  test('a tags column splits at `,` and `;`; the form’s tags join every row’s', () => {
    const file = 'Telefone;Nome;Etiquetas\n11987654321;Ana;"VIP, Atacado"\n21998765432;Bia;\n31987654321;Caio;novo;vip\n';
    const result = parseContactCsv(file, options({ tags: ['Feira 2025'] }), NOW);
    if (!result.ok) throw new Error(result.refusal);
    expect(result.issues).toEqual([]);
    expect(result.contacts.map((draft) => [draft.name, draft.tags])).toEqual([
      ['Ana', ['vip', 'atacado', 'feira 2025']],
      ['Bia', ['feira 2025']],
      // An unquoted `;` in a `;` file is a new cell: past the header's columns, not a tag.
      ['Caio', ['novo', 'feira 2025']],
    ]);
  });

  test('a file without a tags column gives its contacts none, or the form’s', () => {
    const file = 'phone,name\n11987654321,Ana\n';
    const plain = parseContactCsv(file, options(), NOW);
    const tagged = parseContactCsv(file, options({ tags: ['Clientes antigos'] }), NOW);
    expect(plain.ok && plain.contacts[0]!.tags).toEqual([]);
    expect(tagged.ok && tagged.contacts[0]!.tags).toEqual(['clientes antigos']);
  });

  test('a cell with a tag too long, or too many tags, is an issue at the tags column; the other rows are taken', () => {
    const many = Array.from({ length: CONTACT_TAGS_MAX + 1 }, (_, index) => `t${index}`).join(';');
    const file = `phone,tags\n11987654321,${'x'.repeat(CONTACT_TAG_MAX + 1)}\n11987654322,"${many}"\n11987654323,ok\n`;
    const result = parseContactCsv(file, options(), NOW);
    if (!result.ok) throw new Error(result.refusal);
    expect(result.issues.map((issue) => [issue.row, issue.column, issue.message.id])).toEqual([
      [2, 'tags', contactTagValidation.tooLong.id],
      [3, 'tags', contactTagValidation.tooMany.id],
    ]);
    expect(result.contacts.map((draft) => draft.tags)).toEqual([['ok']]);
  });

  test('a number repeated in the file gathers its rows’ tags', () => {
    const file = 'phone,tags\n11987654321,vip\n(11) 98765-4321,"atacado, VIP"\n';
    const result = parseContactCsv(file, options(), NOW);
    expect(result.ok && result.contacts.map((draft) => draft.tags)).toEqual([['vip', 'atacado']]);
  });

  test('the form’s tags are checked as a contact’s are, at the tags field', () => {
    expect(issuesOf(contactImportOptionsSchema.safeParse({ defaultCountry: 'BR', tags: ['ok', 'a;b'] }))).toEqual([
      ['tags.1', contactTagValidation.invalid.id],
    ]);
  });
});
