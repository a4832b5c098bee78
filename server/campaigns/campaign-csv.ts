// GET /api/v1/campaigns/:id/sends.csv's body: one row per message the campaign planned, in its plan's
// order, written a page at a time as they are read — the number masked but its last four digits (the
// file travels further than the screen), the language it went in, where it stands and why, when Meta
// took it, and its price in US dollars. A UTF-8 BOM first; csv-stringify quotes.
import { stringify } from 'csv-stringify/sync';
import { maskedPhone } from '@/domain/checkout-list';
import type { SendRow } from '../messaging/messaging-queries';

export const campaignCsvColumns = ['phone', 'language', 'status', 'reason', 'sent_at', 'cost_usd'] as const;

const cellsOf = (row: SendRow): string[] => [
  maskedPhone(row.recipient) ?? '',
  row.language,
  row.status,
  row.reason ?? '',
  row.sentAt?.toISOString() ?? '',
  row.costMicros === null ? '' : (row.costMicros / 1_000_000).toFixed(6).replace(/0{1,4}$/, ''),
];

/** The file's lines: the BOM and header, then each page's rows (CRLF-ended). */
export async function* campaignCsvLines(pages: AsyncIterable<SendRow[]>): AsyncGenerator<string> {
  yield `\ufeff${stringify([[...campaignCsvColumns]], { record_delimiter: 'windows' })}`;
  for await (const page of pages) if (page.length > 0) yield stringify(page.map(cellsOf), { record_delimiter: 'windows' });
}

/** The file's name: the campaign's, as a file may be named, and the word that says what it holds. */
export const campaignCsvFileName = (name: string) =>
  `catalyst-campaign-${
    name
      .normalize('NFKD')
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .toLowerCase() || 'sends'
  }.csv`;
