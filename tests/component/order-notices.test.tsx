// 'Post-sale notices' of an inventory's screen as a view, with its real machine and API client, against
// the component tests' real API server and its loopback WhatsApp Cloud API (global-setup.ts), where the
// ready-made order confirmation is submitted through the API and approved by the fixture's review. The
// notices API takes any inventory of the merchant's, so an inventory with its name only stands for a
// configured one (this server has no catalog to configure one against). Proved here: the order
// confirmation switched on without a number is refused at the number's field (and at the template's),
// nothing chosen lost; the number and the approved template chosen, its variables pre-selected, saved
// with a toast; shown again as saved after a reload. A number without an approved Utility template says
// so and leads to /templates, and a refusal is said at its field through the page's catalog (pt); without
// a number connected the section says so and leads to /channels (es).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { orderNoticeRefusals, type OrderNoticeSettings } from '@/domain/order-notice';
import AppToaster from '@/src/app/toaster';
import { OrderNoticesSection } from '@/src/features/inventories/components/order-notices-section';
import { i18n } from '@/src/i18n/i18n';
import type { TestUser } from '../server/support/emulator-users';
import { api } from './support/merchant';
import { approvedReadyMade, merchantWithNumber } from './support/merchant-number';
import { renderView } from './support/render-view';
import { whatsappNumbers } from './support/whatsapp-numbers';

const merchantWith = merchantWithNumber;
const approvedConfirmation = (owner: TestUser, channelId: string) => approvedReadyMade(owner, channelId, ['order_confirmation']);

const renderNotices = (inventoryId: string, owner: TestUser, lang: 'en' | 'pt' | 'es' = 'en') =>
  renderView(
    () => (
      <>
        <OrderNoticesSection inventoryId={inventoryId} />
        <AppToaster />
      </>
    ),
    owner,
    { lang },
  );

const notice = (name: string) => screen.getByRole('region', { name });
/** A variable's select, in a notice's region, with the name of the source chosen for it. */
const sourceOf = (region: HTMLElement, variable: string) => {
  const select = within(region).getByLabelText(`{{${variable}}}`) as HTMLSelectElement;
  return select.selectedOptions[0]?.textContent;
};

it('switches on the order confirmation: refused without a number, then saved with its mapping, and shown again', async () => {
  const { owner, inventoryId, channelId } = await merchantWith('notices-saved', whatsappNumbers.noticesSaved);
  await approvedConfirmation(owner, channelId!);
  const first = await renderNotices(inventoryId, owner);

  const confirmationSwitch = (await screen.findByRole(
    'switch',
    { name: 'Send the order confirmation' },
    { timeout: 15_000 },
  )) as HTMLInputElement;
  expect(confirmationSwitch.checked).toBe(false);
  await userEvent.click(confirmationSwitch);
  await userEvent.click(screen.getByRole('button', { name: 'Save notices' }));

  // Refused at its fields, in the page's language, tied to them; nothing chosen is lost.
  expect(await screen.findByText('Choose the WhatsApp number the notices go from.')).toBeTruthy();
  const number = screen.getByLabelText(/^WhatsApp number/) as HTMLSelectElement;
  expect(number.getAttribute('aria-invalid')).toBe('true');
  const confirmation = notice('Order confirmation');
  expect(within(confirmation).getByText('Choose the template this notice sends.')).toBeTruthy();
  expect(confirmationSwitch.checked).toBe(true);

  await userEvent.selectOptions(number, channelId!);
  expect(number.getAttribute('aria-invalid')).toBeNull();
  const template = within(confirmation).getByLabelText(/^Template/) as HTMLSelectElement;
  expect([...template.options].map((option) => option.value)).toContain('order_confirmation');
  await userEvent.selectOptions(template, 'order_confirmation');

  // Each variable of the template pre-selected from its obvious source; a shipment's values are not offered.
  expect(sourceOf(confirmation, 'first_name')).toBe('Customer’s first name');
  expect(sourceOf(confirmation, 'order_number')).toBe('Order number');
  expect(sourceOf(confirmation, 'order_total')).toBe('Order total');
  expect(sourceOf(confirmation, 'order_status_url')).toBe('Order status page');
  const totalChoices = [...(within(confirmation).getByLabelText('{{order_total}}') as HTMLSelectElement).options].map((o) => o.textContent);
  expect(totalChoices).toContain('Store name');
  expect(totalChoices).not.toContain('Tracking link');
  await userEvent.selectOptions(within(confirmation).getByLabelText('{{first_name}}'), 'store_name');

  await userEvent.click(screen.getByRole('button', { name: 'Save notices' }));
  expect(await screen.findByText('Post-sale notices saved.', {}, { timeout: 15_000 })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Saved' })).toBeTruthy();
  expect(await api<OrderNoticeSettings>(owner, 'GET', `/inventories/${inventoryId}/notices`)).toEqual({
    channelId,
    notices: {
      order_confirmation: {
        enabled: true,
        templateName: 'order_confirmation',
        variables: {
          first_name: 'store_name',
          order_number: 'order_number',
          order_total: 'order_total',
          order_status_url: 'order_status_url',
        },
      },
      shipping_update: { enabled: false, templateName: null, variables: {} },
    },
  });
  first.unmount();

  // Reloaded: as saved.
  await renderNotices(inventoryId, owner);
  const again = (await screen.findByRole('switch', { name: 'Send the order confirmation' }, { timeout: 15_000 })) as HTMLInputElement;
  expect(again.checked).toBe(true);
  expect((screen.getByLabelText(/^WhatsApp number/) as HTMLSelectElement).value).toBe(channelId);
  const reloaded = notice('Order confirmation');
  expect((within(reloaded).getByLabelText(/^Template/) as HTMLSelectElement).value).toBe('order_confirmation');
  expect(sourceOf(reloaded, 'first_name')).toBe('Store name');
  expect(sourceOf(reloaded, 'order_status_url')).toBe('Order status page');
  expect((screen.getByRole('switch', { name: 'Send the shipping update' }) as HTMLInputElement).checked).toBe(false);
}, 90_000);

it('a number without an approved Utility template leads to /templates; a refusal is said at its field in the page’s language', async () => {
  const { owner, inventoryId, channelId } = await merchantWith('notices-unapproved', whatsappNumbers.noticesUnapproved);
  await renderNotices(inventoryId, owner, 'pt');
  const number = (await screen.findByLabelText(/^Número do WhatsApp/, {}, { timeout: 15_000 })) as HTMLSelectElement;
  await userEvent.selectOptions(number, channelId!);
  const shipping = notice('Atualização de envio');
  expect(within(shipping).getByText(/^Este número ainda não tem um modelo de Utilidade aprovado\./)).toBeTruthy();
  expect(within(shipping).getByRole('link', { name: 'Ir para Modelos' }).getAttribute('href')).toBe('/pt/templates');

  await userEvent.click(within(shipping).getByRole('switch', { name: 'Enviar a atualização de envio' }));
  await userEvent.click(screen.getByRole('button', { name: 'Salvar avisos' }));
  // Said at the template's field, by its message id through the page's (Portuguese) catalog; the switch and number kept.
  const refusal = i18n._(orderNoticeRefusals.templateMissing);
  expect(refusal).not.toBe(orderNoticeRefusals.templateMissing.id);
  expect(await within(shipping).findByText(refusal)).toBeTruthy();
  expect(
    within(shipping)
      .getByLabelText(/^Modelo/)
      .getAttribute('aria-invalid'),
  ).toBe('true');
  expect((within(shipping).getByRole('switch', { name: 'Enviar a atualização de envio' }) as HTMLInputElement).checked).toBe(true);
  expect(number.value).toBe(channelId);
}, 60_000);

it('without a number connected, says so and leads to /channels', async () => {
  const { owner, inventoryId } = await merchantWith('notices-no-number', null);
  await renderNotices(inventoryId, owner, 'es');
  expect(await screen.findByText(/^Todavía no hay ningún número de WhatsApp conectado/, {}, { timeout: 15_000 })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Ir a Canales' }).getAttribute('href')).toBe('/es/channels');
  expect(screen.queryByRole('switch')).toBeNull();
  expect(screen.queryByRole('button')).toBeNull();
});
