import { expect, test } from './fixtures/merchant-test';

test.describe('UI kit by keyboard (component examples)', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/en/component-examples');
  });

  test('tabs move with the arrow keys and skip the disabled tab', async ({ page }) => {
    const tablist = page.getByRole('tablist', { name: 'Inventory views' });
    const first = tablist.getByRole('tab', { name: 'All products' });
    await first.focus();
    await page.keyboard.press('ArrowRight');
    await expect(tablist.getByRole('tab', { name: 'Low stock' })).toBeFocused();
    await expect(tablist.getByRole('tab', { name: 'Low stock' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('7 products have fewer than 5 units.');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight'); // past Drafts: Archived is disabled, so back to the first
    await expect(first).toBeFocused();
  });

  test('the dialog opens, closes with Escape and returns focus to its opener', async ({ page }) => {
    const opener = page.getByRole('region', { name: 'Dialog' }).getByRole('button', { name: 'Delete AI base' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete “Summer catalog”?' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('the creativity slider moves with the arrow keys and says its value', async ({ page }) => {
    const slider = page.getByRole('slider', { name: 'Creativity' }).first();
    await slider.focus();
    const before = Number(await slider.inputValue());
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveValue(String(before + 1));
  });

  test('the password field shows and hides its value', async ({ page }) => {
    const toggle = page.getByRole('button', { name: 'Show password' }).first();
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Hide password' }).first()).toBeVisible();
  });

  test('focus is visible on a focused button', async ({ page }) => {
    const button = page.getByRole('button', { name: 'Add product' });
    await button.focus();
    const shadow = await button.evaluate((el) => getComputedStyle(el).boxShadow);
    expect(shadow).not.toBe('none');
  });
});
