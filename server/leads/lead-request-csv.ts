// The requests as CSV for a spreadsheet or a CRM import (csv-stringify does the quoting).
import { stringify } from 'csv-stringify/sync';
import type { LeadRequestRecord } from '@/domain/lead-requests';

const columns: (keyof LeadRequestRecord)[] = [
  'id',
  'kind',
  'createdAt',
  'lastSubmittedAt',
  'submissions',
  'name',
  'email',
  'phone',
  'position',
  'segment',
  'website',
  'platform',
  'locale',
  'privacyConsent',
  'whatsappConsent',
];

/**
 * A text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first)
 * gets a leading apostrophe: the public wrote these cells. Phone numbers (`+5511…`) are left as
 * they are — digits only after the sign cannot form a formula.
 */
export function neutraliseFormula(text: string): string {
  if (/^[+-]?\d[\d\s().-]*$/.test(text)) return text;
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function leadRequestsCsv(rows: LeadRequestRecord[]): string {
  return stringify(
    rows.map((row) =>
      columns.map((column) => {
        const value = row[column];
        if (value === null) return '';
        return typeof value === 'string' ? neutraliseFormula(value) : String(value);
      }),
    ),
    { header: true, columns: columns.map(String), record_delimiter: 'windows' },
  );
}
