import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LangPath } from './lang-paths';

/** The side menu. Items without a screen yet are shown as "coming soon", never as dead links. */
export type NavItem = { label: MessageDescriptor; to: LangPath | null };

export const navItems: NavItem[] = [
  { label: msg`Home`, to: '/$lang/dashboard' },
  { label: msg`Component examples`, to: '/$lang/component-examples' },
  { label: msg`Intelligent Bases`, to: '/$lang/ia-bases' },
  { label: msg`Solutions`, to: '/$lang/solutions' },
  { label: msg`Channels`, to: '/$lang/channels' },
  { label: msg`Inventories`, to: '/$lang/inventories' },
  { label: msg`Checkouts`, to: '/$lang/checkouts' },
  { label: msg`Templates`, to: '/$lang/templates' },
  { label: msg`Contacts`, to: '/$lang/contacts' },
  { label: msg`Campaigns`, to: '/$lang/campaigns' },
  { label: msg`Settings`, to: '/$lang/settings' },
];

/** Header buttons: the Catalyst products. */
export const productLinks: NavItem[] = [
  { label: msg`CATALYST AI`, to: '/$lang/ia-bases' },
  { label: msg`CATALYST FILTER`, to: '/$lang/inventories' },
  { label: msg`CATALYST WIDGET`, to: '/$lang/widget' },
];
