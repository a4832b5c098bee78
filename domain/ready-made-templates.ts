// Ready-made WhatsApp templates a merchant submits with one click, each in Brazilian Portuguese,
// English and Latin-American Spanish: the post-sale notices (order confirmation, order shipped),
// three cart-recovery reminders and a campaign example. Every one passes templateDraftIssues, and
// its variables carry the same names in every language, so one set of values fills any of them.
// Links go in the body: a link button's address must start with a fixed domain, and a store's
// order, tracking and cart links live on domains only known when the message is sent.
import type { MessageDescriptor } from '@lingui/core';
import { stopPromotionsTitles } from './contact';
import { COUPON_CODE_VARIABLE, type TemplateContent, type TemplateDraft } from './message-template';

export const readyMadeTemplateKeys = [
  'order_confirmation',
  'order_shipped',
  'cart_reminder_1',
  'cart_reminder_2',
  'cart_reminder_3',
  'campaign_offers',
] as const;
export type ReadyMadeTemplateKey = (typeof readyMadeTemplateKeys)[number];

export type ReadyMadeTemplate = {
  key: ReadyMadeTemplateKey;
  /** What the merchant picks it by. */
  title: MessageDescriptor;
  description: MessageDescriptor;
  draft: TemplateDraft;
};

// Every marketing message offers a way out: the 'Stop promotions' quick reply, whose tap the webhook
// reads by its title (stopPromotionsTitles) as an opt-out of marketing only.
const stopButtons = {
  pt_BR: { type: 'quick_reply', text: stopPromotionsTitles.pt },
  en_US: { type: 'quick_reply', text: stopPromotionsTitles.en },
  es: { type: 'quick_reply', text: stopPromotionsTitles.es },
} as const;

const text = (value: string) => ({ type: 'text', text: value }) as const;
const content = (parts: Partial<TemplateContent> & Pick<TemplateContent, 'body' | 'examples'>): TemplateContent => ({
  header: { type: 'none' },
  footer: '',
  buttons: [],
  ...parts,
});

const orderConfirmation: TemplateDraft = {
  name: 'order_confirmation',
  category: 'UTILITY',
  languages: {
    pt_BR: content({
      header: text('Pedido confirmado'),
      body:
        'Oi, {{first_name}}! Recebemos seu pedido {{order_number}} e já estamos cuidando dele.\n\n' +
        'Total: {{order_total}}\n\n' +
        'Você pode acompanhar cada etapa por aqui: {{order_status_url}}\n\n' +
        'Obrigado pela compra! Se tiver qualquer dúvida, é só responder esta mensagem.',
      examples: {
        first_name: 'Ana',
        order_number: '#1042',
        order_total: 'R$ 189,90',
        order_status_url: 'https://www.casadaterra.com.br/pedidos/1042',
      },
    }),
    en_US: content({
      header: text('Order confirmed'),
      body:
        'Hi {{first_name}}! We’ve received your order {{order_number}} and we’re getting it ready.\n\n' +
        'Total: {{order_total}}\n\n' +
        'You can follow every step here: {{order_status_url}}\n\n' +
        'Thanks for shopping with us! If you have any questions, just reply to this message.',
      examples: {
        first_name: 'Emma',
        order_number: '#1042',
        order_total: '$48.90',
        order_status_url: 'https://www.northwindgoods.com/orders/1042',
      },
    }),
    es: content({
      header: text('Pedido confirmado'),
      body:
        '¡Hola, {{first_name}}! Recibimos tu pedido {{order_number}} y ya lo estamos preparando.\n\n' +
        'Total: {{order_total}}\n\n' +
        'Puedes seguir cada paso aquí: {{order_status_url}}\n\n' +
        '¡Gracias por tu compra! Si tienes alguna duda, solo responde este mensaje.',
      examples: {
        first_name: 'Lucía',
        order_number: '#1042',
        order_total: '$1,250.00 MXN',
        order_status_url: 'https://www.tiendaaurora.com/pedidos/1042',
      },
    }),
  },
};

const orderShipped: TemplateDraft = {
  name: 'order_shipped',
  category: 'UTILITY',
  languages: {
    pt_BR: content({
      header: text('Seu pedido está a caminho'),
      body:
        'Oi, {{first_name}}! Seu pedido {{order_number}} já foi enviado.\n\n' +
        'Transportadora: {{carrier}}\n' +
        'Acompanhe a entrega por aqui: {{tracking_url}}\n\n' +
        'Se precisar de alguma coisa, é só responder esta mensagem.',
      examples: {
        first_name: 'Ana',
        order_number: '#1042',
        carrier: 'Correios',
        tracking_url: 'https://rastreamento.correios.com.br/app/index.php?objeto=AB123456789BR',
      },
    }),
    en_US: content({
      header: text('Your order is on its way'),
      body:
        'Hi {{first_name}}! Your order {{order_number}} is on its way.\n\n' +
        'Carrier: {{carrier}}\n' +
        'Track your delivery here: {{tracking_url}}\n\n' +
        'If you need anything, just reply to this message.',
      examples: {
        first_name: 'Emma',
        order_number: '#1042',
        carrier: 'UPS',
        tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      },
    }),
    es: content({
      header: text('Tu pedido va en camino'),
      body:
        '¡Hola, {{first_name}}! Tu pedido {{order_number}} ya va en camino.\n\n' +
        'Transportista: {{carrier}}\n' +
        'Sigue tu envío aquí: {{tracking_url}}\n\n' +
        'Si necesitas algo, solo responde este mensaje.',
      examples: {
        first_name: 'Lucía',
        order_number: '#1042',
        carrier: 'Estafeta',
        tracking_url: 'https://www.estafeta.com/rastreo?guia=8055241528464720099314',
      },
    }),
  },
};

const shoppers = {
  pt_BR: { first_name: 'Ana', cart_url: 'https://www.casadaterra.com.br/carrinho/c1a2b3' },
  en_US: { first_name: 'Emma', cart_url: 'https://www.northwindgoods.com/cart/c1a2b3' },
  es: { first_name: 'Lucía', cart_url: 'https://www.tiendaaurora.com/carrito/c1a2b3' },
};

const cartReminder1: TemplateDraft = {
  name: 'cart_reminder_1',
  category: 'MARKETING',
  languages: {
    pt_BR: content({
      body:
        'Oi, {{first_name}}! Você deixou alguns itens no carrinho, e ele continua salvo para quando quiser voltar.\n\n' +
        'Para finalizar a compra, é só tocar aqui: {{cart_url}}\n\n' +
        'Ficou com alguma dúvida? Responda esta mensagem que a gente ajuda.',
      buttons: [stopButtons.pt_BR],
      examples: shoppers.pt_BR,
    }),
    en_US: content({
      body:
        'Hi {{first_name}}! You left a few items in your cart, and it’s saved for whenever you’re ready.\n\n' +
        'To finish your order, just tap here: {{cart_url}}\n\n' +
        'Have a question? Reply to this message and we’ll help.',
      buttons: [stopButtons.en_US],
      examples: shoppers.en_US,
    }),
    es: content({
      body:
        '¡Hola, {{first_name}}! Dejaste algunos productos en tu carrito y lo guardamos para cuando quieras volver.\n\n' +
        'Para terminar tu compra, solo toca aquí: {{cart_url}}\n\n' +
        '¿Tienes alguna duda? Responde este mensaje y te ayudamos.',
      buttons: [stopButtons.es],
      examples: shoppers.es,
    }),
  },
};

const cartReminder2: TemplateDraft = {
  name: 'cart_reminder_2',
  category: 'MARKETING',
  languages: {
    pt_BR: content({
      body:
        'Oi, {{first_name}}! Seus itens continuam esperando por você no carrinho: {{cart_url}}\n\n' +
        'Ficou alguma dúvida sobre os produtos, o frete ou o pagamento? Responda esta mensagem que a gente te ajuda.',
      buttons: [stopButtons.pt_BR],
      examples: shoppers.pt_BR,
    }),
    en_US: content({
      body:
        'Hi {{first_name}}! Your items are still waiting for you in your cart: {{cart_url}}\n\n' +
        'Any questions about the products, shipping or payment? Reply to this message and we’ll help you out.',
      buttons: [stopButtons.en_US],
      examples: shoppers.en_US,
    }),
    es: content({
      body:
        '¡Hola, {{first_name}}! Tus productos siguen esperándote en el carrito: {{cart_url}}\n\n' +
        '¿Tienes dudas sobre los productos, el envío o el pago? Responde este mensaje y te ayudamos.',
      buttons: [stopButtons.es],
      examples: shoppers.es,
    }),
  },
};

const cartReminder3: TemplateDraft = {
  name: 'cart_reminder_3',
  category: 'MARKETING',
  languages: {
    pt_BR: content({
      header: text('Um presente para você'),
      body:
        'Oi, {{first_name}}! Para você finalizar sua compra, preparamos um cupom de {{discount}} de desconto.\n\n' +
        'Copie o código no botão abaixo e use no pagamento. Seu carrinho continua aqui: {{cart_url}}\n\n' +
        'Boas compras!',
      buttons: [{ type: 'copy_code' }, stopButtons.pt_BR],
      examples: { ...shoppers.pt_BR, discount: '10%', [COUPON_CODE_VARIABLE]: 'VOLTA10' },
    }),
    en_US: content({
      header: text('A little gift for you'),
      body:
        'Hi {{first_name}}! To help you complete your order, here’s {{discount}} off, just for you.\n\n' +
        'Copy the code with the button below and use it at checkout. Your cart is right here: {{cart_url}}\n\n' +
        'Happy shopping!',
      buttons: [{ type: 'copy_code' }, stopButtons.en_US],
      examples: { ...shoppers.en_US, discount: '10%', [COUPON_CODE_VARIABLE]: 'COMEBACK10' },
    }),
    es: content({
      header: text('Un regalo para ti'),
      body:
        '¡Hola, {{first_name}}! Para que completes tu compra, te damos {{discount}} de descuento.\n\n' +
        'Copia el código con el botón de abajo y úsalo al pagar. Tu carrito sigue aquí: {{cart_url}}\n\n' +
        '¡Felices compras!',
      buttons: [{ type: 'copy_code' }, stopButtons.es],
      examples: { ...shoppers.es, discount: '10%', [COUPON_CODE_VARIABLE]: 'VUELVE10' },
    }),
  },
};

const campaignOffers: TemplateDraft = {
  name: 'campaign_offers',
  category: 'MARKETING',
  languages: {
    pt_BR: content({
      header: text('Ofertas por tempo limitado'),
      body:
        'Oi, {{first_name}}! Separamos ofertas especiais para você: {{offer}} em produtos selecionados, só até {{end_date}}.\n\n' +
        'Veja tudo aqui: {{store_url}}\n\n' +
        'Quer ajuda para escolher? É só responder esta mensagem.',
      buttons: [stopButtons.pt_BR],
      examples: {
        first_name: 'Ana',
        offer: '30% de desconto',
        end_date: 'domingo, 24/11',
        store_url: 'https://www.casadaterra.com.br/ofertas',
      },
    }),
    en_US: content({
      header: text('Limited-time offers'),
      body:
        'Hi {{first_name}}! We picked some special offers for you: {{offer}} on selected products, only through {{end_date}}.\n\n' +
        'See them all here: {{store_url}}\n\n' +
        'Need help choosing? Just reply to this message.',
      buttons: [stopButtons.en_US],
      examples: {
        first_name: 'Emma',
        offer: '30% off',
        end_date: 'Sunday, November 24',
        store_url: 'https://www.northwindgoods.com/sale',
      },
    }),
    es: content({
      header: text('Ofertas por tiempo limitado'),
      body:
        '¡Hola, {{first_name}}! Preparamos ofertas especiales para ti: {{offer}} en productos seleccionados, solo hasta el {{end_date}}.\n\n' +
        'Míralas aquí: {{store_url}}\n\n' +
        '¿Quieres ayuda para elegir? Solo responde este mensaje.',
      buttons: [stopButtons.es],
      examples: {
        first_name: 'Lucía',
        offer: '30% de descuento',
        end_date: 'domingo 24 de noviembre',
        store_url: 'https://www.tiendaaurora.com/ofertas',
      },
    }),
  },
};

/** The ready-made templates, in the order the screen offers them. */
export const readyMadeTemplates: readonly ReadyMadeTemplate[] = [
  {
    key: 'order_confirmation',
    title: /*i18n*/ { id: 'template.ready_made.order_confirmation.title', message: 'Order confirmation' },
    description: /*i18n*/ {
      id: 'template.ready_made.order_confirmation.description',
      message: 'Sent when an order is placed: its number, total and status page.',
    },
    draft: orderConfirmation,
  },
  {
    key: 'order_shipped',
    title: /*i18n*/ { id: 'template.ready_made.order_shipped.title', message: 'Order shipped' },
    description: /*i18n*/ {
      id: 'template.ready_made.order_shipped.description',
      message: 'Sent when an order ships: the carrier and the tracking link.',
    },
    draft: orderShipped,
  },
  {
    key: 'cart_reminder_1',
    title: /*i18n*/ { id: 'template.ready_made.cart_reminder_1.title', message: 'Cart reminder 1' },
    description: /*i18n*/ {
      id: 'template.ready_made.cart_reminder_1.description',
      message: 'A gentle first reminder of the items left in the cart.',
    },
    draft: cartReminder1,
  },
  {
    key: 'cart_reminder_2',
    title: /*i18n*/ { id: 'template.ready_made.cart_reminder_2.title', message: 'Cart reminder 2' },
    description: /*i18n*/ {
      id: 'template.ready_made.cart_reminder_2.description',
      message: 'A second reminder that offers help with products, shipping or payment.',
    },
    draft: cartReminder2,
  },
  {
    key: 'cart_reminder_3',
    title: /*i18n*/ { id: 'template.ready_made.cart_reminder_3.title', message: 'Cart reminder 3' },
    description: /*i18n*/ {
      id: 'template.ready_made.cart_reminder_3.description',
      message: 'A last reminder with a discount code the shopper copies with one tap.',
    },
    draft: cartReminder3,
  },
  {
    key: 'campaign_offers',
    title: /*i18n*/ { id: 'template.ready_made.campaign_offers.title', message: 'Campaign: limited-time offers' },
    description: /*i18n*/ {
      id: 'template.ready_made.campaign_offers.description',
      message: 'An example campaign announcing offers until a date.',
    },
    draft: campaignOffers,
  },
];

export function readyMadeTemplate(key: ReadyMadeTemplateKey): ReadyMadeTemplate {
  const template = readyMadeTemplates.find((candidate) => candidate.key === key);
  if (!template) throw new Error(`No ready-made template ${key}`);
  return template;
}
