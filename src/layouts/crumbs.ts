import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LangPath } from './lang-paths';

export type Crumb = { label: MessageDescriptor; to?: LangPath };

// The seed's breadcrumb labels.
export const crumbs = {
  dashboard: { label: msg`Dashboard`, to: '/$lang/dashboard' },
  aiBases: { label: msg`AI Bases`, to: '/$lang/ia-bases' },
  aiBaseConfiguration: { label: msg`AI Base Configuration` },
  inventories: { label: msg`Inventories`, to: '/$lang/inventories' },
  inventoryConfiguration: { label: msg`Inventory Configuration` },
  channels: { label: msg`Channels`, to: '/$lang/channels' },
  channel: { label: msg`Channel` },
  checkouts: { label: msg`Checkouts`, to: '/$lang/checkouts' },
  templates: { label: msg`Templates`, to: '/$lang/templates' },
  contacts: { label: msg`Contacts`, to: '/$lang/contacts' },
  campaigns: { label: msg`Campaigns`, to: '/$lang/campaigns' },
  campaign: { label: msg`Campaign` },
  solutions: { label: msg`Solutions`, to: '/$lang/solutions' },
  widget: { label: msg`Website widget`, to: '/$lang/widget' },
  componentExamples: { label: msg`Component examples` },
  settings: { label: msg`Settings` },
} satisfies Record<string, Crumb>;

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    crumbs?: Crumb[];
  }
}
