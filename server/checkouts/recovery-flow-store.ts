// Each inventory's checkout-recovery flow: read (the default flow, off, until saved) and saved once it
// holds — the rules the domain checks (steps, delays, discounts, minimum, quiet hours), then what only
// the server can: the number is the account's, each step's template is one that number's WhatsApp
// Business Account has APPROVED in some language, and every variable of it is filled (an obvious
// source filled in when the merchant left it). The moment the flow is switched on is the server's
// clock's, never the browser's. A refusal names its field.
import { eq, sql } from 'drizzle-orm';
import type { MessageDescriptor } from '@lingui/core';
import {
  defaultRecoveryFlow,
  defaultRecoveryValueSource,
  discountValueSources,
  enabledAtAfterSave,
  recoveryFlowRefusals,
  recoveryFlowRefusalsOf,
  type RecoveryFlow,
} from '@/domain/checkout-recovery';
import { templateVariables } from '@/domain/message-template';
import type { ChannelStore } from '../channels/channel-store';
import type { Db } from '../db/database';
import { isAccountsInventory } from '../inventories/inventory-queries';
import { templatesByLanguage } from '../templates/template-queries';
import { wakeJobsSql } from '../jobs/job-queue';
import { RECOVERY_QUEUE } from './checkout-intake';
import { storeCheckouts } from './checkout-tables';
import { recoveryFlows } from './recovery-flow-tables';

/** Why a flow is refused: no such inventory of the caller's, or fields that do not hold. */
export class RecoveryFlowRefusal extends Error {
  constructor(
    readonly reason: 'not_found' | 'invalid',
    readonly fields: Record<string, MessageDescriptor> = {},
  ) {
    super(reason);
  }
}

/** The flow a stored row holds; the default one (off) when there is none. */
export function flowOfRow(row: typeof recoveryFlows.$inferSelect | null | undefined): RecoveryFlow {
  if (!row) return defaultRecoveryFlow();
  return { enabled: row.enabled, enabledAt: row.enabledAt?.toISOString() ?? null, channelId: row.channelId, ...row.settings };
}

export function recoveryFlowStore(db: Db, { channels, now = () => new Date() }: { channels: ChannelStore; now?: () => Date }) {
  /** The saved flow, or the default one (off). */
  async function flowOf(inventoryId: string): Promise<RecoveryFlow> {
    const [row] = await db.select().from(recoveryFlows).where(eq(recoveryFlows.inventoryId, inventoryId));
    return flowOfRow(row);
  }

  /** The flow as it will be stored (unmapped variables with an obvious source filled in), or the fields refused. */
  async function checked(uid: string, input: RecoveryFlow): Promise<RecoveryFlow> {
    const flow: RecoveryFlow = structuredClone(input);
    const fields = recoveryFlowRefusalsOf(flow);
    const channel = flow.channelId ? await channels.get(uid, flow.channelId) : null;
    if (flow.channelId && !channel) fields.channelId = recoveryFlowRefusals.channelUnknown;

    for (const [index, step] of flow.steps.entries()) {
      const at = `steps.${index}`;
      if (!step.templateName || !channel || fields[`${at}.templateName`]) continue;
      const languages = [...(await templatesByLanguage(db, channel.id, step.templateName)).values()];
      const approved = languages.filter((template) => template.status === 'APPROVED');
      if (languages.length === 0) fields[`${at}.templateName`] = recoveryFlowRefusals.templateUnknown;
      else if (approved.length === 0) fields[`${at}.templateName`] = recoveryFlowRefusals.templateNotApproved;
      if (approved.length === 0) continue;

      const needed = new Set(approved.flatMap((template) => templateVariables(template.content)));
      for (const variable of Object.keys(step.variables))
        if (!needed.has(variable)) fields[`${at}.variables.${variable}`] ??= recoveryFlowRefusals.variableUnknown;
      for (const variable of needed) {
        if (step.variables[variable]) continue;
        const source = defaultRecoveryValueSource(variable);
        if (source) step.variables[variable] = source;
        else fields[`${at}.variables.${variable}`] = recoveryFlowRefusals.variableUnmapped;
      }
      // A code or its value the template shows needs the step's discount (a source filled in just now too).
      for (const [variable, source] of Object.entries(step.variables))
        if (step.discount === null && discountValueSources.includes(source))
          fields[`${at}.variables.${variable}`] ??= recoveryFlowRefusals.sourceNeedsDiscount;
    }
    if (Object.keys(fields).length > 0) throw new RecoveryFlowRefusal('invalid', fields);
    return flow;
  }

  return {
    flowOf,

    /** The caller's inventory's flow. */
    async get(uid: string, inventoryId: string): Promise<RecoveryFlow> {
      if (!(await isAccountsInventory(db, uid, inventoryId))) throw new RecoveryFlowRefusal('not_found');
      return flowOf(inventoryId);
    },

    /** Checks and stores the caller's inventory's flow (its `enabledAt` is the server's); answers it as stored. */
    async save(uid: string, inventoryId: string, input: RecoveryFlow): Promise<RecoveryFlow> {
      if (!(await isAccountsInventory(db, uid, inventoryId))) throw new RecoveryFlowRefusal('not_found');
      const previous = await flowOf(inventoryId);
      const flow = await checked(uid, { ...input, enabledAt: enabledAtAfterSave(previous, input.enabled, now()) });
      const values = {
        enabled: flow.enabled,
        enabledAt: flow.enabledAt === null ? null : new Date(flow.enabledAt),
        channelId: flow.channelId,
        settings: { steps: flow.steps, minimumCartMinor: flow.minimumCartMinor, quietHours: flow.quietHours },
        updatedAt: now(),
      };
      const saved = db
        .insert(recoveryFlows)
        .values({ inventoryId, uid, ...values })
        .onConflictDoUpdate({ target: recoveryFlows.inventoryId, set: values });
      // Checkouts not reminded yet were queued for the old first delay (./checkout-intake.ts): looked at again now.
      if (flow.steps[0]?.delayMinutes !== previous.steps[0]?.delayMinutes) {
        const waiting = sql`select ${storeCheckouts.id} as id from ${storeCheckouts} where ${storeCheckouts.inventoryId} = ${inventoryId}::uuid
          and ${storeCheckouts.completedAt} is null and ${storeCheckouts.remindersSent} = 0 and ${storeCheckouts.recoveryStatus} = 'waiting'`;
        await db.execute(sql`with saved as (${saved.getSQL()}), woken as (${wakeJobsSql(RECOVERY_QUEUE, 'checkoutId', waiting)}) select 1`);
      } else await saved;
      return flow;
    },
  };
}

export type RecoveryFlowStore = ReturnType<typeof recoveryFlowStore>;
