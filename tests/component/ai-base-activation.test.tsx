// The activation screen as a view: the summary's Activate button, and the result told where the
// keyboard goes once the button is gone (the machine's `outcome` tag).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import type { AiBase } from '@/domain/ai-base';
import { sampleInstructions } from '../fixtures/sample-ai-base';
import { api, completeBase, merchant } from './support/merchant';
import { renderApp } from './support/render-app';

/** The keyboard is on the region that tells the result (not merely somewhere that holds it, as the body would). */
const focusedOn = (text: HTMLElement) =>
  expect(document.activeElement !== document.body && document.activeElement?.contains(text)).toBe(true);
const activate = () => screen.findByRole('button', { name: 'Activate' }, { timeout: 15_000 });

it('a complete base goes live: the result takes the keyboard and the server holds it active', async () => {
  const user = await merchant('activate');
  const created = await completeBase(user);
  await renderApp(`/en/ia-base/${created.id}/activate`, user);

  await userEvent.click(await activate());
  const result = await screen.findByText('Your AI base is active.');
  await waitFor(() => focusedOn(result));
  expect(screen.queryByRole('button', { name: 'Activate' })).toBeNull();
  expect((await api<AiBase>(user, 'GET', `/ai-bases/${created.id}`)).status).toBe('active');
});

it('a base with steps left is not activated: the result says so, has the keyboard and links back to the wizard', async () => {
  const user = await merchant('activate-incomplete');
  const created = await api<AiBase>(user, 'POST', '/ai-bases', sampleInstructions);
  const { router } = await renderApp(`/en/ia-base/${created.id}/activate`, user);

  await userEvent.click(await activate());
  const result = await screen.findByText('Finish the configuration first.');
  await waitFor(() => focusedOn(result));
  await userEvent.click(screen.getByRole('link', { name: 'Complete configuration' }));
  await waitFor(() => expect(router.state.location.pathname).toBe(`/en/ia-base/${created.id}`));
  expect((await api<AiBase>(user, 'GET', `/ai-bases/${created.id}`)).status).toBe('training');
});
