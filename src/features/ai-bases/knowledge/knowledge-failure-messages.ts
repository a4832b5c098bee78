// Why a knowledge file was refused at upload or failed in processing, in the page's language: one
// text for each reason code of domain/knowledge.ts, and for the plan's trainings.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { KnowledgeUploadRefusal } from '@/machines/knowledge-files';

export const knowledgeFailureMessages: Record<KnowledgeUploadRefusal, MessageDescriptor> = {
  empty_file: msg`The file is empty.`,
  unsupported_type: msg`Only .xls, .xlsx, .csv and .pdf files can be added.`,
  type_mismatch: msg`The content of the file does not match its extension (was it renamed?).`,
  too_large: msg`The file is larger than 100 MB.`,
  corrupt_pdf: msg`The PDF cannot be read: it is damaged or not really a PDF.`,
  encrypted_pdf: msg`The PDF is protected with a password. Remove the password and upload it again.`,
  no_text_layer: msg`The PDF has no text to read (scanned pages). Upload a PDF with text, or run it through OCR first.`,
  unreadable_sheet: msg`The spreadsheet cannot be read: it is damaged or in an unknown format.`,
  encrypted_sheet: msg`The spreadsheet is protected with a password. Remove the password and upload it again.`,
  unreadable_csv: msg`The CSV file cannot be read (for example, a quote that is never closed).`,
  line_too_long: msg`A line of the file is too long (over 1 million characters).`,
  no_content: msg`The file holds no text to learn from (only headers or empty sheets).`,
  too_complex: msg`Reading the file takes more memory or time than a file may use. Split it into smaller files.`,
  processing_failed: msg`Something went wrong on our side while reading the file. Delete it and upload it again.`,
  plan_limit: msg`This month's trainings of your plan are used up. Upgrade your plan to upload more files.`,
};
