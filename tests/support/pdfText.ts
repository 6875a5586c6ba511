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
