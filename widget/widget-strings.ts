// The widget's words in each language it speaks. Typed by language: a string missing in one of them
// does not build (the SPA's catalogs are Lingui's; the widget lives in other people's pages and
// carries only these).
import type { Locale } from '@/domain/locales';

export type WidgetStrings = {
  open: string;
  close: string;
  title: string;
  continueOnWhatsapp: string;
  /** The message the WhatsApp conversation starts with. */
  prefilled: string;
  /** Beside the QR code on a desktop: the same conversation on the phone. */
  scanQr: string;
  closedNow: string;
  /** Someone answers on these days, between these hours. */
  hours: (days: string, start: string, end: string) => string;
  everyDay: string;
  days: readonly [string, string, string, string, string, string, string];
  // The chat.
  messagesLabel: string;
  messageLabel: string;
  messagePlaceholder: string;
  send: string;
  typing: string;
  addToCart: string;
  /** 'Add to cart' as a screen reader names it, with the product. */
  addToCartNamed: (title: string) => string;
  seeCatalog: string;
  errorNetwork: string;
  errorTooMany: string;
  errorDailyCap: string;
  errorNotAnswering: string;
  errorGeneric: string;
  // The product finder (CATALYST FILTER).
  findProduct: string;
  search: string;
  priceFrom: string;
  priceTo: string;
  option: string;
  anyOption: string;
  inStockOnly: string;
  loadingCatalog: string;
  catalogFailed: string;
  /** How many products the filters found ('12 products'). */
  found: (count: number) => string;
  /** A found product's checkbox, named for a screen reader. */
  pickNamed: (title: string) => string;
  goToCart: string;
  /** The picks in the WhatsApp message. */
  iWouldLike: (picks: string) => string;
};

export const widgetStrings: Record<Locale, WidgetStrings> = {
  en: {
    open: 'Chat with us',
    close: 'Close the chat',
    title: 'Talk to us',
    scanQr: 'Or scan this code with your phone’s camera to continue there.',
    continueOnWhatsapp: 'Continue on WhatsApp',
    prefilled: 'Hi! I came from your website.',
    closedNow: 'We are away right now: send your message and we will answer when we are back.',
    hours: (days, start, end) => `We answer ${days}, ${start}–${end}.`,
    everyDay: 'every day',
    days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
    messagesLabel: 'Conversation',
    messageLabel: 'Your message',
    messagePlaceholder: 'Ask about a product…',
    send: 'Send',
    typing: 'Typing…',
    addToCart: 'Add to cart',
    addToCartNamed: (title) => `Add ${title} to cart`,
    seeCatalog: 'See the catalog',
    errorNetwork: 'Your message could not be sent: check your connection and try again.',
    errorTooMany: 'Too many messages at once: wait a moment and send it again.',
    errorDailyCap: 'The chat has answered all it can for today: continue on WhatsApp and we will answer you there.',
    errorNotAnswering: 'The chat cannot answer right now: continue on WhatsApp and we will answer you there.',
    errorGeneric: 'Something went wrong with the answer: try again in a moment.',
    findProduct: 'Find a product',
    search: 'Search',
    priceFrom: 'Price from',
    priceTo: 'Price up to',
    option: 'Colour or size',
    anyOption: 'Any',
    inStockOnly: 'In stock only',
    loadingCatalog: 'Loading the products…',
    catalogFailed: 'The products could not be loaded: try again in a moment.',
    found: (count) => (count === 1 ? '1 product' : `${count} products`),
    pickNamed: (title) => `Ask about ${title} on WhatsApp`,
    goToCart: 'Go to the cart with these',
    iWouldLike: (picks) => `I'd like: ${picks}.`,
  },
  pt: {
    open: 'Fale com a gente',
    close: 'Fechar o chat',
    title: 'Fale com a gente',
    scanQr: 'Ou leia este código com a câmera do celular para continuar por lá.',
    continueOnWhatsapp: 'Continuar no WhatsApp',
    prefilled: 'Olá! Vim pelo site de vocês.',
    closedNow: 'Estamos fora agora: mande sua mensagem e respondemos quando voltarmos.',
    hours: (days, start, end) => `Atendemos ${days}, das ${start} às ${end}.`,
    everyDay: 'todos os dias',
    days: ['seg', 'ter', 'qua', 'qui', 'sex', 'sáb', 'dom'],
    messagesLabel: 'Conversa',
    messageLabel: 'Sua mensagem',
    messagePlaceholder: 'Pergunte sobre um produto…',
    send: 'Enviar',
    typing: 'Digitando…',
    addToCart: 'Adicionar ao carrinho',
    addToCartNamed: (title) => `Adicionar ${title} ao carrinho`,
    seeCatalog: 'Ver o catálogo',
    errorNetwork: 'Não foi possível enviar sua mensagem: confira sua conexão e tente de novo.',
    errorTooMany: 'Muitas mensagens de uma vez: espere um pouco e envie de novo.',
    errorDailyCap: 'O chat já respondeu tudo o que podia hoje: continue no WhatsApp que respondemos você por lá.',
    errorNotAnswering: 'O chat não consegue responder agora: continue no WhatsApp que respondemos você por lá.',
    errorGeneric: 'Algo deu errado com a resposta: tente de novo em instantes.',
    findProduct: 'Encontrar um produto',
    search: 'Buscar',
    priceFrom: 'Preço a partir de',
    priceTo: 'Preço até',
    option: 'Cor ou tamanho',
    anyOption: 'Qualquer',
    inStockOnly: 'Só com estoque',
    loadingCatalog: 'Carregando os produtos…',
    catalogFailed: 'Não foi possível carregar os produtos: tente de novo daqui a pouco.',
    found: (count) => (count === 1 ? '1 produto' : `${count} produtos`),
    pickNamed: (title) => `Perguntar sobre ${title} no WhatsApp`,
    goToCart: 'Ir para o carrinho com estes',
    iWouldLike: (picks) => `Eu gostaria de: ${picks}.`,
  },
  es: {
    open: 'Habla con nosotros',
    close: 'Cerrar el chat',
    title: 'Habla con nosotros',
    scanQr: 'O escanea este código con la cámara del móvil para seguir allí.',
    continueOnWhatsapp: 'Seguir en WhatsApp',
    prefilled: '¡Hola! Vengo de su sitio web.',
    closedNow: 'Ahora no estamos: envía tu mensaje y te respondemos cuando volvamos.',
    hours: (days, start, end) => `Atendemos ${days}, de ${start} a ${end}.`,
    everyDay: 'todos los días',
    days: ['lun', 'mar', 'mié', 'jue', 'vie', 'sáb', 'dom'],
    messagesLabel: 'Conversación',
    messageLabel: 'Tu mensaje',
    messagePlaceholder: 'Pregunta por un producto…',
    send: 'Enviar',
    typing: 'Escribiendo…',
    addToCart: 'Agregar al carrito',
    addToCartNamed: (title) => `Agregar ${title} al carrito`,
    seeCatalog: 'Ver el catálogo',
    errorNetwork: 'No se pudo enviar tu mensaje: revisa tu conexión e inténtalo de nuevo.',
    errorTooMany: 'Demasiados mensajes a la vez: espera un momento y envíalo de nuevo.',
    errorDailyCap: 'El chat ya respondió todo lo que podía hoy: sigue en WhatsApp y te respondemos allí.',
    errorNotAnswering: 'El chat no puede responder ahora: sigue en WhatsApp y te respondemos allí.',
    errorGeneric: 'Algo salió mal con la respuesta: inténtalo de nuevo en un momento.',
    findProduct: 'Encontrar un producto',
    search: 'Buscar',
    priceFrom: 'Precio desde',
    priceTo: 'Precio hasta',
    option: 'Color o talla',
    anyOption: 'Cualquiera',
    inStockOnly: 'Solo con stock',
    loadingCatalog: 'Cargando los productos…',
    catalogFailed: 'No se pudieron cargar los productos: inténtalo de nuevo en un momento.',
    found: (count) => (count === 1 ? '1 producto' : `${count} productos`),
    pickNamed: (title) => `Preguntar por ${title} en WhatsApp`,
    goToCart: 'Ir al carrito con estos',
    iWouldLike: (picks) => `Me gustaría: ${picks}.`,
  },
};

/** The page's language (its `lang`, 'pt-BR' → pt), else English. */
export function pageLocale(lang: string | null | undefined): Locale {
  const base = (lang ?? '').toLowerCase().split('-')[0];
  return base === 'pt' || base === 'es' ? base : 'en';
}
