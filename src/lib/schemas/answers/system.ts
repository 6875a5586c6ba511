/**
 * The answers that are not the envelope and are not a provider's: this API's own document and the
 * development outboxes (read by the browser tests and by hand).
 */
import * as v from 'valibot';

/** openapi: the OpenAPI 3.1 document (src/server/http/openapi.ts writes it; its own shape is OpenAPI's). */
export const OpenApiAnswer = v.looseObject({
  openapi: v.literal('3.1.0'),
  info: v.looseObject({ title: v.string(), version: v.string() }),
  paths: v.record(v.string(), v.record(v.string(), v.looseObject({ operationId: v.string() }))),
});

/** devOutbox: the SMS queued for a mobile, newest first, with the code each carries. */
export const DevOutboxAnswer = v.array(
  v.strictObject({ to: v.string(), body: v.string(), code: v.nullable(v.string()), created_at: v.string() }),
);

/** devMailbox: the e-mails queued for an address, newest first. */
export const DevMailboxAnswer = v.array(
  v.strictObject({
    to: v.string(),
    subject: v.string(),
    body: v.string(),
    /** Each attachment's name, MIME type, size in bytes and SHA-256 (hex); never its bytes. */
    attachments: v.array(
      v.strictObject({ filename: v.string(), content_type: v.string(), size: v.number(), sha256: v.string() }),
    ),
    created_at: v.string(),
  }),
);

/** devClock: the server's clock after the move. */
export const DevClockAnswer = v.strictObject({ now: v.string() });
export const DevCrashAnswer = v.strictObject({ armed: v.string() });
