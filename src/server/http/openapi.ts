/**
 * The OpenAPI 3.1 document of every route, built from the same route descriptions the app mounts.
 * `npm run openapi` writes it to docs/openapi.json; a test keeps that copy equal to this one.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { HEADERS } from '../../lib/api/paths.ts';
import { site } from '../../lib/site.ts';
import type { RouteSpec } from './routes.ts';

const schemaOf = (schema: v.GenericSchema) => {
  const { $schema: _ignored, ...json } = toJsonSchema(schema, { errorMode: 'ignore', typeMode: 'input' }) as Record<
    string,
    unknown
  >;
  return json;
};

const envelope = (data?: v.GenericSchema, beside: Record<string, v.GenericSchema> = {}) => ({
  type: 'object',
  required: ['Status', 'Message', 'Data', ...Object.keys(beside)],
  properties: {
    Status: { type: 'integer', enum: [0, 1, 4, 5], description: '1 success; 0 failure; 4 or 5 the session is invalid' },
    Message: { type: 'string' },
    Data: data ? schemaOf(data) : { type: 'object' },
    ...Object.fromEntries(Object.entries(beside).map(([key, schema]) => [key, schemaOf(schema)])),
    error: { type: 'string', description: 'Machine-readable reason, on failures' },
  },
});

/** A success that is not the envelope (RouteSpec.plainAnswer): a redirect names its Location, a body its media type. */
function plainResponse({ description, status, mediaType, schema }: NonNullable<RouteSpec['plainAnswer']>) {
  if (status === 303 || status === 307) {
    return {
      description,
      headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } },
    };
  }
  const body = schema ? schemaOf(schema) : { type: 'string', format: 'binary' };
  return { description, content: { [mediaType ?? 'application/json']: { schema: body } } };
}

const GENERIC_FAILURES: Record<number, string> = {
  400: 'The request is not valid; Message says why.',
  401: 'No valid credential, or the session is invalid (Status 4).',
  413: 'The request body is too large.',
  409: 'A conflict with what is already recorded (a unique key); Message says what.',
  415: 'The request body is not JSON.',
  429: 'Too many requests; Retry-After says when to try again.',
};

export function openApiDocument(routes: RouteSpec[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const failures = { ...(route.method === 'post' ? GENERIC_FAILURES : {}), ...route.failures };
    const security =
      route.auth === 'none'
        ? []
        : route.auth === 'session'
          ? [{ session: [] }]
          : route.auth === 'staff'
            ? [{ staff: [] }]
            : [{ client: [] }, { session: [] }];
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, unknown>)[route.method] = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.tag],
      security,
      ...(route.query && {
        parameters: Object.entries(route.query).map(([name, spec]) => ({
          name,
          in: 'query',
          required: spec.required ?? false,
          description: spec.description,
          schema: { type: 'string' },
        })),
      }),
      ...(route.body && {
        requestBody: { required: true, content: { 'application/json': { schema: schemaOf(route.body) } } },
      }),
      responses: {
        [route.plainAnswer?.status ?? 200]: route.fileResponse
          ? {
              description: 'The file',
              content: { [route.fileResponse]: { schema: { type: 'string', format: 'binary' } } },
            }
          : route.plainAnswer
            ? plainResponse(route.plainAnswer)
            : {
                description: 'Success',
                content: { 'application/json': { schema: envelope(route.answer, route.beside) } },
              },
        ...Object.fromEntries(
          Object.entries(failures).map(([status, description]) => [
            status,
            { description, content: { 'application/json': { schema: envelope() } } },
          ]),
        ),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${site.brand} API`,
      version: '1.0.0',
      description:
        'Every call the site makes. Responses use the envelope { Status, Message, Data, error }. Calls without a session send the public client credential in the Auth header; signed-in calls send the session token in Authtoken.',
    },
    components: {
      securitySchemes: {
        client: { type: 'apiKey', in: 'header', name: HEADERS.clientKey, description: 'Public client identifier' },
        session: { type: 'apiKey', in: 'header', name: HEADERS.token, description: 'Session token from otp_verify' },
        staff: {
          type: 'apiKey',
          in: 'header',
          name: HEADERS.staffToken,
          description: 'Staff session token from /Api/Staff/verify (the back office)',
        },
      },
    },
    paths,
  };
}
