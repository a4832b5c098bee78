// The WhatsApp answerer's own lines, in the three languages a base speaks: what a shopper reads
// when the reply is not the AI base's answer (a cart link, media it cannot read, an order without an
// inventory) and the texts of the product lists and catalogs it sends. Chosen by the base's
// language, as the agent's phrases are (../answering/agent-phrases.ts, which also has the offer of
// a person a support agent makes when its knowledge base has no answer).
import type { AiBaseLanguage } from '@/domain/ai-base';

export type InboundPhrases = {
  /** An order answered: its cart summary page, where the shopper checks it and goes to checkout. */
  cartLink: (url: string) => string;
  /** An order on a number without an inventory: no cart can be made of it. */
  orderWithoutInventory: string;
  /** An order of another catalog than the inventory's, or of nothing the answerer can read. */
  orderUnreadable: string;
  /** Media (an image, a document, an audio) the answerer cannot read, or a type it does not read at all. */
  textOnly: string;
  /** Media of a kind the merchant's plan does not include. */
  mediaNotAllowed: string;
  /** Media read by a model: gone from WhatsApp before it was downloaded (its link expired). */
  mediaExpired: string;
  /** Media read by a model: larger than what is read. */
  mediaTooLarge: string;
  /** Media read by a model: a type it does not read (a document other than PDF, CSV or spreadsheet; an image of another format). */
  mediaUnsupported: string;
  /** Media read by a model: nothing could be read of it (a broken file, a silent voice note, a scanned PDF). */
  mediaUnreadable: string;
  /** A product list's header (60 characters at most) and body. */
  productListHeader: string;
  productListBody: string;
  /** The body of the catalog message (the whole catalog behind one button). */
  catalogBody: string;
};

export const inboundPhrases: Record<AiBaseLanguage, InboundPhrases> = {
  pt_br: {
    cartLink: (url) =>
      `Aqui está o resumo do seu carrinho, com os preços e o estoque de agora. Para finalizar a compra, é só abrir: ${url}`,
    orderWithoutInventory:
      'Obrigado pelo seu pedido! Não consigo montar o carrinho por aqui, mas a nossa equipe vai falar com você para finalizar a compra.',
    orderUnreadable: 'Desculpe, não consegui abrir este carrinho. Pode enviá-lo de novo pelo nosso catálogo?',
    textOnly: 'Desculpe, por enquanto só consigo ler mensagens de texto. Pode escrever a sua pergunta?',
    mediaNotAllowed: 'Desculpe, não consigo abrir este tipo de mensagem por aqui. Pode escrever a sua pergunta em texto?',
    mediaExpired: 'Desculpe, não consegui baixar o que você enviou: o arquivo não está mais disponível. Pode enviá-lo de novo?',
    mediaTooLarge: 'Desculpe, este arquivo é grande demais para eu ler por aqui. Pode enviar um menor ou escrever a sua pergunta?',
    mediaUnsupported: 'Desculpe, não consigo ler este tipo de arquivo. Consigo ler fotos, áudios, PDFs e planilhas (CSV, XLS, XLSX).',
    mediaUnreadable: 'Desculpe, não consegui entender o que você enviou. Pode escrever a sua pergunta?',
    productListHeader: 'Produtos para você',
    productListBody: 'Estes são os produtos que encontrei. Toque para ver os detalhes e adicionar ao carrinho.',
    catalogBody: 'Aqui está o nosso catálogo: toque para ver os produtos e adicionar ao carrinho.',
  },
  en_us: {
    cartLink: (url) => `Here is the summary of your cart, with today's prices and stock. To complete your purchase, just open: ${url}`,
    orderWithoutInventory:
      "Thanks for your order! I can't prepare the cart here, but our team will get in touch to complete your purchase.",
    orderUnreadable: "Sorry, I couldn't open this cart. Could you send it again from our catalog?",
    textOnly: 'Sorry, for now I can only read text messages. Could you type your question?',
    mediaNotAllowed: "Sorry, I can't open this kind of message here. Could you type your question as text?",
    mediaExpired: "Sorry, I couldn't download what you sent: the file is no longer available. Could you send it again?",
    mediaTooLarge: 'Sorry, this file is too large for me to read here. Could you send a smaller one or type your question?',
    mediaUnsupported: "Sorry, I can't read this type of file. I can read photos, audio, PDFs and spreadsheets (CSV, XLS, XLSX).",
    mediaUnreadable: "Sorry, I couldn't make out what you sent. Could you type your question?",
    productListHeader: 'Products for you',
    productListBody: 'Here are the products I found. Tap to see the details and add them to your cart.',
    catalogBody: 'Here is our catalog: tap to browse the products and add them to your cart.',
  },
  es: {
    cartLink: (url) =>
      `Aquí está el resumen de tu carrito, con los precios y el stock de ahora. Para finalizar la compra, solo ábrelo: ${url}`,
    orderWithoutInventory:
      '¡Gracias por tu pedido! No puedo preparar el carrito por aquí, pero nuestro equipo te contactará para finalizar la compra.',
    orderUnreadable: 'Lo siento, no pude abrir este carrito. ¿Puedes enviarlo de nuevo desde nuestro catálogo?',
    textOnly: 'Lo siento, por ahora solo puedo leer mensajes de texto. ¿Puedes escribir tu pregunta?',
    mediaNotAllowed: 'Lo siento, no puedo abrir este tipo de mensaje por aquí. ¿Puedes escribir tu pregunta en texto?',
    mediaExpired: 'Lo siento, no pude descargar lo que enviaste: el archivo ya no está disponible. ¿Puedes enviarlo de nuevo?',
    mediaTooLarge:
      'Lo siento, este archivo es demasiado grande para leerlo por aquí. ¿Puedes enviar uno más pequeño o escribir tu pregunta?',
    mediaUnsupported: 'Lo siento, no puedo leer este tipo de archivo. Puedo leer fotos, audios, PDF y hojas de cálculo (CSV, XLS, XLSX).',
    mediaUnreadable: 'Lo siento, no logré entender lo que enviaste. ¿Puedes escribir tu pregunta?',
    productListHeader: 'Productos para ti',
    productListBody: 'Estos son los productos que encontré. Toca para ver los detalles y añadirlos al carrito.',
    catalogBody: 'Aquí está nuestro catálogo: toca para ver los productos y añadirlos al carrito.',
  },
};
