// The website widget screen as a view, with its real machine and API client, against the component
// tests' real API server (global-setup.ts). Proved here: switched on with nothing chosen, the domain's
// refusals show at their fields before anything is sent; a site typed wrong is refused at its field,
// a right one is listed (as the browser names it) and removed; the preview follows the colour, side and
// greeting before they are saved; saved with a toast and read back as saved; the snippet names the
// widget's public id and its Copy is confirmed by a toast; 'check my site' finds the snippet on a page
// of a loopback site the widget lists, says when it is not there, and refuses a page of a site it does
// not list at the address's field.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultWidgetSettings, type Widget } from '@/domain/widget';
import AppToaster from '@/src/app/toaster';
import { WidgetPage } from '@/src/features/widget/components/widget-page';
import type { TestUser } from '../server/support/emulator-users';
import { api, merchant } from './support/merchant';
import { renderView } from './support/render-view';

let site: Server;
let siteOrigin: string;
let publicIdOnSite = '';

beforeAll(async () => {
  site = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    const script =
      request.url === '/with' ? `<script src="https://c.example/widget.js" data-catalyst="${publicIdOnSite}" async></script>` : '';
    response.end(`<!doctype html><html><head>${script}</head><body>Loja</body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

const renderWidget = (owner: TestUser, lang: 'en' | 'pt' | 'es' = 'en') =>
  renderView(
    () => (
      <>
        <WidgetPage />
        <AppToaster />
      </>
    ),
    owner,
    { lang },
  );

it('refuses at their fields before saving, lists a site, previews the look, saves it and shows the snippet', async () => {
  const owner = await merchant('widget-screen');
  await renderWidget(owner);
  const enabled = (await screen.findByRole('checkbox', { name: 'Show the widget on my sites' }, { timeout: 15_000 })) as HTMLInputElement;
  expect(enabled.checked).toBe(false);

  await userEvent.click(enabled);
  await userEvent.click(screen.getByRole('button', { name: 'Save widget' }));
  // The domain's refusals, at their fields, tied to them.
  expect(await screen.findByText('Some settings need another look before the widget can be saved: see the messages below.')).toBeTruthy();
  expect(screen.getByRole('combobox', { name: 'WhatsApp number' }).getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByText('Choose the WhatsApp number whose AI base answers on your site.')).toBeTruthy();
  expect(screen.getByText('Add the address of at least one site that shows the widget.')).toBeTruthy();

  const address = screen.getByRole('textbox', { name: 'Site address' });
  await userEvent.type(address, 'www.loja.example/produtos');
  await userEvent.click(screen.getByRole('button', { name: 'Add site' }));
  expect(screen.getByText(/Enter a site’s address as https:\/\//)).toBeTruthy();
  await userEvent.clear(address);
  await userEvent.type(address, 'HTTPS://www.Loja.example/{Enter}');
  const sites = screen.getByRole('list', { name: 'Sites that show the widget' });
  expect(within(sites).getByText('https://www.loja.example')).toBeTruthy();
  expect((address as HTMLInputElement).value).toBe('');
  await userEvent.type(address, siteOrigin);
  await userEvent.click(screen.getByRole('button', { name: 'Add site' }));
  await userEvent.click(screen.getByRole('button', { name: 'Remove https://www.loja.example' }));
  expect(within(sites).queryByText('https://www.loja.example')).toBeNull();

  // The preview follows the settings before they are saved.
  const colour = screen.getByRole('textbox', { name: 'Colour' });
  await userEvent.clear(colour);
  await userEvent.type(colour, '#AA3300');
  await userEvent.click(screen.getByRole('radio', { name: 'Bottom left' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'English' }), 'Hello from the shop!');
  const preview = screen.getByTestId('widget-preview');
  expect(preview.getAttribute('data-side')).toBe('left');
  expect(screen.getByTestId('widget-preview-greeting').textContent).toBe('Hello from the shop!');
  await userEvent.click(screen.getByRole('button', { name: 'Español' }));
  expect(screen.getByTestId('widget-preview-greeting').textContent).toBe('¡Hola! ¿Cómo puedo ayudarte a encontrar lo que buscas?');

  // Off again (no number to answer with here): it saves, with a toast.
  await userEvent.click(enabled);
  await userEvent.click(screen.getByRole('button', { name: 'Save widget' }));
  expect(await screen.findByText('Website widget saved.')).toBeTruthy();
  const saved = await api<Widget>(owner, 'GET', '/widget');
  expect(saved).toMatchObject({
    enabled: false,
    allowedOrigins: [siteOrigin],
    look: { color: '#AA3300', position: 'left' },
    greetings: { en: 'Hello from the shop!', pt: '', es: '' },
  });

  // The snippet names the widget; its copy is confirmed.
  const snippet = screen.getByRole('textbox', { name: 'The widget’s snippet' }) as HTMLTextAreaElement;
  expect(snippet.value).toBe(`<script src="${window.location.origin}/widget.js" data-catalyst="${saved.publicId}" async></script>`);
  const written: string[] = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text: string) => void written.push(text) },
  });
  await userEvent.click(screen.getByRole('button', { name: 'Copy snippet' }));
  expect(await screen.findByText('Snippet copied: paste it into your site before </body>.')).toBeTruthy();
  expect(written).toEqual([snippet.value]);
}, 60_000);

it("checks the merchant's page for the snippet, and refuses a page of a site the widget does not list", async () => {
  const owner = await merchant('widget-check');
  const widget = await api<Widget>(owner, 'GET', '/widget');
  publicIdOnSite = widget.publicId;
  await api(owner, 'PUT', '/widget', { ...defaultWidgetSettings(), allowedOrigins: [siteOrigin] });
  await renderWidget(owner);

  const page = await screen.findByRole('textbox', { name: 'Page address' }, { timeout: 15_000 });
  await userEvent.type(page, 'https://www.not-listed.example/');
  await userEvent.click(screen.getByRole('button', { name: 'Check' }));
  expect(await screen.findByText('This page is not on one of the widget’s sites: add its site to the list and save first.')).toBeTruthy();

  await userEvent.clear(page);
  await userEvent.type(page, `${siteOrigin}/with`);
  await userEvent.click(screen.getByRole('button', { name: 'Check' }));
  expect(await screen.findByText('The widget’s snippet is on this page.')).toBeTruthy();

  await userEvent.clear(page);
  await userEvent.type(page, `${siteOrigin}/without`);
  await userEvent.click(screen.getByRole('button', { name: 'Check' }));
  await waitFor(() => expect(screen.getByText(/The snippet is not on this page yet/)).toBeTruthy());
}, 60_000);

it('says the refusals in the page’s language (pt)', async () => {
  const owner = await merchant('widget-pt');
  await renderWidget(owner, 'pt');
  const address = await screen.findByRole('textbox', { name: 'Endereço do site' }, { timeout: 15_000 });
  await userEvent.type(address, 'loja');
  await userEvent.click(screen.getByRole('button', { name: 'Adicionar site' }));
  expect(screen.getByText(/Informe o endereço do site com https:\/\//)).toBeTruthy();
}, 60_000);
