// The numbers a recovery reminder may go from, each with the templates it may send: of a number's
// templates (one record per language), those Meta approved in some language, by name, with the
// variables of their approved languages. Any category: a cart reminder is Marketing, and the sender
// checks the shopper's consent for the category it was approved as. Shaped here for the recovery-flow
// machine from the channels and templates lists.
import type { Channel } from '@/domain/channel';
import { templateVariables, type TemplateAccount, type TemplateRecord } from '@/domain/message-template';
import type { RecoveryNumberChoice, RecoveryTemplateChoice } from '@/machines/recovery-flow';

/** A number's templates a reminder may send, by name. */
export function recoveryTemplatesOf(records: readonly TemplateRecord[]): RecoveryTemplateChoice[] {
  const approvedByName = new Map<string, TemplateRecord[]>();
  for (const record of records) {
    if (record.status !== 'APPROVED') continue;
    approvedByName.set(record.name, [...(approvedByName.get(record.name) ?? []), record]);
  }
  return [...approvedByName]
    .map(([name, approved]) => ({ name, variables: [...new Set(approved.flatMap((record) => templateVariables(record.content)))] }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Every connected number, in the channels list's order, with the templates its reminders may send. */
export function recoveryNumbersOf(channels: readonly Channel[], accounts: readonly TemplateAccount[]): RecoveryNumberChoice[] {
  return channels.map((channel) => ({
    channelId: channel.id,
    displayPhoneNumber: channel.displayPhoneNumber,
    verifiedName: channel.verifiedName,
    templates: recoveryTemplatesOf(accounts.find((account) => account.channelId === channel.id)?.templates ?? []),
  }));
}
