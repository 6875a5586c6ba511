/**
 * What the upload screens share (the selfie, the loan documents): reading a chosen file as base64,
 * its format checked from the name before anything is sent (the server checks the bytes), the
 * update action, and the progress as a percentage through the API client's upload transport. The
 * document tiles' own preparation (scaling down, PDF pages) is in components/documentFiles.ts.
 */
import type { Transport } from '../../../lib/api/client.ts';
import { withUploadProgress } from '../../../lib/api/uploadProgress.ts';
import type { DocumentFormat } from '../../../lib/documents.ts';
import type { DashboardLocation } from '../navigation/router.ts';

type FileFormat = DocumentFormat;

/** product.md §5: images accept jpeg, png, jpg; statements and slips are PDF. */
const EXTENSIONS: Record<FileFormat, readonly string[]> = { image: ['JPEG', 'JPG', 'PNG'], pdf: ['PDF'] };

/** The file picker's filter for each format. */
export const ACCEPT: Record<FileFormat, string> = {
  image: '.jpeg,.jpg,.png,image/jpeg,image/png',
  pdf: '.pdf,application/pdf',
};

export const WRONG_FORMAT: Record<FileFormat, string> = {
  image: 'Please choose a jpeg, jpg or png image.',
  pdf: 'Please choose a PDF file.',
};

/** What each format may weigh (the server's IMAGE_MAX_BYTES and PDF_MAX_BYTES defaults). */
export const FORMAT_HINT: Record<FileFormat, string> = {
  image: 'A JPEG or PNG image, up to 5 MB.',
  pdf: 'A PDF, up to 10 MB.',
};

export const UNREADABLE = 'The file could not be read. Please choose it again.';

export interface ChosenFile {
  name: string;
  /** A data: address, for a preview. */
  src: string;
  base64: string;
  /** The extension, upper case (JPEG, JPG, PNG, PDF). */
  ext: string;
}

export const extensionOf = (name: string): string =>
  (name.includes('.') ? (name.split('.').pop() ?? '') : '').toUpperCase();

/** The message for a file of the wrong format, or null when its name fits. */
export function formatProblem(file: File, format: FileFormat): string | null {
  return EXTENSIONS[format].includes(extensionOf(file.name)) ? null : WRONG_FORMAT[format];
}

/** Reads a chosen file as base64; rejects with UNREADABLE. */
export function readChosenFile(file: File): Promise<ChosenFile> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => {
      const src = String(reader.result);
      resolve({ name: file.name, src, base64: src.slice(src.indexOf(',') + 1), ext: extensionOf(file.name) });
    });
    reader.addEventListener('error', () => reject(new Error(UNREADABLE)));
    reader.readAsDataURL(file);
  });
}

/** An upload transport that reports whole percentages (0 to 100). */
export const percentTransport = (onPercent: (percent: number) => void): Transport =>
  withUploadProgress((share) => onPercent(Math.round(share * 100)));

/**
 * The 'update' action (changing an upload later): in the history state (product.md §2) and, so
 * that a reload keeps it, in the address as ?action=update (product.md §10.8). Upload buttons say
 * Update with it, Continue without.
 */
export function isUpdate(location: DashboardLocation): boolean {
  const state = location.state as { action?: unknown } | null;
  return state?.action === 'update' || new URLSearchParams(location.search).get('action') === 'update';
}
