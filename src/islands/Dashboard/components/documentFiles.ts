/**
 * A chosen document made ready to send (issue 14): its format checked against the formats the
 * document takes, a large photo scaled down in the browser (a phone's 12-megapixel picture is 4 MB
 * and more; 2000 px on its longest side still reads every letter of a card or a bill), a PDF's pages
 * counted for the tile, and the bytes as base64 for the upload payload of product.md §3.
 */
import type { DocumentFormat } from '../../../lib/documents.ts';
import { extensionOf, UNREADABLE } from '../state/uploads.ts';

/** The longest side a picture is sent at, and the JPEG quality it is encoded with. */
export const MAX_SIDE = 2000;
const JPEG_QUALITY = 0.85;

const EXTENSIONS: Record<DocumentFormat, readonly string[]> = { image: ['JPEG', 'JPG', 'PNG'], pdf: ['PDF'] };
const TYPES: Record<DocumentFormat, readonly string[]> = {
  image: ['image/jpeg', 'image/png'],
  pdf: ['application/pdf'],
};

/** The file picker's filter for the formats a document takes. */
export const acceptOf = (formats: readonly DocumentFormat[]): string =>
  formats
    .flatMap((format) => [...EXTENSIONS[format].map((ext) => `.${ext.toLowerCase()}`), ...TYPES[format]])
    .join(',');

/** What the tile says the document may be. */
export function formatsHint(formats: readonly DocumentFormat[]): string {
  const image = formats.includes('image');
  const pdf = formats.includes('pdf');
  if (image && pdf) return 'A photo (JPEG or PNG, up to 5 MB) or a PDF (up to 10 MB).';
  return pdf ? 'A PDF, up to 10 MB.' : 'A photo (JPEG or PNG), up to 5 MB.';
}

/** The message for a file of none of the formats, or null when its name or type fits one. */
export function formatsProblem(file: File, formats: readonly DocumentFormat[]): string | null {
  const ext = extensionOf(file.name);
  const fits = formats.some((format) => EXTENSIONS[format].includes(ext) || TYPES[format].includes(file.type));
  if (fits) return null;
  if (formats.length > 1) return 'Please choose a jpeg, jpg or png image, or a PDF file.';
  return formats[0] === 'pdf' ? 'Please choose a PDF file.' : 'Please choose a jpeg, jpg or png image.';
}

export interface PreparedFile {
  name: string;
  format: DocumentFormat;
  base64: string;
  /** Upper case, as the payloads send it: JPEG, PNG or PDF. */
  ext: string;
  /** What is sent, after any scaling (its size is what the tile shows). */
  blob: Blob;
  /** The picture's size before and after scaling, when it was scaled. */
  scaledFrom: { width: number; height: number; bytes: number } | null;
  /** A PDF's page count, when its structure shows it. */
  pages: number | null;
}

const isPdf = (file: File) => file.type === 'application/pdf' || extensionOf(file.name) === 'PDF';

/**
 * A picture wider or taller than MAX_SIDE drawn at MAX_SIDE as a JPEG (on white, for a PNG with
 * transparency). The original is kept when it is small enough, cannot be decoded here, or when the
 * result would weigh more. Never enlarges. `convert`: always a JPEG (a camera's WebP or HEIC picture,
 * which the server does not take, where this browser can decode it).
 */
export async function downscaled(
  file: Blob,
  convert = false,
): Promise<{ blob: Blob; from: PreparedFile['scaledFrom'] }> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { blob: file, from: null };
  }
  const { width, height } = bitmap;
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  if (scale === 1 && !convert) {
    bitmap.close();
    return { blob: file, from: null };
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) {
    bitmap.close();
    return { blob: file, from: null };
  }
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
  if (!blob || (!convert && blob.size >= file.size)) return { blob: file, from: null };
  return { blob, from: { width, height, bytes: file.size } };
}

/**
 * A PDF's pages, read cheaply from its structure: the page objects, else the page tree's /Count.
 * Null when neither shows (pages packed in compressed object streams).
 */
export async function pdfPages(file: Blob): Promise<number | null> {
  const text = new TextDecoder('latin1').decode(await file.arrayBuffer());
  const pages = text.match(/\/Type\s*\/Page(?![A-Za-z])/g)?.length ?? 0;
  if (pages > 0) return pages;
  const counts = [...text.matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)/g)].map((match) => Number(match[1]));
  return counts.length > 0 ? Math.max(...counts) : null;
}

function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    });
    reader.addEventListener('error', () => reject(new Error(UNREADABLE)));
    reader.readAsDataURL(blob);
  });
}

/** A chosen file ready to send; rejects with the reason it cannot be (wrong format, unreadable). */
export async function prepareFile(file: File, formats: readonly DocumentFormat[]): Promise<PreparedFile> {
  const problem = formatsProblem(file, formats);
  const otherPicture = file.type.startsWith('image/') && formats.includes('image');
  if (problem && otherPicture) {
    const { blob } = await downscaled(file, true);
    if (blob.type === 'image/jpeg') {
      const base64 = await base64Of(blob);
      return { name: file.name, format: 'image', base64, ext: 'JPEG', blob, scaledFrom: null, pages: null };
    }
  }
  if (problem) throw new Error(problem);
  if (isPdf(file)) {
    const pages = await pdfPages(file).catch(() => null);
    return {
      name: file.name,
      format: 'pdf',
      base64: await base64Of(file),
      ext: 'PDF',
      blob: file,
      scaledFrom: null,
      pages,
    };
  }
  const { blob, from } = await downscaled(file);
  const ext = from ? 'JPEG' : extensionOf(file.name) === 'PNG' || file.type === 'image/png' ? 'PNG' : 'JPEG';
  return { name: file.name, format: 'image', base64: await base64Of(blob), ext, blob, scaledFrom: from, pages: null };
}

/** "1.2 MB", "340 KB". */
export function sizeText(bytes: number): string {
  return bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
