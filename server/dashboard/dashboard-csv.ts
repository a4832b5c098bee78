// GET /api/v1/dashboard.csv's body: the period's figures by day and source (inventory, AI base,
// WhatsApp number), with the same definitions as the screen. Every day of the period has at least
// one row (zeros and no source when nothing happened), so a spreadsheet's chart has no gaps. Names
// the merchant typed are neutralised as the lead export does (a cell starting `=` is not run).
import { stringify } from 'csv-stringify/sync';
import { eachDay, type DayRange } from '@/domain/dashboard';
import { neutraliseFormula } from '../leads/lead-request-csv';
import type { DaySource } from './dashboard-store';

export const dashboardCsvColumns = [
  'date',
  'inventory',
  'inventory_id',
  'ai_base',
  'ai_base_id',
  'channel',
  'channel_id',
  'accesses',
  'cart_views',
  'checkouts',
  'catalogs_sent',
  'orders',
  'converted_value',
  'currency',
  'requests',
  'requests_text',
  'requests_vision',
  'requests_file',
  'requests_voice',
  'extra_requests',
] as const;

/** Minor units as the currency writes its amount (2 decimals for BRL and USD, none for JPY); an unknown code keeps 2. */
export function minorToDecimal(minor: number, currency: string): string {
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat('en', {
        style: 'currency',
        currency,
      }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // Not an ISO code: two decimals.
  }
  return (minor / 10 ** digits).toFixed(digits);
}

export function dashboardCsv(
  range: DayRange,
  rows: DaySource[],
  nameOf: (kind: 'inventory' | 'aiBase' | 'channel', id: string | null) => string,
): string {
  const byDay = new Map<string, DaySource[]>();
  for (const row of rows) byDay.set(row.day, [...(byDay.get(row.day) ?? []), row]);
  const records = eachDay(range.from, range.to).flatMap((day) => {
    const sources = byDay.get(day) ?? [];
    if (sources.length === 0) return [[day, '', '', '', '', '', '', '0', '0', '0', '0', '0', '0', '', '0', '0', '0', '0', '0', '0']];
    return sources.map((row) => {
      const requests = row.requests.text + row.requests.vision + row.requests.file + row.requests.voice;
      return [
        day,
        neutraliseFormula(nameOf('inventory', row.inventoryId)),
        row.inventoryId ?? '',
        neutraliseFormula(nameOf('aiBase', row.aiBaseId)),
        row.aiBaseId ?? '',
        neutraliseFormula(nameOf('channel', row.channelId)),
        row.channelId ?? '',
        String(row.accesses),
        String(row.cartViews),
        String(row.checkouts),
        String(row.catalogsSent),
        String(row.orders),
        row.currency === '' ? '0' : minorToDecimal(row.orderValueMinor, row.currency),
        row.currency,
        String(requests),
        String(row.requests.text),
        String(row.requests.vision),
        String(row.requests.file),
        String(row.requests.voice),
        String(row.extraRequests),
      ];
    });
  });
  return stringify(records, {
    header: true,
    columns: [...dashboardCsvColumns],
    record_delimiter: 'windows',
  });
}
