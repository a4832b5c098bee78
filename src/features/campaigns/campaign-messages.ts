// The campaigns screens' vocabulary in the page's language: a campaign's statuses and why one was
// paused, why contacts are left out of an audience, what fills a template variable, and the field
// refusals of both the campaign's draft and an audience (domain/campaign.ts, domain/audience.ts and,
// for its tags, domain/contact-tags.ts message ids, the server's and ours alike).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { audienceValidationMessages, type LeftOutReason } from '@/domain/audience';
import { campaignValidationMessages, type CampaignPauseReason, type CampaignStatus, type CampaignValueSource } from '@/domain/campaign';
import { contactTagMessages } from '@/domain/contact-tags';

/** Every field message id the wizard may show, by id. */
export const campaignFieldMessages: ReadonlyMap<string, MessageDescriptor> = new Map([
  ...campaignValidationMessages,
  ...audienceValidationMessages,
  ...contactTagMessages,
]);

export const campaignStatusNames: Record<CampaignStatus, MessageDescriptor> = {
  draft: msg({ message: 'Draft', context: 'a campaign not planned yet' }),
  scheduled: msg({ message: 'Scheduled', context: 'a campaign planned for a later time' }),
  sending: msg({ message: 'Sending', context: 'a campaign whose messages are going out' }),
  paused: msg({ message: 'Paused', context: 'a campaign whose messages wait' }),
  cancelled: msg({ message: 'Cancelled', context: 'a campaign stopped for good' }),
  finished: msg({ message: 'Finished', context: 'a campaign all of whose messages went or failed' }),
};

export const campaignPauseReasonTexts: Record<CampaignPauseReason, MessageDescriptor> = {
  merchant: msg`You paused this campaign. Its messages wait until you resume it.`,
  template_unusable: msg`Meta paused or disabled this campaign’s template, so Catalyst paused the campaign. Its messages wait: resume it once the template is approved again.`,
};

export const leftOutNames: Record<LeftOutReason, MessageDescriptor> = {
  not_subscribed: msg`never agreed to receive promotions`,
  unsubscribed: msg`unsubscribed from promotions`,
};

export const valueSourceNames: Record<CampaignValueSource, MessageDescriptor> = {
  first_name: msg`The contact’s first name`,
  catalog_link: msg`Link to the catalog page`,
  text: msg`A text you write`,
};
