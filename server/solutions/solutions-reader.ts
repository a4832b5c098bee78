// GET /api/v1/solutions's answer for one account: what exists, read through each area's own store
// (inventories, AI bases, numbers, campaigns, each inventory's recovery flow and post-sale notices),
// and the last SOLUTIONS_DAYS days' figures from the dashboard's rollups (cut in the account's zone,
// UTC until it has one), but campaign messages, which the rollups do not tell from recovery's (the
// sender's records count them), and the widget's conversations (its own tables).
// Every read is the caller's account's only.
import { CAMPAIGN_PURPOSE } from '@/domain/campaign';
import { addDays, dayIn, rangeInstants } from '@/domain/dashboard';
import { mediaTypes } from '@/domain/plans';
import { SOLUTIONS_DAYS, type SolutionAmount, type Solutions } from '@/domain/solutions';
import { accountTimeZone } from '../accounts/account-queries';
import type { AiBaseStore } from '../ai-bases/ai-base-store';
import type { CampaignStore } from '../campaigns/campaign-store';
import type { ChannelStore } from '../channels/channel-store';
import type { RecoveryFlowStore } from '../checkouts/recovery-flow-store';
import type { DashboardStore, DaySource } from '../dashboard/dashboard-store';
import type { Db } from '../db/database';
import type { InventoryStore } from '../inventories/inventory-store';
import { sentCount } from '../messaging/sent-count-queries';
import type { NoticeStore } from '../notices/notice-store';
import type { WidgetHandoffs } from '../widgets/widget-handoffs';
import type { WidgetStore } from '../widgets/widget-store';
import { solutionsOf, type SolutionFigures } from './solution-states';

export type SolutionsReaderDependencies = {
  inventories: Pick<InventoryStore, 'list'>;
  aiBases: Pick<AiBaseStore, 'list'>;
  channels: Pick<ChannelStore, 'list'>;
  campaigns: Pick<CampaignStore, 'list'>;
  recoveryFlows: Pick<RecoveryFlowStore, 'flowOf'>;
  notices: Pick<NoticeStore, 'settingsOf'>;
  dashboard: Pick<DashboardStore, 'daySources'>;
  widgets: Pick<WidgetStore, 'find'>;
  /** Conversations begun in the widget in a period (server/widgets/widget-handoffs.ts). */
  widgetConversations: Pick<WidgetHandoffs, 'begun'>;
};

/** The period's figures from its rollup rows (one per day and source). */
export function figuresOfRollups(rows: DaySource[]): Omit<SolutionFigures, 'campaignMessages' | 'widgetConversations'> {
  const recovered = new Map<string, number>();
  let catalogAccesses = 0;
  let aiAnswers = 0;
  let noticesSent = 0;
  for (const row of rows) {
    catalogAccesses += row.accesses;
    // Answers on a WhatsApp number: the personal shopper's (an AI request elsewhere has no number).
    if (row.channelId !== null) aiAnswers += mediaTypes.reduce((sum, type) => sum + row.requests[type], 0);
    noticesSent += row.messages.notices;
    if (row.currency !== '' && row.recovery.valueMinor !== 0)
      recovered.set(row.currency, (recovered.get(row.currency) ?? 0) + row.recovery.valueMinor);
  }
  const amounts: SolutionAmount[] = [...recovered]
    .filter(([, minor]) => minor > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([currency, minor]) => ({ currency, minor }));
  return { catalogAccesses, aiAnswers, noticesSent, recovered: amounts };
}

export function solutionsReader(db: Db, stores: SolutionsReaderDependencies) {
  return {
    async read(uid: string, now = new Date()): Promise<Solutions> {
      const zone = (await accountTimeZone(db, uid)) ?? 'UTC';
      const today = dayIn(now, zone);
      const range = { from: addDays(today, 1 - SOLUTIONS_DAYS), to: today };
      const [inventories, aiBases, channels, campaigns, days, campaignMessages, widget, widgetConversations] = await Promise.all([
        stores.inventories.list(uid),
        stores.aiBases.list(uid),
        stores.channels.list(uid),
        stores.campaigns.list(uid),
        stores.dashboard.daySources(uid, range, true),
        sentCount(db, uid, CAMPAIGN_PURPOSE, rangeInstants(range, zone)),
        stores.widgets.find(uid),
        stores.widgetConversations.begun(uid, rangeInstants(range, zone)),
      ]);
      const [flows, notices] = await Promise.all([
        Promise.all(inventories.map(async (inventory) => [inventory.id, await stores.recoveryFlows.flowOf(inventory.id)] as const)),
        Promise.all(inventories.map(async (inventory) => [inventory.id, await stores.notices.settingsOf(inventory.id)] as const)),
      ]);
      // The rollups' read starts a period earlier (the dashboard's comparison): this period's days only.
      const figures = { ...figuresOfRollups(days.rows.filter((row) => row.day >= range.from)), campaignMessages, widgetConversations };
      return {
        range: { ...range, tz: zone },
        solutions: solutionsOf(
          { inventories, aiBases, channels, campaigns, recoveryFlows: new Map(flows), notices: new Map(notices), widget },
          figures,
        ),
      };
    },
  };
}

export type SolutionsReader = ReturnType<typeof solutionsReader>;
