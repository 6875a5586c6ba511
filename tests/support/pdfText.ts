/** Reading a PDF back as a reader would (pdf.js through unpdf): its pages' text and its page count. */
import { extractText, getDocumentProxy } from 'unpdf';

export interface PdfText {
  pages: string[];
  /** Every page's text, joined. */
  text: string;
}

export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  // pdf.js takes the buffer over: hand it a copy, so the caller's bytes stay readable.
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  const pages = Array.isArray(text) ? text : [text];
  return { pages, text: pages.join('\n') };
}

/** Text with its runs of white space made one space, so a phrase wrapped over two lines still matches. */
export const flat = (text: string) => text.replace(/\s+/g, ' ');

/**
 * A text string of a PDF's dictionary, as a reader decodes it: the literal string after `/Key` (its
 * escapes undone), then UTF-16BE when it begins with the byte order mark FE FF, else PDFDocEncoding
 * (read as Latin-1: the same for the ASCII a string without the mark holds). Null when there is none.
 */
export function pdfDictionaryString(pdf: Uint8Array, key: string): { bytes: Buffer; text: string } | null {
  const source = Buffer.from(pdf).toString('latin1');
  const start = source.indexOf(`/${key} (`);
  if (start < 0) return null;
  const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
  let raw = '';
  let depth = 1;
  for (let i = start + key.length + 3; i < source.length; i += 1) {
    const char = source[i] as string;
    if (char === '\\') {
      const next = source[i + 1] as string;
      const octal = /^[0-7]{1,3}/.exec(source.slice(i + 1, i + 4));
      if (octal) {
        raw += String.fromCharCode(Number.parseInt(octal[0], 8));
        i += octal[0].length;
      } else {
        raw += escapes[next] ?? next;
        i += 1;
      }
      continue;
    }
    if (char === '(') depth += 1;
    if (char === ')' && --depth === 0) break;
    raw += char;
  }
  const bytes = Buffer.from(raw, 'latin1');
  if (bytes[0] !== 0xfe || bytes[1] !== 0xff) return { bytes, text: raw };
  return { bytes, text: Buffer.from(bytes.subarray(2)).swap16().toString('utf16le') };
}
