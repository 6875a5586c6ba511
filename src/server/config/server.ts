/** The HTTP server: where it listens, what it serves next to the API, and the limits on requests. */
import { resolve } from 'node:path';
import * as v from 'valibot';
import { flag, int, NODE_ENV, text } from './values.ts';

export const ServerSchema = v.pipe(
  v.object({
    NODE_ENV,
    PORT: int(4321, 0, 65_535),
    HOST: text('127.0.0.1'),
    SITE_DIR: text('dist'),
    SERVE_SITE: flag(true),
    LOG_LEVEL: v.optional(
      v.picklist(['debug', 'info', 'warn', 'error', 'silent'], 'must be debug, info, warn, error or silent'),
      'info',
    ),
    PUBLIC_CLIENT_KEY: text('kosh-web'),
    CORS_ORIGINS: v.optional(v.string(), ''),
    TRUST_PROXY: flag(false),
    BODY_LIMIT_BYTES: int(65_536, 1_024, 50 * 1024 * 1024),
    NO_CREDENTIAL_BODY_LIMIT_BYTES: int(16_384, 1_024, 1024 * 1024),
    HEADERS_TIMEOUT_MS: int(10_000, 100, 120_000),
    REQUEST_TIMEOUT_MS: int(15_000, 100, 300_000),
    UPLOAD_TIMEOUT_MS: int(60_000, 100, 600_000),
    PDF_DRAW_WORKERS: int(1, 1, 16),
    PDF_DRAW_TIMEOUT_MS: int(20_000, 100, 120_000),
    PDF_DRAW_QUEUE: int(64, 0, 1_000),
    CONTACT_MAX_PER_ADDRESS_PER_HOUR: int(5, 1, 10_000),
  }),
  v.transform((e) => ({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    /** The built static site that the server serves next to the API (null: API only). */
    siteDir: e.SERVE_SITE ? resolve(e.SITE_DIR) : null,
    logLevel: e.LOG_LEVEL,
    publicClientKey: e.PUBLIC_CLIENT_KEY,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    /** The body of a route that takes no credential (webhooks, PayU's returns: a signature instead). */
    noCredentialBodyLimitBytes: e.NO_CREDENTIAL_BODY_LIMIT_BYTES,
    /** Slow clients (src/server/http/server.ts, http/gate.ts): the headers, a body, an upload's body. */
    timeouts: { headersMs: e.HEADERS_TIMEOUT_MS, bodyMs: e.REQUEST_TIMEOUT_MS, uploadMs: e.UPLOAD_TIMEOUT_MS },
    /** The statement PDF drawing workers (src/server/statements/drawPool.ts). */
    pdfDrawing: { workers: e.PDF_DRAW_WORKERS, timeoutMs: e.PDF_DRAW_TIMEOUT_MS, maxQueue: e.PDF_DRAW_QUEUE },
    contactMaxPerAddressPerHour: e.CONTACT_MAX_PER_ADDRESS_PER_HOUR,
  })),
);
