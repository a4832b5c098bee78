// WhatsApp message templates (domain/message-template.ts) as the editor, the API and the sender rely
// on them: each of Meta's rules at its limit and one past it, reported at its field; the same issues
// from the API's schema; variables filled or reported missing; the exact Graph bodies for creating
// and sending; a Graph list entry read back as the draft that made it; Meta's refusals by field.
import { describe, expect, test } from 'vitest';
import {
  COUPON_CODE_VARIABLE,
  fillTemplate,
  fromGraphTemplate,
  localeTemplateLanguages,
  templateCategoryOf,
  templateDraftIssues,
  templateDraftSchema,
  templateLanguageLocales,
  templateLanguages,
  templateQualityOf,
  templateRefusalMessages,
  templateRefusalOf,
  templateStatusOf,
  templateValidation as v,
  templateValidationMessages,
  toGraphSendComponents,
  toGraphTemplate,
  variablesOf,
  type TemplateContent,
  type TemplateDraft,
} from '@/domain/message-template';

const body = 'Oi, {{first_name}}! Seu pedido {{order_number}} foi confirmado e já está sendo preparado.';
const content = (parts: Partial<TemplateContent> = {}): TemplateContent => ({
  header: { type: 'none' },
  body,
  footer: '',
  buttons: [],
  examples: { first_name: 'Ana', order_number: '#1042' },
  ...parts,
});
const draft = (parts: Partial<TemplateDraft> = {}, pt: Partial<TemplateContent> = {}): TemplateDraft => ({
  name: 'order_update',
  category: 'MARKETING',
  languages: { pt_BR: content(pt) },
  ...parts,
});

/** Each field's message id, as a form shows them. */
const fieldsOf = (input: TemplateDraft) => Object.fromEntries(templateDraftIssues(input).map((issue) => [issue.field, issue.message.id]));
/** The issues of one language's content. */
const issuesOf = (pt: Partial<TemplateContent>, category: TemplateDraft['category'] = 'MARKETING') => fieldsOf(draft({ category }, pt));
const at = (field: string) => `languages.pt_BR.${field}`;

describe('the draft’s name, category and languages', () => {
  test('a complete draft has no issue', () => {
    expect(templateDraftIssues(draft())).toEqual([]);
  });

  test('a name is lowercase letters, digits and underscores, up to 512 characters', () => {
    expect(fieldsOf(draft({ name: 'order_update_2' }))).toEqual({});
    expect(fieldsOf(draft({ name: ' ' }))).toEqual({ name: v.nameRequired.id });
    for (const name of ['Order_update', 'order-update', 'order update', 'pedido_ção'])
      expect(fieldsOf(draft({ name }))).toEqual({ name: v.nameInvalid.id });
    expect(fieldsOf(draft({ name: 'a'.repeat(512) }))).toEqual({});
    expect(fieldsOf(draft({ name: 'a'.repeat(513) }))).toEqual({ name: v.nameTooLong.id });
  });

  test('the editor makes marketing and utility templates, in one language at least', () => {
    expect(fieldsOf(draft({ category: 'UTILITY' }))).toEqual({});
    expect(fieldsOf(draft({ category: 'AUTHENTICATION' }))).toEqual({ category: v.categoryInvalid.id });
    expect(fieldsOf(draft({ languages: {} }))).toEqual({ languages: v.languagesRequired.id });
  });

  test('every language uses the same variables, so one set of values fills each', () => {
    const es = content({ body: '¡Hola, {{first_name}}! Tu pedido {{order_number}} ya fue confirmado y lo estamos preparando.' });
    expect(fieldsOf(draft({ languages: { pt_BR: content(), es } }))).toEqual({});
    const esWithout = content({ body: '¡Hola, {{first_name}}! Tu pedido ya fue confirmado y lo estamos preparando con cariño.' });
    expect(fieldsOf(draft({ languages: { pt_BR: content(), es: esWithout } }))).toEqual({ 'languages.es': v.variablesDiffer.id });
  });
});

describe('the header', () => {
  const header = (text: string) =>
    issuesOf({ header: { type: 'text', text }, examples: { first_name: 'Ana', order_number: '#1042', sale: 'Black Friday' } });

  test('a text header has at most 60 characters and one variable', () => {
    expect(header('a'.repeat(60))).toEqual({});
    expect(header('a'.repeat(61))).toEqual({ [at('header.text')]: v.headerTooLong.id });
    expect(header('Chegou a {{sale}}')).toEqual({});
    expect(header('{{sale}} de {{first_name}}')).toEqual({ [at('header.text')]: v.headerOneVariable.id });
    expect(header(' ')).toEqual({ [at('header.text')]: v.headerTextRequired.id });
  });

  test('a text header is one line of plain text; a variable’s underscore is not formatting', () => {
    expect(header('Pedido {{order_number}} confirmado')).toEqual({});
    expect(header('Quatro    espaços')).toEqual({});
    for (const text of ['Linha\nquebrada', 'Com\ttab', 'Cinco     espaços', 'Presente 🎁', '*Oferta*', 'a_b', '~riscado~', '`código`'])
      expect(header(text)).toEqual({ [at('header.text')]: v.headerPlainText.id });
  });

  test('a header variable needs its example like any other', () => {
    expect(issuesOf({ header: { type: 'text', text: 'Chegou a {{sale}}' } })).toEqual({ [at('examples.sale')]: v.exampleRequired.id });
  });

  test('an image header gives the address of its example image', () => {
    expect(issuesOf({ header: { type: 'image', url: 'https://cdn.shopify.com/s/files/banner.jpg' } })).toEqual({});
    for (const url of ['', 'banner.jpg', 'ftp://cdn.example.com/banner.jpg', 'https://cdn example.com/a.jpg'])
      expect(issuesOf({ header: { type: 'image', url } })).toEqual({ [at('header.url')]: v.imageUrlInvalid.id });
  });
});

describe('the body', () => {
  const words = (count: number) => Array.from({ length: count }, (_, i) => `palavra${i}`).join(' ');

  test('up to 1,024 characters, not empty', () => {
    const [start, end] = ['Oi, {{first_name}}! Seu pedido ', ' e {{order_number}} chegaram.'];
    const filler = (length: number) => start + 'a'.repeat(length - start.length - end.length) + end;
    expect(filler(1024)).toHaveLength(1024);
    expect(issuesOf({ body: filler(1024) })).toEqual({});
    expect(issuesOf({ body: filler(1025) })).toEqual({ [at('body')]: v.bodyTooLong.id });
    expect(issuesOf({ body: '  ' })).toEqual({ [at('body')]: v.bodyRequired.id });
  });

  test('no variable at the very start or end, punctuation and emoji around it included', () => {
    const examples = { a: 'x', b: 'y' };
    expect(issuesOf({ body: `{{a}} ${words(6)} {{b}} fim`, examples })).toEqual({ [at('body')]: v.variableAtEdge.id });
    expect(issuesOf({ body: `início ${words(6)} {{a}}`, examples })).toEqual({ [at('body')]: v.variableAtEdge.id });
    expect(issuesOf({ body: `início ${words(6)} {{a}}.`, examples })).toEqual({ [at('body')]: v.variableAtEdge.id });
    expect(issuesOf({ body: `¡{{a}}! ${words(6)}`, examples })).toEqual({ [at('body')]: v.variableAtEdge.id });
    expect(issuesOf({ body: `início ${words(6)} {{a}} 🎉`, examples })).toEqual({ [at('body')]: v.variableAtEdge.id });
    expect(issuesOf({ body: `início ${words(6)} {{a}} fim.`, examples })).toEqual({});
  });

  test('words between two variables', () => {
    const examples = { a: 'x', b: 'y' };
    for (const between of [' ', '', ', ', ' – '])
      expect(issuesOf({ body: `Oi ${words(6)} {{a}}${between}{{b}} fim`, examples })).toEqual({ [at('body')]: v.variablesAdjacent.id });
    expect(issuesOf({ body: `Oi ${words(6)} {{a}} e {{b}} fim`, examples })).toEqual({});
  });

  test('at least 2n + 1 words besides n variables', () => {
    const examples = { a: 'x', b: 'y' };
    // Two variables need five words.
    expect(issuesOf({ body: 'Oi {{a}}, seu pedido {{b}} chegou hoje.', examples })).toEqual({});
    expect(issuesOf({ body: 'Oi {{a}}, seu {{b}} chegou hoje.', examples })).toEqual({ [at('body')]: v.tooManyVariables.id });
    // Punctuation alone is not a word.
    expect(issuesOf({ body: 'Oi {{a}}, seu {{b}} chegou hoje — !', examples })).toEqual({ [at('body')]: v.tooManyVariables.id });
  });

  test('variables are well-formed lowercase names, each used once', () => {
    for (const written of ['{{First_name}}', '{{ first_name }}', '{{1}}', '{{first name}}', '{{_first}}', '{first_name}}', '{{first_name}'])
      expect(issuesOf({ body: `Oi ${written}, ${words(6)}` })).toEqual({ [at('body')]: v.variableMalformed.id });
    expect(issuesOf({ body: `Oi {{first_name}}, ${words(6)} {{first_name}} fim` })).toEqual({ [at('body')]: v.variableRepeated.id });
  });
});

describe('the footer', () => {
  test('up to 60 characters, without variables', () => {
    expect(issuesOf({ footer: 'a'.repeat(60) })).toEqual({});
    expect(issuesOf({ footer: 'a'.repeat(61) })).toEqual({ [at('footer')]: v.footerTooLong.id });
    expect(issuesOf({ footer: 'Pedido {{order_number}}' })).toEqual({ [at('footer')]: v.footerNoVariables.id });
  });
});

describe('the buttons', () => {
  const reply = (text: string) => ({ type: 'quick_reply', text }) as const;
  const link = (url: string, text = 'Ver pedido') => ({ type: 'url', text, url }) as const;
  const replies = (count: number) => Array.from({ length: count }, (_, i) => reply(`Opção ${i + 1}`));

  test('at most 10 in all, 2 links, 1 call, 1 copy code', () => {
    expect(issuesOf({ buttons: replies(10) })).toEqual({});
    expect(issuesOf({ buttons: replies(11) })).toEqual({ [at('buttons')]: v.tooManyButtons.id });
    const links = [link('https://loja.com.br/a', 'A'), link('https://loja.com.br/b', 'B')];
    expect(issuesOf({ buttons: links })).toEqual({});
    expect(issuesOf({ buttons: [...links, link('https://loja.com.br/c', 'C')] })).toEqual({ [at('buttons')]: v.tooManyUrlButtons.id });
    const call = (text: string) => ({ type: 'phone_number', text, phoneNumber: '+5511912345678' }) as const;
    expect(issuesOf({ buttons: [call('Ligar')] })).toEqual({});
    expect(issuesOf({ buttons: [call('Ligar'), call('Ligar já')] })).toEqual({ [at('buttons')]: v.tooManyPhoneButtons.id });
    const examples = { first_name: 'Ana', order_number: '#1042', [COUPON_CODE_VARIABLE]: 'VOLTA10' };
    expect(issuesOf({ buttons: [{ type: 'copy_code' }], examples })).toEqual({});
    expect(issuesOf({ buttons: [{ type: 'copy_code' }, { type: 'copy_code' }], examples })).toEqual({
      [at('buttons')]: v.tooManyCopyCodeButtons.id,
    });
  });

  test('quick replies stay in one group, before or after the others', () => {
    const url = link('https://loja.com.br/pedidos');
    expect(issuesOf({ buttons: [reply('Sim'), reply('Não'), url] })).toEqual({});
    expect(issuesOf({ buttons: [url, reply('Sim'), reply('Não')] })).toEqual({});
    expect(issuesOf({ buttons: [reply('Sim'), url, reply('Não')] })).toEqual({ [at('buttons')]: v.quickRepliesApart.id });
  });

  test('a button’s text: up to 25 characters, not empty, not another button’s', () => {
    expect(issuesOf({ buttons: [reply('a'.repeat(25))] })).toEqual({});
    expect(issuesOf({ buttons: [reply('a'.repeat(26))] })).toEqual({ [at('buttons.0.text')]: v.buttonTextTooLong.id });
    expect(issuesOf({ buttons: [reply(' ')] })).toEqual({ [at('buttons.0.text')]: v.buttonTextRequired.id });
    expect(issuesOf({ buttons: [reply('Sim'), reply('Sim')] })).toEqual({ [at('buttons.1.text')]: v.buttonTextRepeated.id });
  });

  test('a link: a full address up to 2,000 characters', () => {
    const base = 'https://loja.com.br/';
    expect(issuesOf({ buttons: [link(base + 'a'.repeat(2000 - base.length))] })).toEqual({});
    expect(issuesOf({ buttons: [link(base + 'a'.repeat(2001 - base.length))] })).toEqual({ [at('buttons.0.url')]: v.urlTooLong.id });
    for (const url of ['', 'loja.com.br/pedidos', 'https://loja', 'mailto:oi@loja.com.br', 'https://loja.com.br/a b'])
      expect(issuesOf({ buttons: [link(url)] })).toEqual({ [at('buttons.0.url')]: v.urlInvalid.id });
  });

  test('a link may end with its button’s variable, after a fixed address', () => {
    const examples = { first_name: 'Ana', order_number: '#1042', url_suffix_1: '1042', url_suffix_2: 'AB123' };
    expect(issuesOf({ buttons: [link('https://loja.com.br/pedidos/{{url_suffix_1}}')], examples })).toEqual({});
    expect(issuesOf({ buttons: [link('https://loja.com.br/p?id={{url_suffix_1}}')], examples })).toEqual({});
    expect(
      issuesOf({
        buttons: [
          link('https://loja.com.br/pedidos/{{url_suffix_1}}', 'Pedido'),
          link('https://rastreio.com.br/{{url_suffix_2}}', 'Rastreio'),
        ],
        examples,
      }),
    ).toEqual({});
    const refused = (url: string) => issuesOf({ buttons: [link(url)], examples });
    expect(refused('https://loja.com.br/{{url_suffix_1}}/detalhes')).toEqual({ [at('buttons.0.url')]: v.urlVariable.id });
    expect(refused('https://loja.com.br/{{order_number}}')).toEqual({ [at('buttons.0.url')]: v.urlVariable.id });
    expect(refused('https://loja.com.br/{{url_suffix_2}}')).toEqual({ [at('buttons.0.url')]: v.urlVariable.id });
    expect(refused('https://loja.com.br/{{url_suffix_1}}{{url_suffix_1}}')).toEqual({ [at('buttons.0.url')]: v.urlVariable.id });
    // The variable may never be part of the domain.
    expect(refused('https://{{url_suffix_1}}')).toEqual({ [at('buttons.0.url')]: v.urlInvalid.id });
    expect(refused('https://loja.com.br{{url_suffix_1}}')).toEqual({ [at('buttons.0.url')]: v.urlInvalid.id });
  });

  test('a link’s ending and a copy code need examples of their own', () => {
    const buttons = [link('https://loja.com.br/pedidos/{{url_suffix_1}}'), { type: 'copy_code' } as const];
    const examples = (extra: Record<string, string>) => ({ first_name: 'Ana', order_number: '#1042', ...extra });
    expect(issuesOf({ buttons, examples: examples({}) })).toEqual({
      [at('examples.url_suffix_1')]: v.exampleRequired.id,
      [at('examples.coupon_code')]: v.exampleRequired.id,
    });
    expect(issuesOf({ buttons, examples: examples({ url_suffix_1: '10 42', coupon_code: 'A'.repeat(15) }) })).toEqual({
      [at('examples.url_suffix_1')]: v.urlSuffixInvalid.id,
    });
    expect(issuesOf({ buttons, examples: examples({ url_suffix_1: '1042', coupon_code: 'A'.repeat(16) }) })).toEqual({
      [at('examples.coupon_code')]: v.couponCodeTooLong.id,
    });
  });

  test('a copy-code button belongs in a marketing template', () => {
    const examples = { first_name: 'Ana', order_number: '#1042', coupon_code: 'VOLTA10' };
    expect(issuesOf({ buttons: [{ type: 'copy_code' }], examples }, 'UTILITY')).toEqual({ [at('buttons.0')]: v.copyCodeMarketingOnly.id });
  });

  test('a call button’s number has its country code', () => {
    const call = (phoneNumber: string) => issuesOf({ buttons: [{ type: 'phone_number', text: 'Ligar', phoneNumber }] });
    expect(call('5511912345678')).toEqual({});
    for (const phoneNumber of ['', '+55 11 91234-5678', '12345', '+'.padEnd(21, '1')])
      expect(call(phoneNumber)).toEqual({ [at('buttons.0.phoneNumber')]: v.phoneNumberInvalid.id });
  });
});

describe('examples', () => {
  test('every variable has a one-line example; unused examples are ignored', () => {
    expect(issuesOf({ examples: { first_name: 'Ana', order_number: '#1042', leftover: '' } })).toEqual({});
    expect(issuesOf({ examples: { first_name: ' ' } })).toEqual({
      [at('examples.first_name')]: v.exampleRequired.id,
      [at('examples.order_number')]: v.exampleRequired.id,
    });
    expect(issuesOf({ examples: { first_name: 'Ana\nMaria', order_number: '#1042' } })).toEqual({
      [at('examples.first_name')]: v.exampleInvalid.id,
    });
    expect(issuesOf({ examples: { first_name: 'Ana     Maria', order_number: '#1042' } })).toEqual({
      [at('examples.first_name')]: v.exampleInvalid.id,
    });
    expect(issuesOf({ examples: { first_name: 'Ana    Maria', order_number: '#1042' } })).toEqual({});
  });
});

describe('the API’s schema', () => {
  test('it trims, fills defaults and passes a good draft', () => {
    const input = {
      name: ' order_update ',
      category: 'UTILITY',
      languages: { pt_BR: { body: ` ${body} `, examples: { first_name: 'Ana', order_number: '#1' } } },
    };
    expect(templateDraftSchema.parse(input)).toEqual({
      name: 'order_update',
      category: 'UTILITY',
      languages: {
        pt_BR: { header: { type: 'none' }, body, footer: '', buttons: [], examples: { first_name: 'Ana', order_number: '#1' } },
      },
    });
  });

  test('it reports the same issues at the same paths, as message ids', () => {
    const bad = draft(
      { name: 'Bad Name' },
      { footer: '{{x}}', buttons: [{ type: 'quick_reply', text: 'a'.repeat(26) }], examples: { first_name: 'Ana' } },
    );
    const result = templateDraftSchema.safeParse(bad);
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => ({ path: issue.path, message: issue.message }));
    expect(issues).toEqual([
      { path: ['name'], message: v.nameInvalid.id },
      { path: ['languages', 'pt_BR', 'footer'], message: v.footerNoVariables.id },
      { path: ['languages', 'pt_BR', 'buttons', 0, 'text'], message: v.buttonTextTooLong.id },
      { path: ['languages', 'pt_BR', 'examples', 'order_number'], message: v.exampleRequired.id },
    ]);
    expect(issues?.map((issue) => issue.path.join('.'))).toEqual(templateDraftIssues(bad).map((issue) => issue.field));
  });

  test('it refuses characters that cannot be stored, and languages we do not offer', () => {
    expect(templateDraftSchema.safeParse(draft({}, { footer: 'a\u0000b' })).error?.issues[0]?.message).toBe(v.unstorable.id);
    expect(templateDraftSchema.safeParse({ ...draft(), languages: { fr: content() } }).success).toBe(false);
  });

  test('every message can be translated back from its id', () => {
    for (const descriptor of [...Object.values(v), ...Object.values(templateRefusalMessages)])
      expect(templateValidationMessages.get(descriptor.id)).toBe(descriptor);
  });
});

describe('variables and filling', () => {
  test('variablesOf lists named variables in order of first use, each once', () => {
    expect(variablesOf('Oi {{first_name}}, pedido {{order_number}} de {{first_name}}; {{ bad }} {{Bad}}')).toEqual([
      'first_name',
      'order_number',
    ]);
    expect(variablesOf('Sem variáveis')).toEqual([]);
  });

  const full = content({
    header: { type: 'text', text: 'Pedido {{order_number}}' },
    footer: 'Loja Casa da Terra',
    buttons: [
      { type: 'url', text: 'Ver pedido', url: 'https://loja.com.br/pedidos/{{url_suffix_1}}' },
      { type: 'copy_code' },
      { type: 'quick_reply', text: 'Parar promoções' },
    ],
  });

  test('a filled template is what the shopper reads, buttons included', () => {
    const filled = fillTemplate(full, {
      first_name: 'Ana',
      order_number: '#1042',
      url_suffix_1: '1042',
      coupon_code: 'VOLTA10',
      extra: 'ignored',
    });
    expect(filled).toEqual({
      ok: true,
      message: {
        header: 'Pedido #1042',
        imageUrl: null,
        body: 'Oi, Ana! Seu pedido #1042 foi confirmado e já está sendo preparado.',
        footer: 'Loja Casa da Terra',
        buttons: [
          { type: 'url', text: 'Ver pedido', url: 'https://loja.com.br/pedidos/1042' },
          { type: 'copy_code', code: 'VOLTA10' },
          { type: 'quick_reply', text: 'Parar promoções' },
        ],
      },
    });
  });

  test('a value is sent on one line, as Meta takes a parameter', () => {
    const filled = fillTemplate(content(), { first_name: ' Ana\n\tMaria      Souza ', order_number: '#1042' });
    expect(filled.ok && filled.message.body).toBe('Oi, Ana Maria Souza! Seu pedido #1042 foi confirmado e já está sendo preparado.');
  });

  test('a send is refused with every variable left empty or blank', () => {
    expect(fillTemplate(full, { first_name: 'Ana', order_number: '  ' })).toEqual({
      ok: false,
      missing: ['order_number', 'url_suffix_1', 'coupon_code'],
    });
  });
});

describe('the Graph API', () => {
  const complete: TemplateDraft = {
    name: 'order_ready',
    category: 'MARKETING',
    languages: {
      pt_BR: {
        header: { type: 'text', text: 'Pedido {{order_number}} pronto' },
        body: 'Oi, {{first_name}}! Seu pedido já pode ser retirado. Use o cupom {{coupon_code}} na próxima compra.',
        footer: 'Casa da Terra',
        buttons: [
          { type: 'quick_reply', text: 'Parar promoções' },
          { type: 'url', text: 'Ver pedido', url: 'https://loja.com.br/pedidos/{{url_suffix_1}}' },
          { type: 'url', text: 'Nossa loja', url: 'https://loja.com.br' },
          { type: 'phone_number', text: 'Ligar para a loja', phoneNumber: '+5511912345678' },
          { type: 'copy_code' },
        ],
        examples: { order_number: '#1042', first_name: 'Ana', coupon_code: 'VOLTA10', url_suffix_1: '1042' },
      },
    },
  };

  test('the draft is valid', () => {
    expect(templateDraftIssues(complete)).toEqual([]);
  });

  test('a language as the body of POST /{waba-id}/message_templates', () => {
    expect(toGraphTemplate(complete, 'pt_BR')).toEqual({
      name: 'order_ready',
      language: 'pt_BR',
      category: 'MARKETING',
      parameter_format: 'NAMED',
      components: [
        {
          type: 'HEADER',
          format: 'TEXT',
          text: 'Pedido {{order_number}} pronto',
          example: { header_text_named_params: [{ param_name: 'order_number', example: '#1042' }] },
        },
        {
          type: 'BODY',
          text: 'Oi, {{first_name}}! Seu pedido já pode ser retirado. Use o cupom {{coupon_code}} na próxima compra.',
          example: {
            body_text_named_params: [
              { param_name: 'first_name', example: 'Ana' },
              { param_name: 'coupon_code', example: 'VOLTA10' },
            ],
          },
        },
        { type: 'FOOTER', text: 'Casa da Terra' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: 'Parar promoções' },
            { type: 'URL', text: 'Ver pedido', url: 'https://loja.com.br/pedidos/{{1}}', example: ['https://loja.com.br/pedidos/1042'] },
            { type: 'URL', text: 'Nossa loja', url: 'https://loja.com.br' },
            { type: 'PHONE_NUMBER', text: 'Ligar para a loja', phone_number: '+5511912345678' },
            { type: 'COPY_CODE', example: 'VOLTA10' },
          ],
        },
      ],
    });
  });

  test('no header, footer or buttons: only the body goes; an image header goes as its uploaded handle', () => {
    expect(toGraphTemplate(draft(), 'pt_BR').components).toEqual([
      {
        type: 'BODY',
        text: body,
        example: {
          body_text_named_params: [
            { param_name: 'first_name', example: 'Ana' },
            { param_name: 'order_number', example: '#1042' },
          ],
        },
      },
    ]);
    const withImage = draft({}, { header: { type: 'image', url: 'https://cdn.shopify.com/banner.jpg' } });
    expect(toGraphTemplate(withImage, 'pt_BR', { headerHandle: '4::aW1hZ2U=' }).components[0]).toEqual({
      type: 'HEADER',
      format: 'IMAGE',
      example: { header_handle: ['4::aW1hZ2U='] },
    });
    expect(() => toGraphTemplate(withImage, 'pt_BR')).toThrow();
    expect(() => toGraphTemplate(draft(), 'es')).toThrow();
  });

  test('an entry of GET /{waba-id}/message_templates reads back as the draft that made it', () => {
    const entry = {
      ...toGraphTemplate(complete, 'pt_BR'),
      id: '1387372356726668',
      status: 'REJECTED',
      rejected_reason: 'INVALID_FORMAT',
      quality_score: { score: 'UNKNOWN', date: 1718000000 },
      previous_category: 'UTILITY',
    };
    expect(fromGraphTemplate(JSON.parse(JSON.stringify(entry)))).toEqual({
      metaId: '1387372356726668',
      name: 'order_ready',
      language: 'pt_BR',
      category: 'MARKETING',
      status: 'REJECTED',
      quality: 'UNKNOWN',
      rejectedReason: 'INVALID_FORMAT',
      parameterFormat: 'NAMED',
      content: complete.languages.pt_BR,
      unsupported: [],
    });
  });

  test('a template made elsewhere: positional, an image header, something we cannot send', () => {
    const positional = fromGraphTemplate({
      id: 987,
      name: 'shipping_update',
      language: 'en_US',
      status: 'APPROVED',
      category: 'UTILITY',
      quality_score: { score: 'GREEN' },
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: ['#77'] } },
        { type: 'BODY', text: 'Hi {{1}}, your package ships with {{2}} today.', example: { body_text: [['Emma', 'UPS']] } },
        { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Track', url: 'https://t.co/x/{{1}}', example: ['https://t.co/x/1Z99'] }] },
      ],
    });
    expect(positional).toMatchObject({
      metaId: '987',
      status: 'APPROVED',
      quality: 'GREEN',
      rejectedReason: null,
      parameterFormat: 'POSITIONAL',
      content: {
        header: { type: 'text', text: 'Order {{header_1}}' },
        body: 'Hi {{1}}, your package ships with {{2}} today.',
        buttons: [{ type: 'url', text: 'Track', url: 'https://t.co/x/{{url_suffix_1}}' }],
        examples: { header_1: '#77', 1: 'Emma', 2: 'UPS', url_suffix_1: '1Z99' },
      },
      unsupported: [],
    });
    const video = fromGraphTemplate({
      id: '5',
      name: 'promo_video',
      language: 'fr',
      status: 'LIMIT_EXCEEDED',
      category: 'SOMETHING_NEW',
      components: [
        { type: 'HEADER', format: 'VIDEO', example: { header_handle: ['https://scontent.whatsapp.net/v.mp4'] } },
        { type: 'BODY', text: 'Bonjour!' },
        { type: 'BUTTONS', buttons: [{ type: 'FLOW', text: 'Open' }] },
      ],
    });
    expect(video).toMatchObject({ language: 'fr', status: 'DISABLED', category: 'MARKETING', quality: 'UNKNOWN' });
    expect(video?.unsupported).toEqual(['HEADER:VIDEO', 'BUTTON:FLOW']);
    const image = fromGraphTemplate({
      id: '6',
      name: 'new_arrivals',
      language: 'es',
      status: 'PENDING',
      category: 'MARKETING',
      components: [
        { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://scontent.whatsapp.net/i.jpg'] } },
        { type: 'BODY', text: 'Llegaron novedades.' },
      ],
    });
    expect(image?.content.header).toEqual({ type: 'image', url: 'https://scontent.whatsapp.net/i.jpg' });
    expect(fromGraphTemplate({ name: 'no_id' })).toBeNull();
    expect(fromGraphTemplate('garbage')).toBeNull();
  });

  test('the `template` of a send: named parameters, the link’s ending and the code at their button’s index', () => {
    const record = { name: 'order_ready', language: 'pt_BR', content: complete.languages.pt_BR! };
    const values = { order_number: '#2001', first_name: 'Bia\nSouza', coupon_code: 'BIA15', url_suffix_1: '2001' };
    expect(toGraphSendComponents(record, values)).toEqual({
      name: 'order_ready',
      language: { code: 'pt_BR' },
      components: [
        { type: 'header', parameters: [{ type: 'text', parameter_name: 'order_number', text: '#2001' }] },
        {
          type: 'body',
          parameters: [
            { type: 'text', parameter_name: 'first_name', text: 'Bia Souza' },
            { type: 'text', parameter_name: 'coupon_code', text: 'BIA15' },
          ],
        },
        { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: '2001' }] },
        { type: 'button', sub_type: 'copy_code', index: '4', parameters: [{ type: 'coupon_code', coupon_code: 'BIA15' }] },
      ],
    });
    expect(() => toGraphSendComponents(record, { ...values, coupon_code: '' })).toThrow(/coupon_code/);
  });

  test('a positional template is sent in number order without names; an image header with its link', () => {
    const positional = {
      name: 'shipping_update',
      language: 'en_US',
      parameterFormat: 'POSITIONAL' as const,
      content: content({
        header: { type: 'image', url: 'https://cdn.example.com/default.jpg' },
        body: 'Hi {{2}}... no, {{1}} first: your package ships with {{10}} today, as promised.',
      }),
    };
    expect(
      toGraphSendComponents(positional, { 1: 'A', 2: 'B', 10: 'C' }, { headerImageUrl: 'https://cdn.example.com/ana.jpg' }).components,
    ).toEqual([
      { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example.com/ana.jpg' } }] },
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'A' },
          { type: 'text', text: 'B' },
          { type: 'text', text: 'C' },
        ],
      },
    ]);
    expect(toGraphSendComponents(positional, { 1: 'A', 2: 'B', 10: 'C' }).components[0]).toEqual({
      type: 'header',
      parameters: [{ type: 'image', image: { link: 'https://cdn.example.com/default.jpg' } }],
    });
  });
});

describe('Meta’s refusal of a submission', () => {
  const graphError = (error: Record<string, unknown>) => ({
    error: { message: 'Invalid parameter', type: 'OAuthException', code: 100, ...error },
  });

  test('a name that exists names the name field', () => {
    const refusal = templateRefusalOf(
      graphError({
        error_subcode: 2388024,
        error_user_title: 'Content in this language already exists',
        error_user_msg: 'Content for Portuguese (BR) already exists for this template.',
      }),
      'pt_BR',
    );
    expect(refusal).toEqual({
      field: 'name',
      message: templateRefusalMessages.nameTaken,
      metaTitle: 'Content in this language already exists',
      metaMessage: 'Content for Portuguese (BR) already exists for this template.',
      code: 100,
      subcode: 2388024,
    });
  });

  test('the body’s rules name the body of the language submitted', () => {
    expect(templateRefusalOf(graphError({ error_subcode: 2388299 }), 'es')).toMatchObject({
      field: 'languages.es.body',
      message: v.variableAtEdge,
    });
    expect(templateRefusalOf(graphError({ error_subcode: 2388293 }), 'en_US')).toMatchObject({
      field: 'languages.en_US.body',
      message: v.tooManyVariables,
    });
    expect(templateRefusalOf(graphError({ error_subcode: 2388073 }), 'pt_BR')).toMatchObject({ field: 'languages.pt_BR.footer' });
  });

  test('without a known subcode, the component Meta’s words name; else the template as a whole', () => {
    const invalidBody = graphError({ error_user_title: 'Invalid parameter', error_user_msg: 'The parameter in the body is not valid.' });
    expect(templateRefusalOf(invalidBody, 'pt_BR')).toMatchObject({ field: 'languages.pt_BR.body', message: templateRefusalMessages.body });
    expect(templateRefusalOf(graphError({ error_user_msg: 'Button URL is invalid.' }), 'pt_BR')).toMatchObject({
      field: 'languages.pt_BR.buttons',
    });
    expect(templateRefusalOf(graphError({ error_subcode: 2388019 }), 'pt_BR')).toMatchObject({
      field: null,
      message: templateRefusalMessages.templateLimit,
    });
    expect(templateRefusalOf({ code: 100, message: 'Something unexpected' }, 'pt_BR')).toMatchObject({
      field: null,
      message: templateRefusalMessages.general,
      metaMessage: 'Something unexpected',
    });
    expect(templateRefusalOf('not json', 'pt_BR')).toMatchObject({ field: null, message: templateRefusalMessages.general, code: null });
  });
});

describe('Meta’s vocabulary', () => {
  test('statuses, quality and categories read as ours; anything unknown reads as the safe value', () => {
    expect(['APPROVED', 'IN_APPEAL', 'PENDING_DELETION', 'DELETED', 'ARCHIVED', undefined].map(templateStatusOf)).toEqual([
      'APPROVED',
      'IN_APPEAL',
      'PENDING_DELETION',
      'DISABLED',
      'DISABLED',
      'DISABLED',
    ]);
    expect([{ score: 'RED' }, 'YELLOW', { score: 'NA' }, null].map(templateQualityOf)).toEqual(['RED', 'YELLOW', 'UNKNOWN', 'UNKNOWN']);
    expect(['UTILITY', 'AUTHENTICATION', 'TRANSACTIONAL'].map(templateCategoryOf)).toEqual(['UTILITY', 'AUTHENTICATION', 'MARKETING']);
  });

  test('each language we offer maps to our locale and back', () => {
    for (const language of templateLanguages) expect(localeTemplateLanguages[templateLanguageLocales[language]]).toBe(language);
    expect(templateLanguageLocales).toEqual({ pt_BR: 'pt', en_US: 'en', es: 'es' });
  });
});
