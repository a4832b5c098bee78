// /ia-bases: the merchant's AI bases by status, what each card offers, and the plan's cap.
import { expect, test } from '@playwright/test';
import { signInThroughUi } from './fixtures/emulator-users';
import { merchantApi, newMerchant } from './fixtures/merchant-api';

test('sections by status, the card of a base in configuration, and the plan cap with the new-base action disabled', async ({ page, request }) => {
  const merchant = await newMerchant(request, 'list', 'start'); // 2 AI bases
  const api = merchantApi(request, merchant);
  const live = await api.activate(await api.complete(await api.create({ name: 'Live seller' })));
  const draft = await api.create({ name: 'Half done', function: 'support' });

  await signInThroughUi(page, merchant);
  await page.goto('/en/ia-bases');
  const main = page.getByRole('main');
  const active = main.getByRole('region', { name: 'Active' });
  const training = main.getByRole('region', { name: 'In configuration' });
  await expect(active.getByRole('heading', { name: 'Live seller' })).toBeVisible();
  await expect(training.getByRole('heading', { name: 'Half done' })).toBeVisible();
  await expect(main.getByRole('region', { name: 'Deactivated' })).toHaveCount(0);

  await expect(training.getByText('Agent status: in training')).toBeVisible();
  await expect(training.getByRole('progressbar', { name: 'Configuration progress' })).toHaveAttribute('aria-valuenow', '33');
  await expect(training.getByText('WhatsApp')).toBeVisible();
  await training.getByRole('link', { name: 'Edit Half done' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/ia-base/${draft.id}$`));
  await expect(main.getByRole('heading', { name: '2. Knowledge base' })).toBeVisible(); // resumes at its step

  // Two bases on a plan for two: the notice, and the action shown but disabled.
  await page.goto('/en/ia-bases');
  await expect(main.getByText('Upgrade your plan to add more AI Bases.')).toBeVisible();
  await expect(main.getByRole('button', { name: 'New AI base' })).toBeDisabled();
  await expect(main.getByRole('link', { name: 'New AI base' })).toHaveCount(0);

  // Deactivated from elsewhere: its own section, with a way back.
  await request.post(`/api/v1/ai-bases/${live.id}/deactivate`, { headers: { authorization: `Bearer ${merchant.idToken}` } });
  await page.reload();
  const inactive = main.getByRole('region', { name: 'Deactivated' });
  await inactive.getByRole('link', { name: 'Reactivate Live seller' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/ia-base/${live.id}/activate$`));
});

test('with room on the plan: the empty state leads to a new base', async ({ page, request }) => {
  const merchant = await newMerchant(request, 'list-empty');
  await signInThroughUi(page, merchant);
  await page.goto('/en/ia-bases');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'No AI bases yet' })).toBeVisible();
  await main.getByRole('link', { name: 'New AI base' }).first().click();
  await expect(page).toHaveURL(/\/en\/ia-base$/);
  await expect(main.getByRole('heading', { name: '1. Instructions' })).toBeVisible();
});
