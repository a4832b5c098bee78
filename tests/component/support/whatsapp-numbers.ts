// The WhatsApp numbers of the component tests' Cloud API fixture (global-setup.ts starts it and points
// the API server's WHATSAPP_GRAPH_URL at it), each with what a merchant's Meta app gives for it: its
// ids, its access token, its app secret. A number connects once across all accounts, so each test
// that connects one has numbers of its own here.
import { fixturePhoneNumber } from '@/tests/fixtures/whatsapp/phone-numbers';

export const whatsappNumbers = {
  /** channels-connect.test.tsx: connected through the panel. */
  panel: fixturePhoneNumber(9301, { verifiedName: 'Loja Ana' }),
  /** channels-page.test.tsx: the list's numbers, one per quality rating. */
  listedGreen: fixturePhoneNumber(9311, { verifiedName: 'Loja Ana', qualityRating: 'GREEN' }),
  listedYellow: fixturePhoneNumber(9312, { verifiedName: 'Loja Bia', qualityRating: 'YELLOW' }),
  listedRed: fixturePhoneNumber(9313, { verifiedName: 'Loja Cris', qualityRating: 'RED' }),
  listedUnrated: fixturePhoneNumber(9314, { verifiedName: 'Loja Duda', qualityRating: 'UNKNOWN' }),
  /** channels-page.test.tsx: paused and resumed. */
  paused: fixturePhoneNumber(9321),
  /** channels-page.test.tsx: disconnected, and the one that stays. */
  disconnected: fixturePhoneNumber(9331),
  kept: fixturePhoneNumber(9332),
  /** channels-page.test.tsx: connected from the page. */
  fromPage: fixturePhoneNumber(9341, { verifiedName: 'Loja Ana' }),
  /** channel-settings.test.tsx: its token refused by Meta, then replaced; its verify token rotated; its AI base changed. */
  tokenRefused: fixturePhoneNumber(9351, { verifiedName: 'Loja Eva' }),
  rotated: fixturePhoneNumber(9352),
  rebased: fixturePhoneNumber(9353),
  /** channel-settings.test.tsx: how long its conversations are kept, changed. */
  retained: fixturePhoneNumber(9354),
  /** ai-bases-list.test.tsx: the numbers an AI base's card shows, one of them paused. */
  baseCardActive: fixturePhoneNumber(9361),
  baseCardPaused: fixturePhoneNumber(9362),
  /** templates-page.test.tsx: a number's templates listed; a ready-made one submitted; one rejected; a draft kept. */
  templatesListed: fixturePhoneNumber(9371, { verifiedName: 'Loja Ana' }),
  templatesReadyMade: fixturePhoneNumber(9372, { verifiedName: 'Loja Bia' }),
  templatesRejected: fixturePhoneNumber(9373, { verifiedName: 'Loja Cris' }),
  templatesDrafted: fixturePhoneNumber(9374, { verifiedName: 'Loja Duda' }),
  /** order-notices.test.tsx: the order confirmation refused, saved and shown again; a number with no approved template. */
  noticesSaved: fixturePhoneNumber(9381, { verifiedName: 'Loja Eva' }),
  noticesUnapproved: fixturePhoneNumber(9382, { verifiedName: 'Loja Flor' }),
  /** checkouts-page.test.tsx: the recovery flow refused, switched on with the ready-made reminders, shown again; one refused in pt. */
  recoverySaved: fixturePhoneNumber(9391, { verifiedName: 'Loja Gabi' }),
  recoveryRefused: fixturePhoneNumber(9392, { verifiedName: 'Loja Hana' }),
  /** campaigns-page.test.tsx: a campaign built with the ready-made offers, scheduled, paused and cancelled. */
  campaignWizard: fixturePhoneNumber(9401, { verifiedName: 'Loja Iara' }),
};
