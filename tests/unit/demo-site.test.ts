// The demo merchant's website that `npm start` serves (tests/fixtures/demo-site.ts), over loopback:
// the page without a snippet, the widget screen's snippet pasted into it (the page then carries that
// widget script and nothing else pasted, and 'check my site' finds it), a paste that is not the
// snippet refused with the earlier one kept, and the page's language.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pageHasSnippet } from '@/domain/widget-site-check';
import { widgetSnippet } from '@/src/features/widget/widget-snippet-text';
import { startDemoSite, widgetScriptOf, type DemoSite } from '../fixtures/demo-site';

let site: DemoSite;
beforeAll(async () => {
  site = await startDemoSite();
});
afterAll(() => site.close());

const snippet = widgetSnippet('http://localhost:3000', 'AbC_12-xyz');
const read = async (path = '/') => {
  const answer = await fetch(`${site.origin}${path}`);
  return { status: answer.status, lang: /<html lang="([^"]+)"/.exec(await answer.clone().text())?.[1], html: await answer.text() };
};
const paste = (text: string) =>
  fetch(`${site.origin}/snippet`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ snippet: text }).toString(),
  });

describe('the snippet a page may carry', () => {
  test('the widget screen’s, and only a widget script with its public id', () => {
    expect(widgetScriptOf(snippet)).toEqual({ src: 'http://localhost:3000/widget.js', publicId: 'AbC_12-xyz' });
    expect(widgetScriptOf(`<script src='https://c.example/widget.js' data-catalyst='w1'></script>`)).toEqual({
      src: 'https://c.example/widget.js',
      publicId: 'w1',
    });
    for (const refused of [
      '<script src="javascript:alert(1)//widget.js" data-catalyst="w1"></script>',
      '<script src="https://c.example/evil.js" data-catalyst="w1"></script>',
      '<script src="https://c.example/widget.js"></script>',
      '<script src="https://c.example/widget.js" data-catalyst="w1&quot;><img"></script>',
      'hello',
    ])
      expect(widgetScriptOf(refused), refused).toBeNull();
  });
});

describe('the page', () => {
  test('without a snippet: a shop page in Portuguese, labelled as a development tool, with the form to paste it', async () => {
    const page = await read();
    expect([page.status, page.lang]).toEqual([200, 'pt-BR']);
    expect(page.html).toContain('Development tool — the demo merchant');
    expect(page.html).toContain('Cole aqui o código do widget');
    expect(page.html).not.toContain('<script');
  });

  test('pasted: the widget script and nothing else, which check my site finds; a wrong paste keeps it', async () => {
    const pasted = await paste(`${snippet}<script>alert('x')</script>`);
    expect([pasted.status, pasted.headers.get('location')]).toEqual([303, '/']);
    const page = await read();
    expect(page.html).toContain('<script src="http://localhost:3000/widget.js" data-catalyst="AbC_12-xyz" async></script>');
    expect(page.html.match(/<script/g)).toHaveLength(1);
    expect(pageHasSnippet(page.html, 'AbC_12-xyz')).toBe(true);

    const wrong = await paste('<p>not a snippet</p>');
    expect(wrong.headers.get('location')).toBe('/?refused=1');
    const after = await read('/?refused=1');
    expect(after.html).toContain('role="alert"');
    expect(pageHasSnippet(after.html, 'AbC_12-xyz')).toBe(true);
  });

  test('?lang=en and ?lang=es: the page in that language (what the widget speaks on it)', async () => {
    expect((await read('/?lang=en')).lang).toBe('en');
    expect((await read('/?lang=es')).lang).toBe('es');
    expect((await read('/?lang=fr')).lang).toBe('pt-BR');
  });
});
