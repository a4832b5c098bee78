// The Solutions screen's words in the page's language: each solution's name and what it does (the
// landing page's wording where it names them), what its headline figure counts, the step it waits
// for, and what the list of where it is on means (domain/solutions.ts's ids).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SolutionId, SolutionMeasure, SolutionStep } from '@/domain/solutions';

export const solutionNames: Record<SolutionId, MessageDescriptor> = {
  catalog_filter: msg`Catalog filter`,
  ai_shopper: msg`AI personal shopper`,
  campaigns: msg`Campaigns`,
  website_widget: msg`Website widget`,
  cart_recovery: msg`Cart recovery`,
  post_sale_notices: msg`Post-sale notices`,
};

export const solutionDescriptions: Record<SolutionId, MessageDescriptor> = {
  catalog_filter: msg`Shoppers find the right product on your catalog page by words, category, price and stock, and buy in your store.`,
  ai_shopper: msg`Your active AI base answers shoppers on your WhatsApp number, from your catalog and policies, and suggests what to buy.`,
  campaigns: msg`Send an approved marketing template to the contacts who agreed to receive promotions, and see what each campaign sells.`,
  website_widget: msg`The same AI on your website, in a chat widget that continues on WhatsApp.`,
  cart_recovery: msg`Reminds shoppers on WhatsApp of the checkouts they left in your store, with a discount if you choose.`,
  post_sale_notices: msg`Order confirmations and shipping updates on WhatsApp, for shoppers who agreed to receive them.`,
};

/** What the headline figure counts, over the screen's 30 days. */
export const measureNames: Record<SolutionMeasure, MessageDescriptor> = {
  catalog_accesses: msg`Catalog page views`,
  ai_answers: msg`AI answers on WhatsApp`,
  campaign_messages: msg`Campaign messages sent`,
  widget_conversations: msg`Conversations begun in the widget`,
  recovered_sales: msg`Recovered sales`,
  notices_sent: msg`Notices sent`,
};

/** The step a solution waits for; the widget's needs no words (its card says what it does). */
export const stepTexts: Record<Exclude<SolutionStep, 'widget'>, MessageDescriptor> = {
  inventory: msg`Next step: configure an inventory and let its catalog sync.`,
  ai_base: msg`Next step: configure and activate an AI base.`,
  channel: msg`Next step: connect a WhatsApp number answered by an active AI base.`,
  campaign: msg`Next step: plan your first campaign.`,
  recovery_flow: msg`Next step: switch on an inventory’s recovery flow.`,
  notices: msg`Next step: switch on an inventory’s post-sale notices.`,
};

/** What the list of where a solution is on holds. */
export const placesLabels: Record<SolutionId, MessageDescriptor> = {
  catalog_filter: msg`Catalog pages`,
  ai_shopper: msg`Answering`,
  campaigns: msg`Running now`,
  website_widget: msg`Continues on`,
  cart_recovery: msg`On for`,
  post_sale_notices: msg`On for`,
};
