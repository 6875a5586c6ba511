/** Serving an uploaded file to its owner, by the signed, short-lived address of ./files.ts. */
import { eq } from 'drizzle-orm';
import { files } from '../db/schema.ts';
import { ApiError } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { disposition, validFileSignature } from './files.ts';

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
        validFileSignature(config.otp.secret, id, expires, given);
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
