// The numbers a post-sale notice may go from, each with the templates it may send: of a number's
// templates (one record per language), those Meta approved in some language, every approved language
// a Utility one (the server refuses any other), by name, with the variables of their approved
// languages. Shaped here for the order-notices machine from the channels and templates lists.
import type { Channel } from '@/domain/channel';
import { templateVariables, type TemplateAccount, type TemplateRecord } from '@/domain/message-template';
import type { NoticeNumberChoice, NoticeTemplateChoice } from '@/machines/order-notices';

/** A number's templates a notice may send, by name. */
export function noticeTemplatesOf(records: readonly TemplateRecord[]): NoticeTemplateChoice[] {
  const approvedByName = new Map<string, TemplateRecord[]>();
  for (const record of records) {
    if (record.status !== 'APPROVED') continue;
    approvedByName.set(record.name, [...(approvedByName.get(record.name) ?? []), record]);
  }
  return [...approvedByName]
    .filter(([, approved]) => approved.every((record) => record.category === 'UTILITY'))
    .map(([name, approved]) => ({ name, variables: [...new Set(approved.flatMap((record) => templateVariables(record.content)))] }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Every connected number, in the channels list's order, with the templates its notices may send. */
export function noticeNumbersOf(channels: readonly Channel[], accounts: readonly TemplateAccount[]): NoticeNumberChoice[] {
  return channels.map((channel) => ({
    channelId: channel.id,
    displayPhoneNumber: channel.displayPhoneNumber,
    verifiedName: channel.verifiedName,
    templates: noticeTemplatesOf(accounts.find((account) => account.channelId === channel.id)?.templates ?? []),
  }));
}
