// The landing page in every language: content, plans, FAQ, the contact form's validation and
// honeypot, the server-rendered first response (content, meta tags and structured data before
// any JavaScript), its hydration without a warning or a move, and axe. The pt/es texts are those of
// src/features/landing/translations-for-lead.md. Both forms are sent for real and read back as
// the business does (the staff route); the honeypot and the rate limit are answered end to end.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { localeNames, localeTags, type Locale } from '@/domain/locales';
import { planList, planPrice } from '@/domain/plans';
import { asNewClient, storedLeadRequests, uniqueLeadEmail } from './fixtures/lead-requests';

type Texts = {
  h1: string;
  headings: string[];
  cartRecovery: string;
  faqQuestion: string;
  faqAnswer: RegExp;
  material: string;
  submit: string;
  labels: { name: string; email: string; phone: string; position: string; website: string; platform: string; privacy: string };
  messages: {
    nameRequired: string;
    emailRequired: string;
    emailInvalid: string;
    phoneRequired: string;
    phoneInvalid: string;
    positionRequired: string;
    websiteRequired: string;
    websiteInvalid: string;
    platformRequired: string;
    privacyRequired: string;
  };
  upTo: (count: string) => string;
  moreThan: (count: string) => string;
  contactRequested: string;
  materialRequested: string;
  /** The 429 as the form says it (the server's window is 10 minutes). */
  tooManyRequests: string;
  /** A phone as people of the page's country type it, and as it is stored (E.164). */
  phone: { typed: string; e164: string };
  title: string;
  signIn: string;
  /** A local phone number of the page's default country (es has none: it needs the + code). */
  localPhone: string;
};

const texts: Record<Locale, Texts> = {
  en: {
    h1: 'Sell more on WhatsApp with AI',
    headings: [
      'Benefits',
      'Solutions',
      'More than 10 integrations',
      'Success cases',
      'Plans',
      'Frequently asked questions',
      'Talk to a specialist',
    ],
    cartRecovery: 'up to 77% of abandoned carts recovered',
    faqQuestion: 'Which e-commerce platforms does Catalyst integrate with?',
    faqAnswer: /^More than 10, including Shopify, VTEX and Yampi/,
    material: 'Request material',
    submit: 'Request contact',
    labels: {
      name: 'Name',
      email: 'Corporate email',
      phone: 'Phone',
      position: 'Position',
      website: 'Company website',
      platform: 'Sales platform',
      privacy: 'I accept the privacy policy.',
    },
    messages: {
      nameRequired: 'Name is required',
      emailRequired: 'Email is required',
      emailInvalid: 'The email must be valid',
      phoneRequired: 'Phone is required',
      phoneInvalid: 'The phone number must be valid',
      positionRequired: 'Position is required',
      websiteRequired: 'Homepage is required',
      websiteInvalid: 'The website must be valid',
      platformRequired: 'Platform is required',
      privacyRequired: 'You must accept the privacy policy',
    },
    upTo: (count) => `Up to ${count}`,
    moreThan: (count) => `More than ${count}`,
    contactRequested: 'Contact requested!',
    materialRequested: 'Material requested successfully!',
    tooManyRequests: 'Too many requests. Try again in 10 minutes.',
    phone: { typed: '(201) 555-0123', e164: '+12015550123' },
    title: 'Catalyst: sell more on WhatsApp with AI',
    signIn: 'Sign in',
    localPhone: '(201) 555-0123',
  },
  pt: {
    h1: 'Venda mais no WhatsApp com IA',
    headings: [
      'Benefícios',
      'Soluções',
      'Mais de 10 integrações',
      'Cases de sucesso',
      'Planos',
      'Perguntas frequentes',
      'Fale com um especialista',
    ],
    cartRecovery: 'até 77% dos carrinhos abandonados recuperados',
    faqQuestion: 'Com quais plataformas de e-commerce o Catalyst se integra?',
    faqAnswer: /^Mais de 10, entre elas Shopify, VTEX e Yampi/,
    material: 'Solicitar material',
    submit: 'Solicitar contato',
    labels: {
      name: 'Nome',
      email: 'E-mail corporativo',
      phone: 'Telefone',
      position: 'Cargo',
      website: 'Site da empresa',
      platform: 'Plataforma de vendas',
      privacy: 'Aceito a política de privacidade.',
    },
    messages: {
      nameRequired: 'O nome é obrigatório',
      emailRequired: 'O e-mail é obrigatório',
      emailInvalid: 'O e-mail deve ser válido',
      phoneRequired: 'O telefone é obrigatório',
      phoneInvalid: 'O telefone deve ser válido',
      positionRequired: 'O cargo é obrigatório',
      websiteRequired: 'O site é obrigatório',
      websiteInvalid: 'O site deve ser válido',
      platformRequired: 'A plataforma é obrigatória',
      privacyRequired: 'Você precisa aceitar a política de privacidade',
    },
    upTo: (count) => `Até ${count}`,
    moreThan: (count) => `Mais de ${count}`,
    contactRequested: 'Contato solicitado!',
    materialRequested: 'Material solicitado com sucesso!',
    tooManyRequests: 'Muitas solicitações. Tente novamente em 10 minutos.',
    phone: { typed: '(11) 98765-4321', e164: '+5511987654321' },
    title: 'Catalyst: venda mais no WhatsApp com IA',
    signIn: 'Entrar',
    localPhone: '(11) 98765-4321',
  },
  es: {
    h1: 'Vende más en WhatsApp con IA',
    headings: [
      'Beneficios',
      'Soluciones',
      'Más de 10 integraciones',
      'Casos de éxito',
      'Planes',
      'Preguntas frecuentes',
      'Habla con un especialista',
    ],
    cartRecovery: 'hasta el 77% de los carritos abandonados recuperados',
    faqQuestion: '¿Con qué plataformas de e-commerce se integra Catalyst?',
    faqAnswer: /^Más de 10, entre ellas Shopify, VTEX y Yampi/,
    material: 'Solicitar material',
    submit: 'Solicitar contacto',
    labels: {
      name: 'Nombre',
      email: 'Correo corporativo',
      phone: 'Teléfono',
      position: 'Cargo',
      website: 'Sitio web de la empresa',
      platform: 'Plataforma de ventas',
      privacy: 'Acepto la política de privacidad.',
    },
    messages: {
      nameRequired: 'El nombre es obligatorio',
      emailRequired: 'El correo electrónico es obligatorio',
      emailInvalid: 'El correo electrónico debe ser válido',
      phoneRequired: 'El teléfono es obligatorio',
      phoneInvalid: 'El teléfono debe ser válido',
      positionRequired: 'El cargo es obligatorio',
      websiteRequired: 'El sitio web es obligatorio',
      websiteInvalid: 'El sitio web debe ser válido',
      platformRequired: 'La plataforma es obligatoria',
      privacyRequired: 'Debes aceptar la política de privacidad',
    },
    upTo: (count) => `Hasta ${count}`,
    moreThan: (count) => `Más de ${count}`,
    contactRequested: '¡Contacto solicitado!',
    materialRequested: '¡Material solicitado con éxito!',
    tooManyRequests: 'Demasiadas solicitudes. Inténtalo de nuevo en 10 minutos.',
    phone: { typed: '+52 55 1234 5678', e164: '+525512345678' },
    title: 'Catalyst: vende más en WhatsApp con IA',
    signIn: 'Iniciar sesión',
    localPhone: '55 1234 5678',
  },
};

const langs = Object.keys(texts) as Locale[];

/** Prices and counts as the page's locale writes them (USD for en/es, BRL for pt). */
function expectedPlans(lang: Locale) {
  const tag = localeTags[lang];
  return planList.map((plan) => {
    const { currency, monthlyCents, extraQueryCents } = planPrice(plan.id, lang);
    const money = new Intl.NumberFormat(tag, { style: 'currency', currency });
    const queries = new Intl.NumberFormat(tag).format(plan.limits.queriesPerMonth.count);
    return {
      plan,
      currency,
      monthly: money.format(monthlyCents / 100),
      extraQuery: money.format(extraQueryCents / 100),
      queries: plan.limits.queriesPerMonth.bound === 'up_to' ? texts[lang].upTo(queries) : texts[lang].moreThan(queries),
    };
  });
}

/** The raw HTML of the first response, with `&nbsp;` read back as the character Intl writes. */
async function firstResponse(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  return (await response.text()).replaceAll('&nbsp;', '\u00a0').replaceAll('&amp;', '&');
}

/** React has hydrated the server-rendered page, its lazily loaded sections too (app.tsx and landing-sections.tsx mark the document). */
async function appStarted(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-app-mounted', '');
  await expect(page.locator('html')).toHaveAttribute('data-landing-live', '');
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`);
}

const contactForm = (page: Page) => page.locator('#contact form');

// Behaviour that does not depend on the language is tested in one language each (the markup is the
// same in all three), spread over the three so each language's texts are exercised; axe in English
// runs in a11y.spec.ts.
const onceIn = { faq: 'en', honeypot: 'pt', rateLimit: 'es', axe: 'pt' } as const satisfies Record<string, Locale>;

for (const lang of langs) {
  const t = texts[lang];

  test.describe(`landing page /${lang}/`, () => {
    test('the first HTML response has the content, a plan price and the meta tags', async ({ request }) => {
      for (const path of [`/${lang}/`, `/${lang}`]) {
        const html = await firstResponse(request, path);
        expect(html, path).toContain(`>${t.h1}</h1>`);
        const basic = expectedPlans(lang)[0]!;
        expect(html, path).toContain(basic.monthly);
        expect(html).toContain(basic.currency === 'BRL' ? 'R$' : '$');
        expect(html).toContain(t.headings.at(-1)!);
        expect(html).toMatch(new RegExp(`<html[^>]* lang="${localeTags[lang]}"`));
        expect(html).toMatch(new RegExp(`<title[^>]*>${t.title}</title>`));
        expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
        for (const hreflang of ['en', 'pt-BR', 'es', 'x-default']) {
          expect(html).toMatch(new RegExp(`<link rel="alternate" href[lL]ang="${hreflang}" href="https?://[^"]+/(en/|pt/|es/)?"`));
        }
        expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+/${lang}/"`));
        for (const property of ['og:title', 'og:description', 'og:url', 'og:image', 'og:type', 'og:locale']) {
          expect(html).toMatch(new RegExp(`<meta property="${property}" content="[^"]+"`));
        }
        // The FAQ as schema.org FAQPage data, in the page's language.
        const jsonLd = html.match(/<script type="application\/ld\+json">([^<]+)<\/script>/)?.[1];
        expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({
          '@type': 'FAQPage',
          mainEntity: expect.arrayContaining([expect.objectContaining({ '@type': 'Question', name: t.faqQuestion })]),
        });
        // Its interactive parts hydrate from the landing's own entry (no router), loaded after the first
        // paint by a same-origin script, with the page's messages from a JSON data block: the page has
        // no inline script to run at all.
        expect(html).toMatch(/<script type="module" src="\/start-after-paint\.js" data-app-entry="\/assets\/landing-[^"]+\.js"/);
        expect(html).not.toContain('rel="modulepreload"');
        expect(html).not.toContain('$_TSR');
        expect(html.match(/<script(?![^>]*\ssrc=)(?![^>]*\stype="application\/(?:ld\+)?json")[^>]*>/g) ?? []).toEqual([]);
        expect(html).toMatch(/<script type="application\/json" id="landing-data">/);
      }
    });

    test('shows the content, the plans with prices in the right currency, and the header', async ({ page }) => {
      await page.goto(`/${lang}/`);
      await appStarted(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.h1);
      for (const name of t.headings) await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
      await expect(page.locator('#benefits')).toContainText(t.cartRecovery);
      for (const platform of ['Shopify', 'VTEX', 'Yampi'])
        await expect(page.locator('#integrations').getByText(platform, { exact: true })).toBeVisible();
      await expect(page.locator('#integrations li')).toHaveCount(11);
      await expect(page.locator('#cases figure blockquote')).toBeVisible();

      const cards = page.locator('#plans li');
      await expect(cards).toHaveCount(5);
      for (const [index, expected] of expectedPlans(lang).entries()) {
        const card = cards.nth(index);
        await expect(card.getByRole('heading', { level: 3 })).toHaveText(expected.plan.name);
        await expect(card).toContainText(expected.monthly);
        await expect(card).toContainText(expected.extraQuery);
        await expect(card).toContainText(expected.queries);
        await expect(card).toContainText(String(expected.plan.limits.trainingsPerMonth));
      }
      await expect(cards.first()).toContainText(lang === 'pt' ? 'R$' : '$');

      const header = page.locator('header');
      await expect(header.getByRole('link', { name: 'Catalyst' })).toBeVisible();
      await expect(header.getByRole('navigation').getByRole('link')).toHaveCount(6);
      // The language choice: links to the page in each language, the current one marked.
      await expect(header.locator('summary')).toContainText(localeNames[lang]);
      await header.locator('summary').click();
      for (const other of langs)
        await expect(header.getByRole('link', { name: localeNames[other], exact: true })).toHaveAttribute('href', `/${other}/`);
      await expect(header.getByRole('link', { name: localeNames[lang], exact: true })).toHaveAttribute('aria-current', 'true');
      await expect(header.getByRole('link', { name: t.signIn })).toHaveAttribute('href', `/${lang}/login`);
      await expect(page).toHaveTitle(t.title);
    });

    if (lang === onceIn.faq)
      test('opens and closes a FAQ answer from the keyboard', async ({ page }) => {
        await page.goto(`/${lang}/`);
        await appStarted(page);
        const question = page.locator('#faq summary', { hasText: t.faqQuestion });
        const answer = page.locator('#faq details', { has: page.locator('summary', { hasText: t.faqQuestion }) }).locator('p');
        await expect(answer).toBeHidden();
        // Reach it with Tab, from the last control before the FAQ.
        await page.locator('#plans a[href="#contact"]').focus();
        await page.keyboard.press('Tab');
        await expect(question).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(answer).toBeVisible();
        await expect(answer).toHaveText(t.faqAnswer);
        await page.keyboard.press('Space');
        await expect(answer).toBeHidden();
      });

    test('shows every validation message in the page language', async ({ page }) => {
      await page.goto(`/${lang}/`);
      await appStarted(page);
      const form = contactForm(page);
      await form.getByRole('button', { name: t.submit }).click();
      const m = t.messages;
      for (const message of [
        m.nameRequired,
        m.emailRequired,
        m.phoneRequired,
        m.positionRequired,
        m.websiteRequired,
        m.platformRequired,
        m.privacyRequired,
      ]) {
        await expect(form.getByText(message, { exact: true })).toBeVisible();
      }
      // The first field to fix has the focus and names its error.
      const name = form.getByRole('textbox', { name: t.labels.name, exact: true });
      await expect(name).toBeFocused();
      await expect(name).toHaveAttribute('aria-invalid', 'true');
      await expect(name).toHaveAccessibleDescription(m.nameRequired);

      await form.getByRole('textbox', { name: t.labels.email, exact: true }).fill('ana@');
      await form.getByRole('textbox', { name: t.labels.phone, exact: true }).fill('12');
      await form.getByRole('textbox', { name: t.labels.website, exact: true }).fill('my store');
      for (const message of [m.emailInvalid, m.phoneInvalid, m.websiteInvalid])
        await expect(form.getByText(message, { exact: true })).toBeVisible();

      // A local number of the page's country is accepted; on Spanish pages the + code is needed.
      await form.getByRole('textbox', { name: t.labels.phone, exact: true }).fill(t.localPhone);
      if (lang === 'es') await expect(form.getByText(m.phoneInvalid, { exact: true })).toBeVisible();
      else await expect(form.getByText(m.phoneInvalid, { exact: true })).toHaveCount(0);
      await form.getByRole('textbox', { name: t.labels.phone, exact: true }).fill('+52 55 1234 5678');
      await expect(form.getByText(m.phoneInvalid, { exact: true })).toHaveCount(0);

      await form.getByRole('checkbox', { name: t.labels.privacy }).check();
      await expect(form.getByText(m.privacyRequired, { exact: true })).toHaveCount(0);
    });

    if (lang === onceIn.honeypot)
      test('keeps the honeypot away from people and assistive technology', async ({ page }) => {
        await page.goto(`/${lang}/`);
        await appStarted(page);
        const form = contactForm(page);
        const honeypot = form.locator('input[name="nickname"]');
        await expect(honeypot).toHaveAttribute('tabindex', '-1');
        await expect(honeypot).toHaveAttribute('autocomplete', 'off');
        await expect(honeypot).toHaveValue('');
        const hidden = form.locator('[aria-hidden="true"]', { has: page.locator('input[name="nickname"]') });
        await expect(hidden).toHaveCount(1);
        await expect(form.getByRole('textbox')).toHaveCount(5); // name, email, phone, position, website
        // Visually hidden: clipped to a 1px box.
        const box = await hidden.boundingBox();
        expect(box!.width).toBeLessThanOrEqual(1);
        expect(box!.height).toBeLessThanOrEqual(1);
        expect(await hidden.evaluate((element) => getComputedStyle(element).overflow)).toBe('hidden');

        // Tab through the whole form: the honeypot never gets the focus. (The focus loads the live
        // form; it takes the static one's place first, so the walk is through the form people use.)
        await form.getByRole('textbox', { name: t.labels.name, exact: true }).focus();
        await expect(form).toHaveAttribute('data-live');
        await form.getByRole('textbox', { name: t.labels.name, exact: true }).focus();
        const visited: string[] = [];
        for (let i = 0; i < 12; i++) {
          visited.push(
            await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name || document.activeElement?.tagName || ''),
          );
          await page.keyboard.press('Tab');
        }
        expect(visited).toEqual(
          expect.arrayContaining([
            'name',
            'email',
            'phone',
            'position',
            'website',
            'platform',
            'segment',
            'privacyConsent',
            'whatsappConsent',
          ]),
        );
        expect(visited).not.toContain('nickname');
      });

    test('both forms store a request, read back by the business, after the success notice', async ({ page, context, request }) => {
      await asNewClient(context);
      await page.goto(`/${lang}/`);
      await appStarted(page);
      const email = uniqueLeadEmail(`ana-${lang}`);
      await fillContactForm(page, t, { email, phone: t.phone.typed });
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/contact-requests'));
      await contactForm(page).getByRole('button', { name: t.submit }).click();
      expect((await answered).status()).toBe(202);
      await expect(page.getByText(t.contactRequested)).toBeVisible();
      await expect(contactForm(page).getByRole('textbox', { name: t.labels.name, exact: true })).toHaveValue('');

      await page.locator('main').getByRole('link', { name: t.material }).click();
      const dialog = page.getByRole('dialog', { name: t.material });
      await fillLeadForm(dialog, t, { email, phone: t.phone.typed, whatsapp: false });
      await dialog.getByRole('button', { name: t.material }).click();
      await expect(page.getByText(t.materialRequested)).toBeVisible();

      const sent = {
        name: 'Ana Souza',
        email,
        phone: t.phone.e164,
        position: 'E-commerce manager',
        segment: null,
        website: 'https://loja.com.br',
        platform: 'vtex',
        privacyConsent: true,
        locale: lang,
        submissions: 1,
      };
      expect(await storedLeadRequests(request, email)).toEqual([
        expect.objectContaining({ ...sent, kind: 'contact', whatsappConsent: true }),
        expect.objectContaining({ ...sent, kind: 'material', whatsappConsent: false }),
      ]);
    });

    if (lang === onceIn.rateLimit)
      test('past the rate limit the form says when to try again, keeping what was typed', async ({ page, context, request }) => {
        const client = await asNewClient(context);
        // Spend this address's budget (both forms share it) straight on the API.
        let status = 0;
        for (let sent = 0; status !== 429 && sent < 20; sent++) {
          const answer = await context.request.post('/api/v1/material-requests', {
            headers: client,
            data: {
              name: 'Spender',
              email: uniqueLeadEmail('spender'),
              phone: '+5511987654321',
              position: 'x',
              website: 'https://loja.com.br',
              platform: 'other',
              privacyConsent: true,
              whatsappConsent: false,
              locale: lang,
            },
          });
          status = answer.status();
        }
        expect(status).toBe(429);

        await page.goto(`/${lang}/`);
        await appStarted(page);
        const email = uniqueLeadEmail('limited');
        await fillContactForm(page, t, { email, phone: t.phone.typed });
        await contactForm(page).getByRole('button', { name: t.submit }).click();
        await expect(contactForm(page).getByRole('alert')).toHaveText(t.tooManyRequests);
        await expect(contactForm(page).getByRole('textbox', { name: t.labels.email, exact: true })).toHaveValue(email);
        expect(await storedLeadRequests(request, email)).toEqual([]);
      });

    if (lang === onceIn.axe)
      test('has no serious or critical axe violation, with and without the material popup', async ({ page }) => {
        await page.goto(`/${lang}/`);
        await appStarted(page);
        expect(await seriousViolations(page)).toEqual([]);
        await page.locator('main').getByRole('link', { name: t.material }).click();
        await expect(page.getByRole('dialog', { name: t.material })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
  });
}

test.describe('landing page, any language', () => {
  for (const lang of langs) {
    test(`/${lang}/ hydrates without a warning, a move or a second set of head tags`, async ({ page }) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { shifts: number[] }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) shifts.push(entry.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // Hold the landing's entry script: what the browser shows first is the server's HTML alone.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/landing-*.js', async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(`/${lang}/`, { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts[lang].h1);
      const serverHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      release();
      await appStarted(page);
      // Hydrating moved nothing (measured before anything else happens on the page).
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(serverHeight);
      const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
      // The lazily loaded sections hydrated too: the contact form answers to React (it goes live).
      await page.locator('#contact-name').focus();
      await expect(contactForm(page)).toHaveAttribute('data-live');
      // One set of head tags: the browser adopted the server's rather than adding its own.
      await expect(page.locator('head title')).toHaveCount(1);
      await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
      await expect(page.locator('head link[rel="alternate"]')).toHaveCount(4);
      await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
      await expect(page.locator('head meta[property="og:title"]')).toHaveCount(1);
      // A hydration mismatch is a console error (React's #418/#425) and a second render.
      expect(problems).toEqual([]);
    });
  }

  test('keeps what was typed before the app started', async ({ browser }) => {
    // The server-rendered form, typed into with the app held back (its entry script blocked), then released.
    const context = await browser.newContext();
    const page = await context.newPage();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/landing-*.js', async (route) => {
      await released;
      await route.continue();
    });
    // Held module script: no DOMContentLoaded yet, but the server-rendered form is there. (No #contact in
    // the URL: the browser's scroll to the fragment, at the end of parsing, would take the focus away.)
    await page.goto('/en/', { waitUntil: 'commit' });
    await expect(page.locator('#contact-name')).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-app-mounted');
    await page.locator('#contact-name').fill('Ana Souza');
    await page.locator('#contact-privacyConsent').check();
    await page.locator('#contact-email').focus();
    release();
    await appStarted(page);
    await expect(page.locator('#contact-name')).toHaveValue('Ana Souza');
    await expect(page.locator('#contact-privacyConsent')).toBeChecked();
    await expect(page.locator('#contact-email')).toBeFocused();
    // …and the live form, once loaded, still has it.
    await page.locator('#contact-email').fill('ana@loja.com.br');
    await page.getByRole('button', { name: 'Request contact' }).click();
    await expect(page.locator('#contact-name')).toHaveValue('Ana Souza');
    await expect(page.getByText('Name is required', { exact: true })).toHaveCount(0);
    await expect(page.getByText('Phone is required', { exact: true })).toBeVisible();
    await context.close();
  });

  test('sends when the live form takes the place of the button being pressed', async ({ page }) => {
    // The press begins on the static form's button and ends on the live one's: the browser clicks
    // neither (press and release hit different elements), so the swap itself must send.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/lead-form-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/en/');
    await appStarted(page);
    const send = contactForm(page).getByRole('button', { name: 'Request contact' });
    await send.scrollIntoViewIfNeeded();
    await expect(contactForm(page)).not.toHaveAttribute('data-live');
    const box = (await send.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    release();
    await expect(contactForm(page)).toHaveAttribute('data-live');
    await page.mouse.up();
    await expect(contactForm(page).getByText('Name is required', { exact: true })).toBeVisible();
    await expect(contactForm(page).getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
  });

  test("the landing's messages come in its HTML; going on to sign in brings the app's, translated", async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    const catalogs: string[] = [];
    page.on('request', (request) => {
      const name = new URL(request.url()).pathname.match(/\/assets\/(public|messages)-[\w-]{8}\.js$/)?.[1];
      if (name) catalogs.push(name);
    });
    await page.goto('/pt/');
    await appStarted(page);
    await page.locator('main').getByRole('link', { name: 'Solicitar material' }).click();
    await expect(page.getByRole('dialog', { name: 'Solicitar material' })).toBeVisible();
    await page.keyboard.press('Escape');
    expect(catalogs).toEqual([]);
    await page.locator('header').getByRole('link', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/pt\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar no Catalyst' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Senha', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Esqueceu sua senha?' })).toBeVisible();
    expect(catalogs).toEqual(['public', 'messages']);
    expect(problems).toEqual([]);
  });

  test('the login page’s "talk to us" link lands on the contact form', async ({ page }) => {
    await page.goto('/en/login');
    await page.getByRole('link', { name: 'No account yet? Talk to us.' }).click();
    await expect(page).toHaveURL(/\/en\/?#contact$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Talk to a specialist' })).toBeInViewport();
  });

  test('the material popup opens, validates, and gives the focus back when closed', async ({ page }) => {
    await page.goto('/en/');
    await appStarted(page);
    const opener = page.locator('main').getByRole('link', { name: 'Request material' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Request material' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Request material' }).click();
    await expect(dialog.getByText('Name is required', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('a bot that fills the honeypot gets the success notice, and nothing is stored', async ({ page, context, request }) => {
    await asNewClient(context);
    await page.goto('/en/');
    await appStarted(page);
    const email = uniqueLeadEmail('bot');
    await fillContactForm(page, texts.en, { email });
    await expect(contactForm(page)).toHaveAttribute('data-live');
    // As a form-filling bot does: every input gets a value, the hidden one too (React sees the input event).
    await contactForm(page)
      .locator('input[name="nickname"]')
      .evaluate((input: HTMLInputElement) => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'Best prices here');
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/v1/contact-requests') && r.method() === 'POST');
    await contactForm(page).getByRole('button', { name: texts.en.submit }).click();
    expect((await posted).postDataJSON()).toMatchObject({ email, nickname: 'Best prices here' });
    await expect(page.getByText(texts.en.contactRequested)).toBeVisible();
    expect(await storedLeadRequests(request, email)).toEqual([]);
  });
});

type LeadValues = { email?: string; phone?: string; whatsapp?: boolean };

async function fillLeadForm(
  form: Locator,
  t: Texts,
  { email = 'ana@loja.com.br', phone = '+55 11 98765-4321', whatsapp = true }: LeadValues = {},
) {
  await form.getByRole('textbox', { name: t.labels.name, exact: true }).fill('Ana Souza');
  await form.getByRole('textbox', { name: t.labels.email, exact: true }).fill(email);
  await form.getByRole('textbox', { name: t.labels.phone, exact: true }).fill(phone);
  await form.getByRole('textbox', { name: t.labels.position, exact: true }).fill('E-commerce manager');
  await form.getByRole('textbox', { name: t.labels.website, exact: true }).fill('loja.com.br');
  await form.getByRole('combobox', { name: t.labels.platform, exact: true }).selectOption('vtex');
  await form.getByRole('checkbox', { name: t.labels.privacy }).check();
  await form.locator('input[name="whatsappConsent"]').setChecked(whatsapp);
}

function fillContactForm(page: Page, t: Texts = texts.en, values?: LeadValues) {
  return fillLeadForm(contactForm(page), t, values);
}
