// Whether each solution is set up, where it is on and what is missing first, from what the account
// has (its inventories, AI bases, numbers, campaigns, each inventory's recovery flow and notices, its widget),
// with the period's figures beside it. Pure: the reader (./solutions-reader.ts) gathers the facts.
import type { AiBase } from '@/domain/ai-base';
import type { Campaign } from '@/domain/campaign';
import type { Channel } from '@/domain/channel';
import type { RecoveryFlow } from '@/domain/checkout-recovery';
import type { Inventory } from '@/domain/inventory';
import { orderNoticeKinds, type OrderNoticeSettings } from '@/domain/order-notice';
import type { Solution, SolutionAmount, SolutionPlace, SolutionStep } from '@/domain/solutions';
import type { Widget } from '@/domain/widget';

export type SolutionFacts = {
  inventories: Inventory[];
  aiBases: AiBase[];
  channels: Channel[];
  campaigns: Campaign[];
  /** Each inventory's recovery flow and post-sale notices, by inventory id. */
  recoveryFlows: ReadonlyMap<string, RecoveryFlow>;
  notices: ReadonlyMap<string, OrderNoticeSettings>;
  /** The website widget's settings; null: never saved. */
  widget: Pick<Widget, 'enabled' | 'channelId'> | null;
};

export type SolutionFigures = {
  catalogAccesses: number;
  aiAnswers: number;
  campaignMessages: number;
  /** Recovered value by currency, largest first. */
  recovered: SolutionAmount[];
  noticesSent: number;
  /** Chats begun in the website widget and WhatsApp conversations it handed over (server/widgets/). */
  widgetConversations: number;
};

/** A campaign counts once it was planned: a draft is not one yet. */
const planned = (campaign: Campaign) => campaign.status !== 'draft';
/** A campaign still at work: its messages wait, go or are held. */
const running = (campaign: Campaign) => campaign.status === 'scheduled' || campaign.status === 'sending' || campaign.status === 'paused';

export function solutionsOf(facts: SolutionFacts, figures: SolutionFigures): Solution[] {
  const numberOf = new Map(facts.channels.map((channel) => [channel.id, channel.displayPhoneNumber]));
  const baseOf = new Map(facts.aiBases.map((base) => [base.id, base]));
  const configured = facts.inventories.filter((inventory) => inventory.status === 'configured');
  const synced = configured.filter((inventory) => inventory.lastSyncedAt !== null);
  const answering = facts.channels.filter(
    (channel) => channel.status === 'active' && channel.aiBaseId !== null && baseOf.get(channel.aiBaseId)?.status === 'active',
  );
  const hasChannel = facts.channels.length > 0;
  const inventoryPlace = (inventory: Inventory, channelId: string | null): SolutionPlace => ({
    id: inventory.id,
    name: inventory.name,
    number: channelId === null ? null : (numberOf.get(channelId) ?? null),
  });
  /** Recovery and notices: an inventory's setting switched on; first a configured inventory, then a number. */
  const perInventory = (isOn: (inventory: Inventory) => string | null | false, step: SolutionStep) => {
    const on = facts.inventories.flatMap((inventory) => {
      const channelId = isOn(inventory);
      return channelId === false ? [] : [inventoryPlace(inventory, channelId)];
    });
    const next: SolutionStep | null = on.length > 0 ? null : configured.length === 0 ? 'inventory' : !hasChannel ? 'channel' : step;
    return { on, next, inventoryId: on[0]?.id ?? configured[0]?.id ?? null };
  };
  const stateOf = (next: SolutionStep | null) => (next === null ? 'set_up' : 'not_set_up') as Solution['state'];

  const recovery = perInventory((inventory) => {
    const flow = facts.recoveryFlows.get(inventory.id);
    return flow?.enabled ? flow.channelId : false;
  }, 'recovery_flow');
  const notices = perInventory((inventory) => {
    const settings = facts.notices.get(inventory.id);
    return settings && orderNoticeKinds.some((kind) => settings.notices[kind].enabled) ? settings.channelId : false;
  }, 'notices');
  const catalogNext: SolutionStep | null = synced.length > 0 ? null : 'inventory';
  const shopperNext: SolutionStep | null =
    answering.length > 0 ? null : facts.aiBases.some((base) => base.status === 'active') ? 'channel' : 'ai_base';
  // The widget is on once it shows on the merchant's sites with a number to continue on.
  const widgetChannel = facts.widget?.enabled ? facts.channels.find((channel) => channel.id === facts.widget!.channelId) : undefined;
  const campaignsNext: SolutionStep | null = facts.campaigns.some(planned) ? null : hasChannel ? 'campaign' : 'channel';

  return [
    {
      id: 'catalog_filter',
      state: stateOf(catalogNext),
      next: catalogNext,
      on: synced.map((inventory) => inventoryPlace(inventory, null)),
      inventoryId: null,
      figure: { kind: 'count', measure: 'catalog_accesses', count: figures.catalogAccesses },
    },
    {
      id: 'ai_shopper',
      state: stateOf(shopperNext),
      next: shopperNext,
      on: answering.map((channel) => ({ id: channel.id, name: baseOf.get(channel.aiBaseId!)!.name, number: channel.displayPhoneNumber })),
      inventoryId: null,
      figure: { kind: 'count', measure: 'ai_answers', count: figures.aiAnswers },
    },
    {
      id: 'campaigns',
      state: stateOf(campaignsNext),
      next: campaignsNext,
      // The newest first, as the campaigns screen lists them.
      on: facts.campaigns.filter(running).map((campaign) => ({
        id: campaign.id,
        name: campaign.name,
        number: campaign.channelId === null ? null : (numberOf.get(campaign.channelId) ?? null),
      })),
      inventoryId: null,
      figure: { kind: 'count', measure: 'campaign_messages', count: figures.campaignMessages },
    },
    {
      id: 'website_widget',
      state: widgetChannel ? 'set_up' : 'not_set_up',
      next: widgetChannel ? null : 'widget',
      on: widgetChannel ? [{ id: widgetChannel.id, name: widgetChannel.verifiedName, number: widgetChannel.displayPhoneNumber }] : [],
      inventoryId: null,
      figure: { kind: 'count', measure: 'widget_conversations', count: figures.widgetConversations },
    },
    {
      id: 'cart_recovery',
      state: stateOf(recovery.next),
      ...recovery,
      figure: { kind: 'money', measure: 'recovered_sales', amounts: recoveredOrZero(figures.recovered, configured) },
    },
    {
      id: 'post_sale_notices',
      state: stateOf(notices.next),
      ...notices,
      figure: { kind: 'count', measure: 'notices_sent', count: figures.noticesSent },
    },
  ];
}

/** Nothing recovered: zero in the first configured store's currency, so the figure reads as money. */
function recoveredOrZero(recovered: SolutionAmount[], configured: Inventory[]): SolutionAmount[] {
  if (recovered.length > 0) return recovered;
  const currency = configured.find((inventory) => inventory.store?.currency)?.store?.currency;
  return currency ? [{ currency, minor: 0 }] : [];
}
