// The WhatsApp channel's whole story, walked in Chromium as a merchant walks `npm start`'s demo: a merchant of its
// own with an active seller AI base (a Portuguese FAQ as its knowledge) and an inventory on the demo
// store and catalog connects a number on /en/channels and verifies its webhook on the page that stands
// in for Meta's settings; a shopper writes to it through the WhatsApp fixture's simulated shopper page
// (its messages go as Meta's signed webhooks to the e2e server):
// a question in Portuguese gets the FAQ's answer, a product question gets the product list, the
// sample cart gets the cart summary link, which opens the cart and reaches the store's checkout; the
// channel's conversation page then shows the three exchanges, the answer with the passage it cited.
// Each step's rules are proved below the browser (tests/server/whatsapp-answering.test.ts,
// tests/component/channel-conversations.test.tsx); forged and redelivered webhooks in the server tests.
import { expect, test, type Page } from '@playwright/test';
import type { AiBase } from '@/domain/ai-base';
import type { Inventory } from '@/domain/inventory';
import { DEMO_PRODUCT_QUESTION } from '@/scripts/demo-channel';
import { DEMO_SHOPPER } from '../fixtures/whatsapp-cloud-api-server';
import { e2ePeers } from './fixtures/e2e-peers';
import { signInDirectly } from './fixtures/emulator-users';
import { inventoryApi } from './fixtures/inventory-api';
import { merchantApi, newMerchant } from './fixtures/merchant-api';

const faq = [
  'Pergunta;Resposta',
  'Qual o prazo de entrega?;Os pedidos chegam de 3 a 7 dias úteis.',
  'Posso trocar um produto?;Sim, em até 30 dias após a entrega, sem uso e com etiqueta.',
].join('\n');

test('the demo walk: connect a number, a shopper’s question, product list and cart answered, the cart reaches the checkout, the conversation shows it all', async ({
  page,
  request,
}) => {
  const { demo, shopifyToken, whatsapp } = e2ePeers();
  const number = whatsapp.channelWalkNumber;
  const merchant = await newMerchant(request, 'channel-walk');

  // What npm start gives the demo account, made through the API at once: an inventory on the demo store
  // (its storefront as the website, where the checkout lands) and catalog, synced; an active AI base.
  const inventories = inventoryApi(request, merchant);
  const makeInventory = () => inventories.onDemoStore('Loja Passeio', { ...demo, token: shopifyToken }, 'utm_source=whatsapp');
  const makeBase = async () => {
    const bases = merchantApi(request, merchant);
    const base: AiBase = await bases.create({ name: 'Ana da Loja Passeio' });
    await bases.uploadKnowledge(base, 'faq.csv', faq);
    return bases.activate(await bases.complete(await bases.get(base.id)));
  };
  const [inventory, base] = await Promise.all([makeInventory(), makeBase(), signInDirectly(page, merchant)]);

  // The merchant connects the number on Channels.
  const main = page.getByRole('main');
  await page.goto('/en/channels');
  await main.getByRole('button', { name: 'Connect a WhatsApp number' }).first().click();
  await main.getByRole('textbox', { name: 'Phone number ID', exact: true }).fill(number.phoneNumberId);
  await main.getByRole('textbox', { name: 'WhatsApp Business Account ID', exact: true }).fill(number.wabaId);
  await main.locator('input[name=accessToken]').fill(number.accessToken);
  await main.locator('input[name=appSecret]').fill(number.appSecret);
  await main.getByRole('combobox', { name: 'AI base' }).selectOption(base.id);
  await main.getByRole('combobox', { name: 'Inventory (optional)' }).selectOption({ label: inventory.name });
  await main.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(main.getByRole('heading', { name: `${number.displayPhoneNumber} (${number.verifiedName}) is connected` })).toBeVisible();
  const callbackUrl = await main.locator('input[name=webhookUrl]').inputValue();
  const verifyToken = await main.locator('input[name=verifyToken]').inputValue();

  // Meta's webhook settings, which the fixture's page stands in for: the callback URL verified with the token.
  const shopper = await page.context().newPage();
  await shopper.goto(whatsapp.shopperUrl);
  await shopper.getByRole('combobox', { name: 'Number' }).selectOption(number.phoneNumberId);
  await shopper.getByText("Meta's webhook settings for this number").click();
  await shopper.getByRole('textbox', { name: 'Callback URL' }).fill(callbackUrl);
  await shopper.getByRole('textbox', { name: 'Verify token' }).fill(verifyToken);
  await shopper.getByRole('button', { name: 'Verify and save' }).click();
  await expect(shopper.getByRole('status')).toHaveText('Callback URL verified and saved');
  await expect(shopper.getByText('Webhooks go to ')).toHaveText(`Webhooks go to ${callbackUrl}`);
  await page.bringToFront();
  await main.getByRole('button', { name: 'Done', exact: true }).click();
  const card = main.getByRole('region', { name: 'Connected numbers' });
  await expect(card.getByText(number.displayPhoneNumber)).toBeVisible();

  // The shopper, on the simulated shopper page, writes to that number.
  await shopper.bringToFront();
  const lines = shopper.getByRole('list');
  const businessLine = (text: string) => lines.getByRole('listitem').filter({ hasText: 'Business' }).filter({ hasText: text });
  const write = async (text: string) => {
    await shopper.getByRole('textbox', { name: 'Message' }).fill(text);
    await shopper.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(shopper.getByRole('status')).toHaveText('Delivered (webhook answered 200)');
  };
  await write('Qual o prazo de entrega?');
  await expect(businessLine('Os pedidos chegam de 3 a 7 dias úteis.')).toBeVisible();
  await write(DEMO_PRODUCT_QUESTION);
  await expect(businessLine('[product list:')).toContainText('IPOD2008');
  await shopper.getByRole('button', { name: 'Send a sample cart' }).click();
  const cartLink = businessLine('Aqui está o resumo do seu carrinho').getByRole('link');
  await expect(cartLink).toHaveAttribute('href', new RegExp(`/pt/c/${inventory.publicId}/cart\\?cart=[\\w-]{11}$`));
  const cartId = new URL((await cartLink.getAttribute('href'))!).searchParams.get('cart');

  // The link opens the cart summary; its checkout lands on the store's cart permalink for that cart.
  // Its button works once React has hydrated the server's HTML, which the page says by reporting the
  // cart view: a click on the bare HTML before that is lost (CI saw one, and the walk waited for nothing).
  const cartViewed = page
    .context()
    .waitForEvent('response', (answer) => answer.url().endsWith(`/api/v1/storefront/${inventory.publicId}/events`));
  const [cart] = await Promise.all([page.context().waitForEvent('page'), cartLink.click()]);
  await cartViewed;
  await expect(cart.getByRole('heading', { level: 3, name: 'IPod Nano - 8GB' })).toHaveCount(2);
  await cart.getByRole('button', { name: 'Finalizar compra' }).click();
  await cart.waitForURL((url) => url.href.startsWith(`${demo.storefrontUrl}/cart/`));
  expect(new URL(cart.url()).searchParams.get('attributes[catalyst_cart]')).toBe(cartId);
  await expect(cart.getByText(/order #\d+ recorded/)).toBeVisible();

  // The channel's conversation page shows the exchange: each message, its reply, the passage the answer used.
  await page.bringToFront();
  await card.getByRole('link', { name: 'Open' }).click();
  await expectConversation(page, inventory);
  await page.getByRole('link', { name: 'Back to channels' }).click();
  await expect(card.getByText('Verified by Meta', { exact: true })).toBeVisible();
});

async function expectConversation(page: Page, inventory: Inventory) {
  const conversation = page.getByRole('main').getByRole('article', { name: `••••${DEMO_SHOPPER.waId.slice(-4)}` });
  const exchange = (text: string) => conversation.getByRole('listitem').filter({ hasText: text }).first();
  await expect(conversation.getByText('3 messages')).toBeVisible();
  await expect(exchange('Qual o prazo de entrega?')).toContainText('Os pedidos chegam de 3 a 7 dias úteis.');
  await expect(exchange('Qual o prazo de entrega?')).toContainText('From faq.csv, row 2');
  await expect(exchange(DEMO_PRODUCT_QUESTION)).toContainText('Products: IPod Nano - 8GB — ');
  await expect(exchange('Order (2 items)')).toContainText('Cart link sent');
  await expect(exchange('Order (2 items)')).toContainText(`/pt/c/${inventory.publicId}/cart?cart=`);
}
