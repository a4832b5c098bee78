// The landing before its JavaScript runs, or without it (a browser with JavaScript off): the FAQ,
// the language choice and the way into the app are native elements and links, and both lead forms
// are plain HTML forms the server answers with the landing and the outcome: every validation
// message in the page's language with what was typed kept, or the notice that the request was
// sent, read back as stored. Then, with JavaScript, what hydration adds on top: the language
// remembered, a material panel opened before the page was live becoming the popup, and both forms
// falling back to what they do without JavaScript when their code cannot load.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { asNewClient, storedLeadRequests, uniqueLeadEmail } from './fixtures/lead-requests';

type Lead = { name: string; email: string; phone: string; position: string; website: string; platform: string };

async function fill(form: Locator, lead: Partial<Lead>, consent: boolean) {
  for (const [name, value] of Object.entries(lead)) {
    if (name === 'platform') await form.locator('select[name="platform"]').selectOption(value);
    else await form.locator(`input[name="${name}"]`).fill(value);
  }
  await form.locator('input[name="privacyConsent"]').setChecked(consent);
}

const typedIn = (email: string): Lead => ({
  name: 'Ana Souza',
  email,
  phone: '(11) 98765-4321',
  position: 'Gerente de e-commerce',
  website: 'loja.com.br',
  platform: 'vtex',
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the FAQ opens and closes, the language choice leads to the page in Portuguese, and sign-in into the app', async ({ page }) => {
    await page.goto('/en/');
    const text = 'Which e-commerce platforms does Catalyst integrate with?';
    const question = page.locator('#faq summary', { hasText: text });
    const answer = page.locator('#faq details', { has: page.locator('summary', { hasText: text }) }).locator('p');
    await expect(answer).toBeHidden();
    await question.click();
    await expect(answer).toBeVisible();
    await question.click();
    await expect(answer).toBeHidden();

    const header = page.locator('header');
    await expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/en/login');
    await header.locator('summary').click();
    await header.getByRole('link', { name: 'Português' }).click();
    await expect(page).toHaveURL(/\/pt\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Venda mais no WhatsApp com IA');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  });

  test('the contact form sent empty comes back with every message in the page language; sent filled, it is stored and says so', async ({
    page,
    context,
    request,
  }) => {
    await asNewClient(context);
    await page.goto('/pt/');
    const form = () => page.locator('#contact form');
    await form().getByRole('button', { name: 'Solicitar contato' }).click();
    await expect(page).toHaveURL(/\/pt\/#contact$/);
    for (const message of [
      'O nome é obrigatório',
      'O e-mail é obrigatório',
      'O telefone é obrigatório',
      'O cargo é obrigatório',
      'O site é obrigatório',
      'A plataforma é obrigatória',
      'Você precisa aceitar a política de privacidade',
    ])
      await expect(form().getByText(message, { exact: true })).toBeVisible();
    await expect(form().getByRole('textbox', { name: 'Nome', exact: true })).toHaveAttribute('aria-invalid', 'true');

    // What was typed comes back with the page; only the fields at fault carry a message.
    const email = uniqueLeadEmail('sem-js');
    await fill(form(), { ...typedIn(email), email: 'ana@' }, true);
    await form().getByRole('button', { name: 'Solicitar contato' }).click();
    await expect(form().getByText('O e-mail deve ser válido', { exact: true })).toBeVisible();
    await expect(form().getByText('O nome é obrigatório', { exact: true })).toHaveCount(0);
    await expect(form().locator('input[name="name"]')).toHaveValue('Ana Souza');
    await expect(form().locator('input[name="email"]')).toHaveValue('ana@');
    await expect(form().locator('select[name="platform"]')).toHaveValue('vtex');
    await expect(form().locator('input[name="privacyConsent"]')).toBeChecked();

    await form().locator('input[name="email"]').fill(email);
    await form().getByRole('button', { name: 'Solicitar contato' }).click();
    await expect(page.locator('#contact').getByText('Contato solicitado!')).toBeVisible();
    await expect(form().locator('input[name="name"]')).toHaveValue('');
    expect(await storedLeadRequests(request, email)).toEqual([
      expect.objectContaining({
        kind: 'contact',
        name: 'Ana Souza',
        phone: '+5511987654321',
        website: 'https://loja.com.br',
        platform: 'vtex',
        privacyConsent: true,
        whatsappConsent: false,
        locale: 'pt',
      }),
    ]);
  });

  test('"Request material" opens its panel, whose form is sent and stored', async ({ page, context, request }) => {
    await asNewClient(context);
    await page.goto('/es/');
    await page.locator('main').getByRole('link', { name: 'Solicitar material' }).click();
    const panel = page.getByRole('region', { name: 'Solicitar material' });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('Recibe por correo nuestra presentación');

    await panel.getByRole('button', { name: 'Solicitar material' }).click();
    await expect(page).toHaveURL(/\/es\/#material$/);
    await expect(panel.getByText('El nombre es obligatorio', { exact: true })).toBeVisible();

    const email = uniqueLeadEmail('sin-js');
    await fill(panel, { ...typedIn(email), phone: '+52 55 1234 5678' }, true);
    await panel.getByRole('button', { name: 'Solicitar material' }).click();
    await expect(panel.getByText('¡Material solicitado con éxito!')).toBeVisible();
    expect(await storedLeadRequests(request, email)).toEqual([
      expect.objectContaining({ kind: 'material', phone: '+525512345678', locale: 'es' }),
    ]);

    await panel.getByRole('link', { name: 'Cerrar' }).click();
    await expect(panel).toBeHidden();
  });
});

test.describe('with JavaScript, once live', () => {
  const live = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-landing-live', '');

  test('a language chosen is remembered: "/" goes to it', async ({ page }) => {
    await page.goto('/en/');
    await live(page);
    await page.locator('header summary').click();
    await page.locator('header').getByRole('link', { name: 'Español' }).click();
    await expect(page).toHaveURL(/\/es\/$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/es\/?$/);
  });

  test('a material panel opened before the page was live becomes the popup, with what was typed', async ({ page }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/landing-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/en/', { waitUntil: 'commit' });
    await page.locator('main').getByRole('link', { name: 'Request material' }).click();
    const panel = page.getByRole('region', { name: 'Request material' });
    await expect(panel).toBeVisible();
    await panel.locator('input[name="name"]').fill('Ana Souza');
    release();
    await live(page);
    const dialog = page.getByRole('dialog', { name: 'Request material' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Ana Souza');
    await expect(page.locator('#material')).toHaveCount(0);
    expect(new URL(page.url()).hash).toBe('');
    await dialog.getByRole('button', { name: 'Request material' }).click();
    await expect(dialog.getByText('Email is required', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Name is required', { exact: true })).toHaveCount(0);
  });

  test("the material popup's code failing to load, the link opens the page's panel instead", async ({ page }) => {
    await page.route('**/assets/material-request-dialog-*.js', (route) => route.abort());
    await page.goto('/en/');
    await live(page);
    await page.locator('main').getByRole('link', { name: 'Request material' }).click();
    const panel = page.getByRole('region', { name: 'Request material' });
    await expect(panel).toBeVisible();
    await expect(page).toHaveURL(/\/en\/#material$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await panel.getByRole('button', { name: 'Request material' }).click();
    await expect(panel.getByText('Name is required', { exact: true })).toBeVisible();
  });

  test("the live contact form's code failing to load, sending posts the page's form and the server answers", async ({
    page,
    context,
    request,
  }) => {
    await asNewClient(context);
    await page.route('**/assets/lead-form-*.js', (route) => route.abort());
    await page.goto('/pt/');
    await live(page);
    const form = () => page.locator('#contact form');
    const email = uniqueLeadEmail('sem-chunk');
    await fill(form(), typedIn(email), true);
    await form().getByRole('button', { name: 'Solicitar contato' }).click();
    await expect(page.locator('#contact').getByText('Contato solicitado!')).toBeVisible();
    expect(await storedLeadRequests(request, email)).toEqual([
      expect.objectContaining({ kind: 'contact', name: 'Ana Souza', locale: 'pt' }),
    ]);
  });
});
