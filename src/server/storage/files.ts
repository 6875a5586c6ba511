/**
 * Serving uploaded files to their owner only. A page cannot send a header with an <img>, so the
 * owner's own profile answers carry a short-lived signed address (HMAC over the file id and the
 * expiry); nothing else can produce one.
 */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Deps } from '../app/context.ts';
import { files } from '../db/schema.ts';
import { ApiError } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { sameSignature } from '../security/signatures.ts';
import { CONTENT_TYPES } from './fileType.ts';

const LIFETIME_SECONDS = 600;

/**
 * The type stored at upload was read from the bytes, and the name is ours, never the uploader's.
 * Pictures are shown in place (an <img>); a PDF is always downloaded, never rendered by the
 * browser on this origin, whatever it carries (scripts, forms, links).
 */
function disposition(contentType: string): string {
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

export const fileRoutes = [
  defineRoute({
    method: 'get',
    path: '/Api/files/:id',
    operationId: 'getFile',
    summary: "An uploaded file, for its owner: the signed, short-lived address from the owner's profile",
    tag: 'Profile',
    auth: 'none',
    query: {
      expires: { description: 'Expiry (Unix seconds)', required: true },
      sig: { description: 'Signature', required: true },
    },
    plainAnswer: {
      description: 'The file, in its own media type (an image or a PDF)',
      mediaType: 'application/octet-stream',
    },
    async handle(c) {
      const { config, now, db, files: store } = c.get('deps');
      const id = c.req.param('id') ?? '';
      const expires = Number(c.req.query('expires'));
      const given = c.req.query('sig') ?? '';
      const valid =
        /^[0-9a-f-]{36}$/.test(id) &&
        Number.isInteger(expires) &&
        expires > now().getTime() / 1000 &&
        sameSignature(signature(config.otp.secret, id, expires), given);
      if (!valid) throw new ApiError(403, 'This link has expired. Reload the page to see the file.', 'forbidden');
      const [row] = await db.select().from(files).where(eq(files.id, id));
      const bytes = row ? await store.get(row.storageKey) : undefined;
      if (!row || !bytes) throw new ApiError(404, 'There is no such file.', 'not_found');
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': row.contentType,
        'Content-Disposition': disposition(row.contentType),
        'X-Content-Type-Options': 'nosniff',
      });
    },
  }),
];
