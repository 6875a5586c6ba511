/** Small real files for upload tests, made in memory. */
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A valid 1x1 PNG. */
export function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 200, 100, 50]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A minimal JPEG (SOI … EOI): enough for a type check from the bytes. */
export function tinyJpeg(size = 64): Buffer {
  const bytes = Buffer.alloc(Math.max(size, 4));
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  bytes.set([0xff, 0xd9], bytes.length - 2);
  return bytes;
}

export function tinyPdf(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
}

export const base64 = (bytes: Buffer) => bytes.toString('base64');

/** A PDF of tests/fixtures/pdf (made with qpdf; passwords in its README). */
export function pdfFixture(name: string): Buffer {
  return readFileSync(new URL(`../../fixtures/pdf/${name}`, import.meta.url));
}
