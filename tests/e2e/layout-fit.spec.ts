// What a merchant trying the wizard once saw, measured in Chromium: a long file name broken
// mid-word ("product_templat" / "e.csv"), a long e-mail address pushing the header onto two
// lines, and a focus ring around the step heading after every load. Each test signs in as a
// merchant of its own whose address is long (69 characters), so every screen here has that header.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInDirectly } from './fixtures/emulator-users';
import { textLines } from './fixtures/text-lines';
import { merchantApi, newMerchant } from './fixtures/merchant-api';

const LONG_EMAIL_LABEL = 'layout-fit-merchant-with-a-long-mailbox-name'; // + "-<12>@example.com"
const LONG_NAME = 'product_template_for_the_summer_catalogue_2026.csv';
const UNBROKEN_NAME = 'productcatalogueexportwithoutanyseparatorsforthesummer2026.csv';
const PHONE = { width: 390, height: 844 };

/** How far an element sticks out of its closest `container` (px, 0 when inside), and the container's own overflow. */
function overflowOf(element: Locator, container: string): Promise<{ left: number; right: number; scroll: number }> {
  return element.evaluate((el, selector) => {
    const box = el.closest(selector)!;
    const inner = el.getBoundingClientRect();
    const outer = box.getBoundingClientRect();
    return {
      left: Math.max(0, Math.round(outer.left - inner.left)),
      right: Math.max(0, Math.round(inner.right - outer.right)),
      scroll: box.scrollWidth - box.clientWidth,
    };
  }, container);
}

/** The name wraps (so the check means something), only after "_", "-" or ".", and stays in its box. */
async function expectWrappedBetweenWords(name: Locator, container: string) {
  const lines = await textLines(name);
  expect(lines.join('')).toBe(LONG_NAME);
  expect(lines.length, `lines: ${JSON.stringify(lines)}`).toBeGreaterThan(1);
  for (const line of lines.slice(0, -1)) expect(line, `a line ends inside a word: ${JSON.stringify(lines)}`).toMatch(/[_.-]$/);
  expect(lines.at(-1), 'the extension stays with the last word').toMatch(/^\w+\.csv$/);
  expect(await overflowOf(name, container)).toEqual({ left: 0, right: 0, scroll: 0 });
}

test('long file names wrap between words and stay in their cell or item', async ({ page, request }) => {
  const merchant = await newMerchant(request, LONG_EMAIL_LABEL);
  const api = merchantApi(request, merchant);
  const base = await api.create();
  const csv = 'question,answer\nWhich sizes are there?,S M L and XL\nDo you ship abroad?,Yes to all of South America\n';
  await api.uploadKnowledge(base, LONG_NAME, csv);
  await api.uploadKnowledge(base, UNBROKEN_NAME, csv);

  await page.setViewportSize(PHONE);
  await signInDirectly(page, merchant);
  await page.goto(`/en/ia-base/${base.id}`);
  const table = page.getByRole('table', { name: 'Files in the knowledge base' });
  await expect(table.getByRole('rowheader', { name: LONG_NAME, exact: true })).toBeVisible();

  // The table of files.
  await expectWrappedBetweenWords(table.getByRole('rowheader', { name: LONG_NAME, exact: true }).getByText(LONG_NAME), 'th');
  // A name with nowhere to wrap still breaks rather than overflow its cell.
  const unbroken = table.getByRole('rowheader', { name: UNBROKEN_NAME, exact: true }).getByText(UNBROKEN_NAME);
  expect(await overflowOf(unbroken, 'th')).toEqual({ left: 0, right: 0, scroll: 0 });

  // The uploads list: an empty file is refused and stays listed with its name until dismissed.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles({ name: LONG_NAME, mimeType: 'text/csv', buffer: Buffer.alloc(0) });
  const item = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: LONG_NAME });
  await expect(item.getByRole('alert')).toHaveText('Not added: The file is empty.');
  await expectWrappedBetweenWords(item.getByText(LONG_NAME, { exact: true }), 'li');
});

/** Whether the header's boxes sit on one row inside it, and how tall one row makes it. */
function headerLayout(page: Page) {
  return page.getByRole('banner').evaluate((header) => {
    const style = getComputedStyle(header);
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 1 && box.height > 1 ? box : null; // not display:none nor visually hidden
    };
    const rows = [...header.children].map(shown).filter((box) => box !== null);
    const bounds = header.getBoundingClientRect();
    const outside = [...header.querySelectorAll('*')].filter((el) => {
      const box = shown(el);
      return box !== null && (box.left < bounds.left - 0.5 || box.right > bounds.right + 0.5);
    });
    const px = (value: string) => Number.parseFloat(value) || 0;
    return {
      oneRow: Math.max(...rows.map((box) => box.top)) < Math.min(...rows.map((box) => box.bottom)),
      height: Math.round(bounds.height),
      oneRowHeight: Math.round(
        Math.max(...rows.map((box) => box.height)) +
          px(style.paddingTop) +
          px(style.paddingBottom) +
          px(style.borderTopWidth) +
          px(style.borderBottomWidth),
      ),
      outside: outside.map((el) => el.outerHTML.slice(0, 80)),
      headerOverflow: header.scrollWidth - header.clientWidth,
      pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
}

test('a long e-mail address is cut with an ellipsis and the header stays one line at 1280 and 390 px', async ({ page, request }) => {
  const merchant = await newMerchant(request, LONG_EMAIL_LABEL);
  expect(merchant.email.length).toBeGreaterThanOrEqual(60);
  await signInDirectly(page, merchant);
  await page.goto('/en/dashboard');
  const email = page.getByTestId('session-email');

  for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
    await page.setViewportSize(viewport);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport({ ratio: 1 });
    const layout = await headerLayout(page);
    expect(layout, `${viewport.width} px`).toEqual({
      oneRow: true,
      height: layout.oneRowHeight,
      oneRowHeight: layout.oneRowHeight,
      outside: [],
      headerOverflow: 0,
      pageOverflow: 0,
    });
    // Cut, not hidden: some of it shows, the whole address is its text and its title.
    await expect(email).toHaveText(merchant.email);
    await expect(email).toHaveAttribute('title', merchant.email);
    const cut = await email.evaluate((el) => ({
      ellipsis: getComputedStyle(el).textOverflow,
      cut: el.scrollWidth > el.clientWidth,
      width: el.clientWidth,
    }));
    expect(cut.ellipsis).toBe('ellipsis');
    expect(cut.cut, `${viewport.width} px`).toBe(true);
    expect(cut.width, `${viewport.width} px: some of the address shows`).toBeGreaterThanOrEqual(96);
  }

  // On the phone the product buttons and the language moved into the drawer.
  await page.getByRole('button', { name: 'Menu' }).click();
  const drawer = page.getByRole('complementary', { name: 'Main menu' });
  await expect(drawer.getByRole('navigation', { name: 'Catalyst products' }).getByRole('link', { name: 'CATALYST AI' })).toBeVisible();
  await expect(drawer.getByRole('combobox', { name: 'Language' })).toBeVisible();
});

/** Whether anything is drawn around the element: an outline or the theme's box-shadow ring. */
function ringOf(element: Locator) {
  return element.evaluate((el) => {
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== 'none';
  });
}

test('the step heading takes the focus without a ring, on load and after a key press; fields keep theirs', async ({ page, request }) => {
  const merchant = await newMerchant(request, LONG_EMAIL_LABEL);
  const base = await merchantApi(request, merchant).create(); // step 1 saved: opens at step 2
  await signInDirectly(page, merchant);
  await page.goto(`/en/ia-base/${base.id}`);
  const main = page.getByRole('main');

  const knowledge = main.getByRole('heading', { name: '2. Knowledge base' });
  await expect(knowledge).toBeFocused();
  expect(await ringOf(knowledge), 'ring around the heading focused on load').toBe(false);

  // Back with the keyboard: Chromium then counts the focus moved to the heading as :focus-visible.
  await main.getByRole('button', { name: 'Back', exact: true }).focus();
  await page.keyboard.press('Enter');
  const instructions = main.getByRole('heading', { name: '1. Instructions' });
  await expect(instructions).toBeFocused();
  expect(await instructions.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
  expect(await ringOf(instructions), 'ring around the heading focused after a key press').toBe(false);

  // The next Tab reaches a control, which shows the ring.
  await page.keyboard.press('Tab');
  const field = main.getByLabel('Name of the AI base');
  await expect(field).toBeFocused();
  expect(await ringOf(field), 'ring around a focused field').toBe(true);
});
