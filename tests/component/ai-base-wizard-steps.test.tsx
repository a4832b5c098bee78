// The wizard's steps as views: each field, button and message bound to the real ai-base-wizard
// machine (and its knowledge-files child) and the real API on loopback. The machine's paths are the
// model tests' (logic and UI level); these prove what the views do with them, without a browser.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AiBase } from '@/domain/ai-base';
import type { TestUser } from '../server/support/emulator-users';
import { sampleInstructions } from '../fixtures/sample-ai-base';
import { api, merchant } from './support/merchant';
import { renderApp } from './support/render-app';

const main = () => screen.getByRole('main');
const step = (name: string) => screen.findByRole('heading', { name, level: 2 }, { timeout: 15_000 });
const saveButton = () => within(main()).getByRole('button', { name: /^Save and (advance|finish)$/ });
const listedBases = (user: TestUser) => api<{ aiBases: AiBase[] }>(user, 'GET', '/ai-bases').then((answer) => answer.aiBases);

async function fillInstructions(name: string) {
  const form = within(main());
  await userEvent.type(form.getByRole('textbox', { name: /Name of the AI base/ }), name);
  await userEvent.click(form.getByRole('radio', { name: /Seller/ }));
  await userEvent.selectOptions(form.getByRole('combobox', { name: /Language/ }), 'Portuguese (Brazil)');
  await userEvent.click(form.getByRole('radio', { name: /Friendly/ }));
  await userEvent.click(within(form.getByRole('radiogroup', { name: /Personalized base\?/ })).getByRole('radio', { name: 'No' }));
  await userEvent.type(form.getByRole('textbox', { name: /^Instructions/ }), 'Answer about the shop only.');
}

describe('AI base wizard, step by step', () => {
  it('step 1: each missing field says why and nothing is created; filled in, the base is created at its own address and step 2 opens', async () => {
    const user = await merchant('wizard-step1');
    const { router } = await renderApp('/en/ia-base', user);
    await step('1. Instructions');

    await userEvent.click(saveButton());
    for (const message of [
      'The name of the AI base is required.',
      'The function of the AI base is required.',
      'The language of the AI base is required.',
      'The voice tone of the AI base is required.',
      'It is necessary to state if the base is personalized.',
    ])
      expect(await within(main()).findByText(message)).toBeTruthy();
    expect(await listedBases(user)).toEqual([]);

    await fillInstructions('Loja Ana');
    await userEvent.click(saveButton());
    await step('2. Knowledge base');
    expect(within(main()).queryByText('The name of the AI base is required.')).toBeNull();

    const [base] = await listedBases(user);
    expect(base).toMatchObject({ name: 'Loja Ana', function: 'seller', language: 'pt_br', voiceTone: 'friendly', personalized: false });
    expect(router.state.location.pathname).toBe(`/en/ia-base/${base!.id}`);
    // The step's heading has the keyboard (screen readers announce the new step).
    expect(document.activeElement).toBe(await step('2. Knowledge base'));
  });

  it('step 2: a file of another kind is refused before it is sent; a CSV is processed, shows its passages, and step 3 opens after it', async () => {
    const user = await merchant('wizard-step2');
    const base = await api<AiBase>(user, 'POST', '/ai-bases', { ...sampleInstructions, name: 'Loja Bia' });
    const { view } = await renderApp(`/en/ia-base/${base.id}`, user);
    await step('2. Knowledge base');
    expect(await within(main()).findByText(/^No files yet\./)).toBeTruthy();

    const picker = view.container.querySelector<HTMLInputElement>('input[type=file]')!;
    const csv = new File(['product,price\nT-shirt,29.90\nCap,19.90\n'], 'prices.csv', { type: 'text/csv' });
    const notes = new File(['not a knowledge file'], 'notes.txt', { type: 'text/plain' });
    await userEvent.setup({ applyAccept: false }).upload(picker, [notes, csv]);

    const uploads = await within(main()).findByRole('list', { name: 'Uploads' });
    expect(within(uploads).getByRole('alert').textContent).toBe('Not added: Only .xls, .xlsx, .csv and .pdf files can be added.');
    const row = (await within(main()).findByRole('rowheader', { name: 'prices.csv' }, { timeout: 15_000 })).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Ready', { exact: true })).toBeTruthy(), { timeout: 30_000 });
    expect(within(row).getByText('2 passages · 2 products')).toBeTruthy();
    // Only the CSV reached the base.
    const files = await api<{ files: { name: string }[] }>(user, 'GET', `/ai-bases/${base.id}/files`);
    expect(files.files.map((file) => file.name)).toEqual(['prices.csv']);

    await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(false));
    await userEvent.click(saveButton());
    await step('3. Refinement and test');
  });

  it('step 3: the creativity and the blocked terms are saved with the base, and the activation screen opens', async () => {
    const user = await merchant('wizard-step3');
    const created = await api<AiBase>(user, 'POST', '/ai-bases', { ...sampleInstructions, name: 'Loja Caio' });
    await api(user, 'PUT', `/ai-bases/${created.id}/knowledge`, { expectedVersion: created.version });
    const { router } = await renderApp(`/en/ia-base/${created.id}`, user);
    await step('3. Refinement and test');

    const creativity = within(main()).getByRole('slider', { name: /Creativity/ });
    // A range input takes its value as a browser sets it: the change event the view listens to.
    fireEvent.change(creativity, { target: { value: '4' } });
    await userEvent.type(within(main()).getByRole('textbox', { name: /Blocked themes or terms/ }), 'politics{Enter}{Enter}competitors');
    await userEvent.click(saveButton());

    await waitFor(() => expect(router.state.location.pathname).toBe(`/en/ia-base/${created.id}/activate`), { timeout: 15_000 });
    const saved = await api<AiBase>(user, 'GET', `/ai-bases/${created.id}`);
    expect(saved).toMatchObject({ creativity: 4, blockedTerms: ['politics', 'competitors'], progress: 100 });
  });

  it('what was typed and not saved comes back when the wizard opens again, with a notice that can be dismissed', async () => {
    const user = await merchant('wizard-draft');
    const first = await renderApp('/en/ia-base', user);
    await step('1. Instructions');
    await userEvent.type(within(main()).getByRole('textbox', { name: /Name of the AI base/ }), 'Loja Duda');
    await userEvent.type(within(main()).getByRole('textbox', { name: /^Instructions/ }), 'Never promise delivery dates.');
    first.view.unmount();

    await renderApp('/en/ia-base', user);
    await step('1. Instructions');
    expect(await within(main()).findByText('We restored the changes you had not saved yet.')).toBeTruthy();
    expect((within(main()).getByRole('textbox', { name: /Name of the AI base/ }) as HTMLInputElement).value).toBe('Loja Duda');
    expect((within(main()).getByRole('textbox', { name: /^Instructions/ }) as HTMLTextAreaElement).value).toBe(
      'Never promise delivery dates.',
    );
    await userEvent.click(within(main()).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(within(main()).queryByText('We restored the changes you had not saved yet.')).toBeNull());
    expect(await listedBases(user)).toEqual([]); // a draft stays in this browser until it is saved
  });

  it('in Portuguese: the steps, the fields and their errors', async () => {
    const user = await merchant('wizard-pt');
    await renderApp('/pt/ia-base', user);
    await step('1. Instruções');
    await userEvent.click(within(main()).getByRole('button', { name: 'Salvar e avançar' }));
    expect(await within(main()).findByText('O nome da base de IA é obrigatório.')).toBeTruthy();
    expect(within(main()).getByRole('textbox', { name: /Nome da base de IA/ })).toBeTruthy();
  });
});
