// The dashboard's labels: the range picker's kinds and the media types (the figures' definitions are
// domain/dashboard's dashboardDefinitions, shared with the server).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DashboardRangeKind } from '@/domain/dashboard';
import type { MediaType } from '@/domain/plans';

export const rangeKindNames = {
  today: msg`Today`,
  last_7_days: msg`Last 7 days`,
  last_30_days: msg`Last 30 days`,
  last_90_days: msg`Last 90 days`,
  this_month: msg`This month`,
  custom: msg`Custom range`,
} satisfies Record<DashboardRangeKind, MessageDescriptor>;

export const mediaTypeNames = {
  text: msg`Text`,
  vision: msg`Image`,
  file: msg`File`,
  voice: msg`Voice`,
} satisfies Record<MediaType, MessageDescriptor>;
