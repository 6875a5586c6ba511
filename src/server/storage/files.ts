/**
 * Signed addresses of uploaded files; ./routes.ts serves a file by one, to its owner only. A page
 * cannot send a header with an <img>, so the owner's own profile answers carry a short-lived signed
 * address (HMAC over the file id and the expiry); nothing else can produce one.
 */
import { createHmac } from 'node:crypto';
import type { Deps } from '../app/context.ts';
import { sameSignature } from '../security/signatures.ts';
import { CONTENT_TYPES } from './fileType.ts';

const LIFETIME_SECONDS = 600;

/**
 * The type stored at upload was read from the bytes, and the name is ours, never the uploader's.
 * Pictures are shown in place (an <img>); a PDF is always downloaded, never rendered by the
 * browser on this origin, whatever it carries (scripts, forms, links).
 */
export function disposition(contentType: string): string {
  if (contentType === CONTENT_TYPES.jpeg) return 'inline; filename="picture.jpg"';
  if (contentType === CONTENT_TYPES.png) return 'inline; filename="picture.png"';
  if (contentType === CONTENT_TYPES.pdf) return 'attachment; filename="document.pdf"';
  return 'attachment';
}

function signature(secret: string, id: string, expires: number) {
  return createHmac('sha256', secret).update(`file:${id}:${expires}`).digest('hex');
}

/** The signed path of a file until `expires` (Unix seconds); staff tools and tests sign with the same secret. */
export function signedFilePath(secret: string, fileId: string, expires: number): string {
  return `/Api/files/${fileId}?expires=${expires}&sig=${signature(secret, fileId, expires)}`;
}

/** A file's signed address for its owner's answer, valid for ten minutes. */
export function fileUrl(scope: { deps: Pick<Deps, 'config' | 'now'>; origin: string }, fileId: string): string {
  const { config, now } = scope.deps;
  const expires = Math.floor(now().getTime() / 1000) + LIFETIME_SECONDS;
  // PUBLIC_API_URL (required in production); the request's own origin only outside production.
  const base = config.payments.apiUrl ?? scope.origin;
  return new URL(signedFilePath(config.otp.secret, fileId, expires), base).href;
}

/** Whether `given` is the signature of this file's address until `expires` (compared in constant time). */
export const validFileSignature = (secret: string, fileId: string, expires: number, given: string) =>
  sameSignature(signature(secret, fileId, expires), given);
