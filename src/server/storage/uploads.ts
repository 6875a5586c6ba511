/**
 * Taking an upload: base64 decoded, size capped, real type read from the bytes (product.md §10.8),
 * stored under a key the server makes, then recorded. The file is written before its row, so a
 * crash between the two leaves at worst an unreferenced file, never a row without its file.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { files } from '../db/schema.ts';
import { crashPoint } from '../faults.ts';
import { ApiError } from '../http/respond.ts';
import { CONTENT_TYPES, decodeBase64, type FileType, sniffFileType } from './fileType.ts';
import type { PdfPasswordCheck } from './pdfPassword.ts';

const NAMES: Record<FileType, string> = { jpeg: 'a JPEG image', png: 'a PNG image', pdf: 'a PDF' };
/** "a JPEG image or a PNG image", "a JPEG image, a PNG image or a PDF". */
const namesOf = (allowed: FileType[]) => {
  const names = allowed.map((type) => NAMES[type]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
};
/** Megabytes to one decimal; a size is rounded up so that one byte over 5 MB never reads "5 MB". */
export const megabytes = (bytes: number, round = Math.round) => `${round((bytes / 1_048_576) * 10) / 10} MB`;

/**
 * Takes an upload, or refuses it with a 4xx before anything is stored. `inspect` sees the bytes
 * once their type and size are accepted and may refuse them too (an encrypted PDF's password).
 */
export async function storeUpload(
  c: Context<AppEnv>,
  customerId: string,
  kind: string,
  base64: string,
  allowed: FileType[],
  requiredMessage: string,
  inspect?: (bytes: Uint8Array, type: FileType) => void | Promise<void>,
) {
  const { config, files: store, db, now } = c.get('deps');
  if (!base64.trim()) throw new ApiError(400, requiredMessage, 'file_required');
  const bytes = decodeBase64(base64);
  if (!bytes) throw new ApiError(400, 'The file could not be read. Please choose it again.', 'file_unreadable');
  const type = sniffFileType(bytes);
  if (!type || !allowed.includes(type)) {
    throw new ApiError(415, `This file is not ${namesOf(allowed)}. Please choose another file.`, 'file_type');
  }
  const limit = type === 'pdf' ? config.uploads.pdfMaxBytes : config.uploads.imageMaxBytes;
  if (bytes.length > limit) {
    throw new ApiError(
      413,
      `The file is ${megabytes(bytes.length, Math.ceil)}; the largest we accept is ${megabytes(limit)}.`,
      'file_too_large',
    );
  }
  await inspect?.(bytes, type);
  const id = randomUUID();
  const storageKey = `${customerId}/${kind}/${id}`;
  await store.put(storageKey, bytes);
  const [row] = await db
    .insert(files)
    .values({
      id,
      customerId,
      kind,
      contentType: CONTENT_TYPES[type],
      sizeBytes: bytes.length,
      storageKey,
      createdAt: now(),
    })
    .returning();
  if (!row) throw new Error('file row not stored');
  // A crash from here until the caller refers to the row leaves an unreferenced file: never shown.
  crashPoint('upload.stored');
  return row;
}

/**
 * Whether the PDF is encrypted and the password opens it, checked by the worker pool (never on
 * this thread). A check the pool could not finish refuses the upload with a message, never a 500.
 */
export async function checkUploadedPdf(
  c: Context<AppEnv>,
  bytes: Uint8Array,
  password: string,
): Promise<PdfPasswordCheck> {
  const outcome = await c.get('deps').pdfChecks.check(bytes, password);
  switch (outcome.result) {
    case 'timed_out':
    case 'failed':
      c.get('log').warn('pdf check refused', { outcome: outcome.result, size_bytes: bytes.length });
      throw new ApiError(
        422,
        'We could not check this PDF. Please save it again from your PDF viewer and upload the copy.',
        'pdf_check_failed',
      );
    case 'busy':
      throw new ApiError(503, 'Many files are being checked just now. Please try again in a minute.', 'pdf_check_busy');
    default:
      return outcome;
  }
}
