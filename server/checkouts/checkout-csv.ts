// GET /api/v1/checkouts/export.csv's body: every checkout of the list's query, one row each, written a
// batch at a time as the store reads them. A UTF-8 BOM first (Excel then reads accented names right);
// csv-stringify quotes; text the merchant or the shopper typed (the inventory's name, the first name)
// is neutralised as the lead and dashboard exports do, so a cell starting `=` is never run.
import { stringify } from 'csv-stringify/sync';
import { minorToDecimal } from '../dashboard/dashboard-csv';
import { neutraliseFormula } from '../leads/lead-request-csv';
import type { CheckoutExportRow } from './checkout-list-store';

export const checkoutCsvColumns = [
  'left_at',
  'inventory',
  'status',
  'reason',
  'reminders_sent',
  'total',
  'currency',
  'phone',
  'first_name',
  'completed_at',
] as const;

const cellsOf = (row: CheckoutExportRow): string[] => [
  row.lastActivityAt,
  neutraliseFormula(row.inventoryName),
  row.status,
  row.reason ?? '',
  String(row.remindersSent),
  row.totalMinor !== null && row.currency ? minorToDecimal(row.totalMinor, row.currency) : '',
  row.currency ?? '',
  // Masked as on the screen (`•••• 4321`): the file travels further than the screen.
  row.phone ?? '',
  neutraliseFormula(row.firstName ?? ''),
  row.completedAt ?? '',
];

/** The file's lines: the BOM and header, then each batch's rows (CRLF-ended). */
export async function* checkoutCsvLines(batches: AsyncIterable<CheckoutExportRow[]>): AsyncGenerator<string> {
  yield `\ufeff${stringify([[...checkoutCsvColumns]], { record_delimiter: 'windows' })}`;
  for await (const batch of batches) yield stringify(batch.map(cellsOf), { record_delimiter: 'windows' });
}

/** The file's name: the period it covers. */
export const checkoutCsvFileName = (from: string, to: string) => `catalyst-checkouts-${from}-${to}.csv`;
