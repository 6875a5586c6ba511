/** Health and the API description. */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { API } from '../../lib/api/paths.ts';
import { MessageOnlyAnswer } from '../../lib/schemas/answers/message.ts';
import { OpenApiAnswer } from '../../lib/schemas/answers/system.ts';
import { chosenEncoding, compressed } from '../http/encoding.ts';
import { openApiDocument } from '../http/openapi.ts';
import { ok } from '../http/respond.ts';
import { defineRoute, type RouteSpec } from '../http/routes.ts';

interface Encoded {
  /** The document as sent in each encoding, with its entity tag. */
  identity: { body: Uint8Array; etag: string };
  br: { body: Uint8Array; etag: string };
  gzip: { body: Uint8Array; etag: string };
}

/**
 * The document is the same for the life of the process (its routes are fixed at start): built,
 * compressed and tagged once, on its first request, never per request.
 */
function encodeOnce(build: () => unknown): () => Promise<Encoded> {
  let encoded: Promise<Encoded> | undefined;
  const encode = async (): Promise<Encoded> => {
    const json = Buffer.from(JSON.stringify(build()));
    const tag = createHash('sha256').update(json).digest('base64url').slice(0, 27);
    const [br, gz] = await Promise.all([compressed(json, 'br', true), compressed(json, 'gzip', true)]);
    return {
      identity: { body: json, etag: `"${tag}"` },
      br: { body: br, etag: `"${tag}-br"` },
      gzip: { body: gz, etag: `"${tag}-gz"` },
    };
  };
  return () => {
    // A failure is not kept: the next request tries again.
    encoded ??= encode().catch((error) => {
      encoded = undefined;
      throw error;
    });
    return encoded;
  };
}

function sendDocument(c: Context, encoded: Encoded) {
  const encoding = chosenEncoding(c.req.header('accept-encoding') ?? '');
  const chosen = encoded[encoding];
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    ETag: chosen.etag,
    Vary: 'Accept-Encoding',
    // Kept by a browser or proxy, but asked again each time: the ETag makes the asking cheap (304).
    'Cache-Control': 'no-cache',
  };
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  const given = (c.req.header('if-none-match') ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  const tags = [encoded.identity.etag, encoded.br.etag, encoded.gzip.etag];
  if (given.includes('*') || given.some((tag) => tags.includes(tag))) return c.body(null, 304, headers);
  return c.body(chosen.body as Uint8Array<ArrayBuffer>, 200, headers);
}

export function systemRoutes(allRoutes: () => RouteSpec[]) {
  const document = encodeOnce(() => openApiDocument(allRoutes()));
  return [
    defineRoute({
      method: 'get',
      path: API.health,
      operationId: 'health',
      summary: 'Liveness: a bare JSON answer (also the floor the load benchmarks compare against)',
      tag: 'System',
      auth: 'none',
      answer: MessageOnlyAnswer,
      handle: (c) => ok(c, {}, 'ok'),
    }),
    defineRoute({
      method: 'get',
      path: API.openapi,
      operationId: 'openapi',
      summary:
        'This API described as OpenAPI 3.1 (br or gzip by Accept-Encoding; an ETag, and 304 to a matching If-None-Match)',
      tag: 'System',
      auth: 'none',
      plainAnswer: { description: 'The OpenAPI 3.1 document', schema: OpenApiAnswer },
      handle: async (c) => sendDocument(c, await document()),
    }),
  ];
}
