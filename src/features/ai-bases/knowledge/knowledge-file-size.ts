import type { I18n } from '@lingui/core';

/**
 * A file's size for people, in the page's number format. Binary multiples under the usual names,
 * as the upload limit is written: a file at the limit shows "100 MB".
 */
export function formatFileSize(i18n: I18n, bytes: number): string {
  if (bytes < 1024) return i18n.number(bytes, { style: 'unit', unit: 'byte', unitDisplay: 'long' });
  if (bytes < 1024 * 1024) return i18n.number(bytes / 1024, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
  return i18n.number(bytes / (1024 * 1024), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
}
