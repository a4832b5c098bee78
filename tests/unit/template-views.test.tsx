// @vitest-environment happy-dom
// The templates screen's views as React renders them, without the API: the live preview (a figure
// captioned with its language, the header, the body filled with the examples — a variable without
// one left as written — the footer and the buttons under the bubble), the editor's form (every field
// labelled, each error at its field and tied to it, an error of another language said above the
// tabs, events sent for what the merchant does), and a number's table (a rejection's reason in
// words, the date a pause ends, 'Edit and submit again' only where Meta allows it), in en and pt.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  templateValidation,
  type TemplateAccount,
  type TemplateContent,
  type TemplateDraft,
  type TemplateRecord,
} from '@/domain/message-template';
import { readyMadeTemplate } from '@/domain/ready-made-templates';
import { emptyContent, type TemplateEditorEvent } from '@/machines/template-editor';
import { TemplateForm } from '@/src/features/templates/components/template-form';
import { TemplatePreview } from '@/src/features/templates/components/template-preview';
import { TemplateTable } from '@/src/features/templates/components/template-table';
import { i18n } from '@/src/i18n/i18n';
import { renderInLang } from './support/render-in-lang';

afterEach(cleanup);

async function show(view: () => ReactNode, lang: 'en' | 'pt' | 'es' = 'en') {
  await renderInLang(view, { lang, routes: ['templates'] });
  await screen.findAllByText(/./);
}

describe('the preview', () => {
  const content: TemplateContent = {
    header: { type: 'text', text: 'Order {{order_number}}' },
    body: 'Hi {{first_name}}! Your order {{order_number}} of {{order_total}} is confirmed.',
    footer: 'Casa da Terra',
    buttons: [{ type: 'url', text: 'Track it', url: 'https://shop.example/orders/{{url_suffix_1}}' }, { type: 'copy_code' }],
    examples: { first_name: 'Ana', order_number: '#1042', url_suffix_1: '1042', coupon_code: 'VOLTA10' },
  };

  it('is a figure captioned with its language: the header in bold, the body filled, the footer, the buttons under the bubble', async () => {
    await show(() => <TemplatePreview content={content} caption="Preview in English (US)" imageUsable={false} />);
    const figure = screen.getByRole('figure', { name: 'Preview in English (US)' });
    expect(within(figure).getByText('Order #1042').tagName).toBe('P');
    // A variable without an example stays as written, where it goes.
    expect(within(figure).getByText('Hi Ana! Your order #1042 of {{order_total}} is confirmed.')).toBeTruthy();
    expect(within(figure).getByText('Casa da Terra')).toBeTruthy();
    const buttons = within(figure).getAllByRole('listitem');
    expect(buttons.map((button) => button.textContent)).toEqual(['Track it', 'Copy offer code']);
  });

  it('draws an image header only once its address is usable', async () => {
    const image: TemplateContent = { ...emptyContent, header: { type: 'image', url: 'https://shop.example/banner.png' }, body: 'Hello' };
    await show(() => (
      <>
        <TemplatePreview content={image} caption="Before" imageUsable={false} />
        <TemplatePreview content={image} caption="After" imageUsable />
      </>
    ));
    expect(within(screen.getByRole('figure', { name: 'Before' })).queryByRole('img')).toBeNull();
    expect(within(screen.getByRole('figure', { name: 'Before' })).getByText('Header image')).toBeTruthy();
    const shown = within(screen.getByRole('figure', { name: 'After' })).getByRole('img', { name: "The header's image" });
    expect(shown.getAttribute('src')).toBe('https://shop.example/banner.png');
  });
});

describe('the form', () => {
  const draft: TemplateDraft = {
    name: 'promo',
    category: 'MARKETING',
    languages: {
      pt_BR: { ...emptyContent, body: 'Oi {{first_name}}, chegaram novidades na loja para você hoje.', buttons: [{ type: 'copy_code' }] },
      en_US: { ...emptyContent, body: 'Hi there' },
    },
  };
  const errors: Record<string, string> = {
    name: templateValidation.nameInvalid.id,
    'languages.pt_BR.examples.first_name': templateValidation.exampleRequired.id,
    'languages.en_US.body': templateValidation.variablesDiffer.id,
  };
  const errorOf = (field: string) => (errors[field] ? i18n._(errors[field]) : undefined);

  function form(sent: TemplateEditorEvent[], named = false) {
    return () => (
      <TemplateForm
        draft={draft}
        language="pt_BR"
        named={named}
        errorFields={Object.keys(errors)}
        errorOf={errorOf}
        disabled={false}
        send={(event) => sent.push(event)}
      />
    );
  }

  it('labels every field, ties each error to its field, and says which other language has errors', async () => {
    await show(form([]));
    const name = screen.getByLabelText(/^Name/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const describedBy = name.getAttribute('aria-describedby')!.split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(i18n._(templateValidation.nameInvalid));
    const example = screen.getByLabelText(/^Example of \{\{first_name\}\}/);
    expect(example.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Example of \{\{coupon_code\}\}/).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText(/^Message/)).toBeTruthy();
    expect(screen.getByLabelText(/^Footer/)).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Header' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Portuguese (Brazil) (has errors)', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'English (US) (has errors)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show English (US)' })).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Preview in Portuguese (Brazil)' })).toBeTruthy();
  });

  it('sends what the merchant does to the machine', async () => {
    const sent: TemplateEditorEvent[] = [];
    await show(form(sent));
    await userEvent.type(screen.getByLabelText(/^Footer/), 'X');
    await userEvent.click(screen.getByRole('radio', { name: 'Text' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a quick reply' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Spanish' }));
    await userEvent.click(screen.getByRole('tab', { name: /English/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Portuguese (Brazil)' }));
    expect(sent).toEqual([
      { type: 'SET_FOOTER', footer: 'X' },
      { type: 'SET_HEADER', header: { type: 'text', text: '' } },
      { type: 'ADD_BUTTON', button: { type: 'quick_reply', text: '' } },
      { type: 'ADD_LANGUAGE', language: 'es' },
      { type: 'SHOW_LANGUAGE', language: 'en_US' },
      { type: 'REMOVE_LANGUAGE', language: 'pt_BR' },
    ]);
  });

  it('keeps the name of a template Meta has, and speaks the page’s language', async () => {
    await show(form([], true), 'pt');
    expect((screen.getByLabelText(/^Nome/) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByText('A Meta conhece o modelo por este nome: ele não pode mudar.')).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Prévia em Português (Brasil)' })).toBeTruthy();
  });
});

describe("a number's table", () => {
  const record = (values: Partial<TemplateRecord>): TemplateRecord => ({
    metaId: '1',
    name: 'order_confirmation',
    language: 'pt_BR',
    category: 'UTILITY',
    status: 'APPROVED',
    quality: 'GREEN',
    rejectedReason: null,
    parameterFormat: 'NAMED',
    content: readyMadeTemplate('order_confirmation').draft.languages.pt_BR!,
    unsupported: [],
    channelId: '00000000-0000-4000-8000-000000000081',
    pausedUntil: null,
    attention: null,
    updatedAt: '2026-11-27T10:00:00.000Z',
    ...values,
  });
  const account: TemplateAccount = {
    channelId: '00000000-0000-4000-8000-000000000081',
    displayPhoneNumber: '+55 11 93456-7890',
    wabaId: '102290129340398',
    refreshedAt: '2026-11-27T10:00:00.000Z',
    templates: [
      record({}),
      record({
        name: 'promo_rejected',
        language: 'en_US',
        category: 'MARKETING',
        status: 'REJECTED',
        rejectedReason: 'INCORRECT_CATEGORY',
      }),
      record({ name: 'promo_paused', language: 'es', status: 'PAUSED', quality: 'RED', pausedUntil: '2026-11-28T12:00:00.000Z' }),
      record({ name: 'hello_world', language: 'de', status: 'PENDING', quality: 'UNKNOWN' }),
    ],
  };
  const cells = (name: string) =>
    within(screen.getByRole('rowheader', { name }).closest('tr')!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);

  it('shows each template’s language, category, status with Meta’s reason or the end of its pause, and quality', async () => {
    await show(() => <TemplateTable account={account} />);
    expect(screen.getByRole('table', { name: 'Templates of +55 11 93456-7890' })).toBeTruthy();
    expect(cells('order_confirmation')).toEqual(['Portuguese (Brazil)', 'Utility', 'Approved', 'High', '']);
    const [, , rejected] = cells('promo_rejected');
    expect(rejected).toContain('Rejected');
    expect(rejected).toContain('Meta’s reason: Meta thinks the category is wrong');
    const [, , paused, quality] = cells('promo_paused');
    // Noon UTC: the 28th in the browser's zone, unless it is more than eleven hours away.
    expect(paused).toMatch(/^PausedPaused until Nov 2[789], 2026/);
    expect(quality).toBe('Low');
    // A language made elsewhere is shown by its code.
    expect(cells('hello_world')).toEqual(['de', 'Utility', 'In review', 'Not rated yet', '']);
  });

  it('offers to edit and submit again only a rejected or paused template', async () => {
    await show(() => <TemplateTable account={account} />);
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('aria-label'));
    expect(links).toEqual(['Edit promo_paused and submit it again', 'Edit promo_rejected and submit it again']);
    const edit = screen.getByRole('link', { name: 'Edit promo_rejected and submit it again' });
    const url = new URL(edit.getAttribute('href')!, 'http://localhost');
    expect(url.pathname).toBe('/en/templates');
    expect(url.searchParams.get('name')).toBe('promo_rejected');
  });
});
