// The widget screen's vocabulary in the page's language: the refusals of the settings and of 'check my
// site' by their message id (domain/widget.ts, domain/widget-site-check.ts), and the days of the week.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { widgetRefusals, type Weekday } from '@/domain/widget';
import { siteCheckRefusals } from '@/domain/widget-site-check';

export const widgetRefusalMessages: ReadonlyMap<string, MessageDescriptor> = new Map(
  [...Object.values(widgetRefusals), ...Object.values(siteCheckRefusals)].map((descriptor) => [descriptor.id, descriptor]),
);

export const weekdayNames: Record<Weekday, MessageDescriptor> = {
  mon: msg({ message: 'Mon', context: 'day of the week, short' }),
  tue: msg({ message: 'Tue', context: 'day of the week, short' }),
  wed: msg({ message: 'Wed', context: 'day of the week, short' }),
  thu: msg({ message: 'Thu', context: 'day of the week, short' }),
  fri: msg({ message: 'Fri', context: 'day of the week, short' }),
  sat: msg({ message: 'Sat', context: 'day of the week, short' }),
  sun: msg({ message: 'Sun', context: 'day of the week, short' }),
};
