// What the template sender asks of a campaign in a send's turn, by the send's key (domain/campaign.ts's
// campaignSendKey): whether the campaign was cancelled (the send ends, refused as no longer wanted) or
// is paused (the send waits). Looked at under the account's lock, in the same transaction as the
// admission: once a pause commits, no send of the campaign is admitted on any worker.
import { sql, type SQL } from 'drizzle-orm';
import { campaignOfSendKey } from '@/domain/campaign';
import { campaigns } from './campaign-tables';

/** True when the send's campaign was cancelled or is gone. */
export function campaignEndedSql(sendKey: string): SQL {
  const id = campaignOfSendKey(sendKey);
  if (id === null) return sql`false`;
  return sql`not exists (select 1 from ${campaigns} where ${campaigns.id} = ${id} and ${campaigns.status} <> 'cancelled')`;
}

/** True while the send's campaign is paused. */
export function campaignHeldSql(sendKey: string): SQL {
  const id = campaignOfSendKey(sendKey);
  if (id === null) return sql`false`;
  return sql`exists (select 1 from ${campaigns} where ${campaigns.id} = ${id} and ${campaigns.status} = 'paused')`;
}
