// What the message step offers: every connected number, in the channels list's order, with its
// templates a campaign may send — approved by Meta and in the MARKETING category, by name, with the
// languages each is approved in and the variables of those languages.
import type { Channel } from '@/domain/channel';
import { templateVariables, type TemplateAccount, type TemplateRecord } from '@/domain/message-template';
import type { CampaignNumberChoice, CampaignTemplateChoice } from '@/machines/campaign-wizard';

export function campaignTemplatesOf(records: readonly TemplateRecord[]): CampaignTemplateChoice[] {
  const byName = new Map<string, TemplateRecord[]>();
  for (const record of records) {
    if (record.status !== 'APPROVED' || record.category !== 'MARKETING') continue;
    byName.set(record.name, [...(byName.get(record.name) ?? []), record]);
  }
  return [...byName]
    .map(([name, approved]) => ({
      name,
      languages: approved.map((record) => record.language).sort(),
      variables: [...new Set(approved.flatMap((record) => templateVariables(record.content)))],
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function campaignNumbersOf(channels: readonly Channel[], accounts: readonly TemplateAccount[]): CampaignNumberChoice[] {
  return channels.map((channel) => ({
    channelId: channel.id,
    displayPhoneNumber: channel.displayPhoneNumber,
    verifiedName: channel.verifiedName,
    templates: campaignTemplatesOf(accounts.find((account) => account.channelId === channel.id)?.templates ?? []),
  }));
}
