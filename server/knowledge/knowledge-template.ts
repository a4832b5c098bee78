// The reference model a merchant can download: an .xlsx workbook made from domain/knowledge.ts's
// template (questions and answers, products) in their language. Trusted content, tiny: made in
// the server's thread with SheetJS, once per language.
import { knowledgeTemplate } from '@/domain/knowledge';
import type { Locale } from '@/domain/locales';

const made = new Map<Locale, Promise<Buffer>>();

async function make(locale: Locale): Promise<Buffer> {
  const XLSX = await import('xlsx');
  const workbook = XLSX.utils.book_new();
  for (const { name, rows } of knowledgeTemplate[locale]) {
    const sheet = XLSX.utils.aoa_to_sheet(rows);
    sheet['!cols'] = rows[0]!.map((_, column) => ({
      wch: Math.min(60, Math.max(12, ...rows.map((row) => (row[column] ?? '').length + 2))),
    }));
    XLSX.utils.book_append_sheet(workbook, sheet, name);
  }
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

export function knowledgeTemplateXlsx(locale: Locale): Promise<Buffer> {
  let workbook = made.get(locale);
  if (!workbook) {
    workbook = make(locale);
    made.set(locale, workbook);
    workbook.catch(() => made.delete(locale));
  }
  return workbook;
}
