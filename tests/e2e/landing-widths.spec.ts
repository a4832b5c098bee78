// The landing page's plan cards at every common width, in every language: each price, and every
// other text of a card, stays inside the card (within its padding), and nothing in a card scrolls
// sideways. Prices are the widest unbreakable texts of the page ('R$ 5.999,00', '5999,00 US$'
// keep their no-break space), so they are the first thing to cross a border when cards narrow.
// One page per language, resized from width to width; every width is measured in a single
// evaluate (element and text boxes), so a failure lists every offending width at once.
import { expect, test, type Page } from '@playwright/test';
import { locales } from '@/domain/locales';
import { planList } from '@/domain/plans';

/** Phones, tablets, laptops, desktops. */
const namedWidths = [
  320, 360, 375, 390, 414, 480, 540, 600, 640, 720, 768, 800, 900, 960, 1024, 1100, 1152, 1180, 1280, 1366, 1440, 1536, 1600, 1680, 1920,
];
/** …and a sweep in between, so the narrowest cards (just after the grid adds a column) are seen whatever its breakpoints. */
const sweep = Array.from({ length: (1920 - 320) / 40 + 1 }, (_, i) => 320 + i * 40);
const widths = [...new Set([...namedWidths, ...sweep])].sort((a, b) => a - b);

const height = 900;
/** Subpixel layout: boxes may round a hair past each other. */
const tolerance = 0.5;

type Problem = string;

/** Every way a plan card's content leaves the card at the current width, as readable lines. */
function cardProblems(page: Page, tolerance: number): Promise<Problem[]> {
  return page.evaluate((tolerance) => {
    const problems: string[] = [];
    const viewport = document.documentElement.clientWidth;
    const describe = (el: Element) => {
      const tag = el.tagName.toLowerCase();
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${tag}> "${text}"`;
    };
    const outside = (
      box: { left: number; right: number; top: number; bottom: number },
      frame: { left: number; right: number; top: number; bottom: number },
    ) =>
      box.left < frame.left - tolerance ||
      box.right > frame.right + tolerance ||
      box.top < frame.top - tolerance ||
      box.bottom > frame.bottom + tolerance;
    const fmt = (box: { left: number; right: number }) => `[${box.left.toFixed(1)}, ${box.right.toFixed(1)}]`;

    for (const card of document.querySelectorAll<HTMLElement>('#plans [data-plan]')) {
      const plan = card.dataset.plan;
      const style = getComputedStyle(card);
      const rect = card.getBoundingClientRect();
      const px = (value: string) => Number.parseFloat(value) || 0;
      // The content box: the border box less the border and the padding.
      const content = {
        left: rect.left + px(style.borderLeftWidth) + px(style.paddingLeft),
        right: rect.right - px(style.borderRightWidth) - px(style.paddingRight),
        top: rect.top + px(style.borderTopWidth) + px(style.paddingTop),
        bottom: rect.bottom - px(style.borderBottomWidth) - px(style.paddingBottom),
      };

      if (rect.left < -tolerance || rect.right > viewport + tolerance)
        problems.push(`${plan}: the card ${fmt(rect)} leaves the viewport [0, ${viewport}]`);
      if (card.scrollWidth > card.clientWidth)
        problems.push(`${plan}: the card scrolls sideways (scrollWidth ${card.scrollWidth} > clientWidth ${card.clientWidth})`);

      const price = card.querySelector<HTMLElement>('[data-plan-price]');
      if (!price || !(price.textContent ?? '').trim()) {
        problems.push(`${plan}: no price`);
      } else {
        // The element's box, and the box of its text: a block's box keeps to its container even
        // when its text runs out of it.
        const range = document.createRange();
        range.selectNodeContents(price);
        for (const [what, box] of [
          ['price element', price.getBoundingClientRect()],
          ['price text', range.getBoundingClientRect()],
        ] as const) {
          if (outside(box, content))
            problems.push(`${plan}: the ${what} "${price.textContent}" ${fmt(box)} is not inside the card's content box ${fmt(content)}`);
        }
        if (price.scrollWidth > price.clientWidth)
          problems.push(
            `${plan}: the price "${price.textContent}" overflows its own box (scrollWidth ${price.scrollWidth} > ${price.clientWidth})`,
          );
      }

      // Every other element and every line of text of the card (the price's told once, above).
      for (const el of card.querySelectorAll('*')) {
        if (price?.contains(el)) continue;
        const box = el.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;
        if (outside(box, content))
          problems.push(`${plan}: ${describe(el)} ${fmt(box)} is not inside the card's content box ${fmt(content)}`);
        if (el.scrollWidth > el.clientWidth && el.clientWidth > 0)
          problems.push(`${plan}: ${describe(el)} overflows its own box (scrollWidth ${el.scrollWidth} > ${el.clientWidth})`);
      }
      const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!(node.textContent ?? '').trim() || price?.contains(node)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const box of range.getClientRects()) {
          if (outside(box, content))
            problems.push(
              `${plan}: the text "${node.textContent!.trim().slice(0, 40)}" ${fmt(box)} is not inside the card's content box ${fmt(content)}`,
            );
        }
      }
    }
    return problems;
  }, tolerance);
}

for (const lang of locales) {
  test(`${lang}: every plan card holds its price and text from ${widths[0]} to ${widths.at(-1)} px`, async ({ page }) => {
    await page.setViewportSize({ width: widths.at(-1)!, height });
    await page.goto(`/${lang}/`);
    const plans = page.locator('#plans');
    await expect(plans).toBeVisible();
    const cards = plans.locator('[data-plan]');
    await expect(cards).toHaveCount(planList.length);
    for (const [index, plan] of planList.entries()) {
      await expect(cards.nth(index)).toHaveAttribute('data-plan', plan.id);
      await expect(cards.nth(index)).toBeVisible();
      await expect(cards.nth(index).locator('[data-plan-price]')).toBeVisible();
    }
    await page.evaluate(() => document.fonts.ready.then(() => undefined));

    const failures: string[] = [];
    for (const width of widths) {
      await page.setViewportSize({ width, height });
      for (const problem of await cardProblems(page, tolerance)) failures.push(`${width}px ${problem}`);
    }
    expect(failures, `plan cards that do not hold their content (${lang})`).toEqual([]);
  });
}
