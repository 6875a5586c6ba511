/** A file's real type from its first bytes, whatever its name or the client claims (product.md §10.8). */
export type FileType = 'jpeg' | 'png' | 'pdf';

export const CONTENT_TYPES: Record<FileType, string> = { jpeg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' };

export function sniffFileType(bytes: Uint8Array): FileType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b))
    return 'png';
  if (bytes.length >= 5 && String.fromCharCode(...bytes.slice(0, 5)) === '%PDF-') return 'pdf';
  return undefined;
}

/** Decodes standard base64 (a data: URL prefix allowed); undefined when it is not base64. */
export function decodeBase64(text: string): Uint8Array | undefined {
  const body = text.replace(/^data:[\w/+.-]+;base64,/, '').replace(/\s+/g, '');
  if (body.length === 0 || body.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return undefined;
  return new Uint8Array(Buffer.from(body, 'base64'));
}
