// Checks that an upload's bytes are what its extension says (magic bytes), so a renamed file is
// refused at the door: .pdf starts with "%PDF-", .xls is an OLE2 compound file, .xlsx a ZIP (or
// an OLE2 file: Excel's password-protected .xlsx, refused later as encrypted_sheet), and a .csv
// must look like text.
import type { KnowledgeFileKind } from '@/domain/knowledge';

/** How many leading bytes the check reads. */
export const SIGNATURE_BYTES = 8 * 1024;

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from('PK\x03\x04', 'latin1');
const PDF = Buffer.from('%PDF-', 'latin1');

const startsWith = (head: Buffer, magic: Buffer) => head.length >= magic.length && head.subarray(0, magic.length).equals(magic);

/** Text in any encoding a CSV comes in: UTF-16 with its BOM, or bytes without NULs and with next to no control characters. */
export function looksLikeText(head: Buffer): boolean {
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return true;
  if ([OLE2, ZIP, PDF].some((magic) => startsWith(head, magic))) return false;
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return false;
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) || byte === 0x7f) control++;
  }
  return control <= head.length / 100;
}

/** Whether `head` (the file's first bytes, up to SIGNATURE_BYTES) fits `kind`. */
export function signatureMatches(kind: KnowledgeFileKind, head: Buffer): boolean {
  switch (kind) {
    case 'pdf':
      // Readers accept a little junk before the header; so do we, within the first KB.
      return head.subarray(0, 1024).indexOf(PDF) !== -1;
    case 'xls':
      return startsWith(head, OLE2);
    case 'xlsx':
      return startsWith(head, ZIP) || startsWith(head, OLE2);
    case 'csv':
      return looksLikeText(head);
  }
}
