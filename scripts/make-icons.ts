// Draws the app icons (a teal "C" with a mauve dot on navy) as PNGs: npm run icons.
// Kept as code so the icons can be regenerated in any size without an image editor.
import { deflateSync, crc32 } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';

type Rgba = [number, number, number, number];
const navy: Rgba = [0x14, 0x21, 0x3d, 255];
const teal: Rgba = [0x2d, 0xd4, 0xbf, 255];
const mauve: Rgba = [0xe9, 0xa8, 0xd3, 255];
const clear: Rgba = [0, 0, 0, 0];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

function png(size: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x + 0.5, y + 0.5);
      const at = y * (size * 4 + 1) + 1 + x * 4;
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
      raw[at + 3] = a;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 6;
  header[10] = 0;
  header[11] = 0;
  header[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** `scale` shrinks the mark: maskable icons keep it inside the 80% safe zone. */
function icon(size: number, { rounded, scale }: { rounded: boolean; scale: number }) {
  const c = size / 2;
  const radius = size * 0.22;
  return png(size, (x, y) => {
    if (rounded) {
      const dx = Math.max(Math.abs(x - c) - (c - radius), 0);
      const dy = Math.max(Math.abs(y - c) - (c - radius), 0);
      if (dx * dx + dy * dy > radius * radius) return clear;
    }
    const u = (x - c) / (size * scale);
    const v = (y - c) / (size * scale);
    const d = Math.hypot(u, v);
    if (Math.hypot(u - 0.2, v) < 0.07) return mauve;
    const angle = Math.abs(Math.atan2(v, u));
    if (d > 0.22 && d < 0.36 && angle > Math.PI / 4) return teal;
    return navy;
  });
}

mkdirSync('public/icons', { recursive: true });
writeFileSync('public/icons/icon-192.png', icon(192, { rounded: true, scale: 1 }));
writeFileSync('public/icons/icon-512.png', icon(512, { rounded: true, scale: 1 }));
writeFileSync('public/icons/icon-maskable-512.png', icon(512, { rounded: false, scale: 0.75 }));
console.log('icons written to public/icons');
