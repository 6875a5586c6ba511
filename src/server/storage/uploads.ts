/**
 * Taking an upload: base64 decoded, size capped, real type read from the bytes (product.md §10.8),
 * stored under a key the server makes, then recorded. The file is written before its row, so a
 * crash between the two leaves at worst an unreferenced file, never a row without its file.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Deps } from '../app/context.ts';
import type { Logger } from '../app/logger.ts';
import { queryRows } from '../db/client.ts';
import { takeSlot } from '../db/rateLimit.ts';
import { files } from '../db/schema.ts';
import { crashPoint } from '../dev/faults.ts';
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
  deps: Pick<Deps, 'config' | 'files' | 'db' | 'now'>,
  customerId: string,
  kind: string,
  base64: string,
  allowed: FileType[],
  requiredMessage: string,
  inspect?: (bytes: Uint8Array, type: FileType) => void | Promise<void>,
) {
  const { config, files: store, db, now } = deps;
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
  await withinCustomerCaps(deps, customerId, bytes.length);
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
  scope: { deps: Pick<Deps, 'pdfChecks'>; log: Logger },
  bytes: Uint8Array,
  password: string,
): Promise<PdfPasswordCheck> {
  const outcome = await scope.deps.pdfChecks.check(bytes, password);
  switch (outcome.result) {
    case 'timed_out':
    case 'failed':
      scope.log.warn('pdf check refused', { outcome: outcome.result, size_bytes: bytes.length });
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

/**
 * A customer's uploads are bounded: so many an hour (a slot is taken per accepted file, whatever
 * becomes of it) and so many bytes kept in all. Replaced files are discarded (discardUnusedFile),
 * so an ordinary application stays far below the stored cap.
 */
async function withinCustomerCaps(deps: Pick<Deps, 'config' | 'db' | 'now'>, customerId: string, size: number) {
  const { config, db, now } = deps;
  const { perHour, storedBytesMax } = config.uploads.customerCaps;
  const [stored] = await queryRows<{ bytes: string | number }>(
    db,
    sql`select coalesce(sum(size_bytes), 0) as bytes from files where customer_id = ${customerId}`,
  );
  if (Number(stored?.bytes ?? 0) + size > storedBytesMax) {
    throw new ApiError(
      413,
      `Your uploads have reached the ${megabytes(storedBytesMax)} we keep for one customer. Please write to us if you need to send more.`,
      'uploads_storage_full',
    );
  }
  if (!(await takeSlot(db, `uploads:${customerId}`, perHour, 3600, now()))) {
    throw new ApiError(
      429,
      `You have uploaded ${perHour} files in the last hour, the most we take. Please try again in an hour.`,
      'uploads_too_many',
      undefined,
      { retry_after_seconds: 3600 },
    );
  }
}

/**
 * Deletes a stored file that nothing refers to any more: no document of an application, no
 * customer's picture, and no staff decision (whose audit line lists the files it was made on, kept
 * with it). Answers whether it was deleted. The row goes first, then the bytes: a crash between
 * leaves bytes nobody can reach, never a row without its file.
 */
export async function discardUnusedFile(deps: Pick<Deps, 'db' | 'files'>, fileId: string): Promise<boolean> {
  const [row] = await queryRows<{ storage_key: string }>(
    deps.db,
    sql`delete from files f where f.id = ${fileId}
          and not exists (select 1 from lead_documents d where d.file_id = f.id)
          and not exists (select 1 from customers u where u.selfie_file_id = f.id)
          and not exists (select 1 from audit_log a where a.detail -> 'file_ids' ? ${fileId})
        returning f.storage_key`,
  );
  if (!row) return false;
  await deps.files.remove(row.storage_key);
  return true;
}
