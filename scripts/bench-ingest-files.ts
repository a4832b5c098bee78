// The generated files of `npm run bench:ingest`: a Brazilian catalog CSV of a given size and a
// large PDF of text pages with an image each. Deterministic (seeded), streamed to disk.
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { seededRandom } from './bench-server';

const products = [
  'Camiseta',
  'Calça jeans',
  'Vestido',
  'Tênis',
  'Bolsa',
  'Jaqueta',
  'Meia',
  'Boné',
  'Saia',
  'Blusa',
  'Bermuda',
  'Sandália',
  'Mochila',
  'Casaco',
  'Pijama',
];
const qualities = [
  'básica',
  'confortável',
  'leve',
  'macia',
  'resistente',
  'elegante',
  'esportiva',
  'clássica',
  'estampada',
  'lisa',
  'térmica',
  'impermeável',
];
const colors = ['azul', 'preta', 'branca', 'vermelha', 'verde', 'amarela', 'rosa', 'cinza', 'marrom', 'bege', 'vinho', 'marinho'];
const materials = ['algodão', 'couro', 'jeans', 'linho', 'poliéster', 'malha', 'moletom', 'viscose', 'lã', 'seda'];
const phrases = [
  'Ideal para o dia a dia e para ocasiões especiais.',
  'Troca grátis em até 30 dias após a entrega.',
  'Entrega para todo o Brasil; frete grátis acima de R$ 299,00.',
  'Parcelamento em até 10 vezes sem juros no cartão; 5% de desconto no Pix.',
  'Lavar à mão com água fria; não usar alvejante.',
  'Modelagem ajustada; se preferir folgada, escolha um tamanho acima.',
  'Produção nacional com tecido certificado.',
  'Disponível nos tamanhos P, M, G e GG.',
];

async function write(out: WriteStream, chunk: string | Buffer) {
  if (!out.write(chunk)) await once(out, 'drain');
}

export async function generateCsv(path: string, bytes: number): Promise<number> {
  const random = seededRandom(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const out = createWriteStream(path);
  let written = 0;
  let rows = 0;
  const header = 'SKU;Produto;Descrição;Material;Cor;Preço;Preço promocional;Estoque;Observações\n';
  await write(out, header);
  written += Buffer.byteLength(header);
  for (;;) {
    rows++;
    const price = 20 + random() * 480;
    const line =
      [
        `BR-${String(rows).padStart(8, '0')}`,
        `${pick(products)} ${pick(qualities)} ${pick(colors)}`,
        `"${pick(products)} de ${pick(materials)}, ${pick(qualities)} e ${pick(qualities)}. ${pick(phrases)} ${pick(phrases)}"`,
        pick(materials),
        pick(colors),
        price.toFixed(2).replace('.', ','),
        (price * 0.85).toFixed(2).replace('.', ','),
        String(Math.floor(random() * 500)),
        pick(phrases),
      ].join(';') + '\n';
    const size = Buffer.byteLength(line);
    if (written + size > bytes) break;
    await write(out, line);
    written += size;
  }
  out.end();
  await once(out, 'finish');
  return rows - 1;
}

/**
 * A PDF of text pages (Helvetica, WinAnsi), each with a ~48 KB image: big as scanned-and-typed
 * catalogs are. `imageBytes` sets the image size; `badLengths` gives the images a wrong /Length,
 * as some writers do (a reader must find their `endstream` by scanning). `scanned`: pages (1-based)
 * that are only an image, as a scanner writes them (a small raw grey image, no text).
 */
export async function generatePdf(
  path: string,
  pages: number,
  {
    imageBytes = 48 * 1024,
    badLengths = false,
    scanned = [],
  }: { imageBytes?: number; badLengths?: boolean; scanned?: readonly number[] } = {},
): Promise<void> {
  const random = seededRandom(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const out = createWriteStream(path);
  const offsets: number[] = [];
  let position = 0;
  const emit = async (chunk: string | Buffer) => {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    position += buffer.length;
    await write(out, buffer);
  };
  const object = async (id: number, body: string | Buffer[]) => {
    offsets[id] = position;
    if (typeof body === 'string') await emit(`${id} 0 obj\n${body}\nendobj\n`);
    else {
      await emit(`${id} 0 obj\n`);
      for (const part of body) await emit(part);
      await emit('\nendobj\n');
    }
  };
  const escape = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);
  const image = randomBytes(imageBytes);

  await emit('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  const pageIds = Array.from({ length: pages }, (_, index) => 4 + index * 3);
  await object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  await object(2, `<< /Type /Pages /Count ${pages} /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] >>`);
  await object(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  for (let page = 0; page < pages; page++) {
    const id = pageIds[page]!;
    const lines: string[] = [`Catálogo de produtos - página ${page + 1}`, ''];
    for (let paragraph = 0; paragraph < 4; paragraph++) {
      for (let line = 0; line < 6; line++)
        lines.push(`${pick(products)} ${pick(qualities)} ${pick(colors)} de ${pick(materials)}: ${pick(phrases)}`.slice(0, 95));
      lines.push('');
    }
    const isScanned = scanned.includes(page + 1);
    const text = isScanned
      ? 'q 595 0 0 842 0 0 cm /Im1 Do Q'
      : `BT /F1 10 Tf 14 TL 40 800 Td ${lines.map((line) => (line ? `(${escape(line)}) Tj T*` : 'T*')).join(' ')} ET q 200 0 0 150 360 40 cm /Im1 Do Q`;
    await object(
      id,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${id + 1} 0 R /Resources << /Font << /F1 3 0 R >> /XObject << /Im1 ${id + 2} 0 R >> >> >>`,
    );
    await object(id + 1, `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`);
    const grey = Buffer.alloc(64 * 64, 0xc0);
    if (isScanned)
      await object(id + 2, [
        Buffer.from(
          `<< /Type /XObject /Subtype /Image /Width 64 /Height 64 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${grey.length} >>\nstream\n`,
          'latin1',
        ),
        grey,
        Buffer.from('\nendstream', 'latin1'),
      ]);
    else
      await object(id + 2, [
        Buffer.from(
          `<< /Type /XObject /Subtype /Image /Width 400 /Height 300 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${badLengths ? 7 : image.length} >>\nstream\n`,
          'latin1',
        ),
        image,
        Buffer.from('\nendstream', 'latin1'),
      ]);
  }
  const xref = position;
  const count = offsets.length;
  let table = `xref\n0 ${count}\n0000000000 65535 f \n`;
  for (let id = 1; id < count; id++) table += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  await emit(`${table}trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  out.end();
  await once(out, 'finish');
}
