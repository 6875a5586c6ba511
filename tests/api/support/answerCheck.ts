/**
 * Every answer an API test receives is checked against its route's answer schema (src/lib/schemas),
 * here in the test client, so no test can forget to: a success's Data (and the keys beside it), or a
 * failure's envelope. A mismatch fails the test with the route and valibot's issues.
 */
import * as v from 'valibot';
import { STATUS } from '../../../src/lib/api/envelope.ts';
import { API } from '../../../src/lib/api/paths.ts';
import { apiRoutes } from '../../../src/server/app/app.ts';
import { loadConfig } from '../../../src/server/config/config.ts';
import type { RouteSpec } from '../../../src/server/http/routes.ts';
import { registrationEvents } from '../../../src/server/registration/routes.ts';

// Every route, the development routes and the sandboxes included (as docs/openapi.json lists them).
const routes = apiRoutes(loadConfig({ NODE_ENV: 'development', OTP_SECRET: 'x'.repeat(32) })).map((route) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}$`),
}));

const FailureEnvelope = v.object({
  Status: v.picklist([STATUS.failed, STATUS.invalidSession, STATUS.invalidSessionAlt]),
  Message: v.pipe(v.string(), v.minLength(1)),
  Data: v.record(v.string(), v.unknown()),
  error: v.optional(v.string()),
});

const SuccessEnvelope = (route: RouteSpec) =>
  v.object({
    Status: v.literal(STATUS.ok),
    Message: v.string(),
    Data: route.answer ?? v.unknown(),
    ...route.beside,
  });

/**
 * The route at `path`; on the shared registration endpoint, the event the request named stands in
 * for it (each event declares its own answer until the route declares their union).
 */
function routeOf(method: string, path: string, request: unknown): RouteSpec | undefined {
  const route = routes.find(
    ({ route, pattern }) => route.method === method && pattern.test(path.split('?')[0] ?? ''),
  )?.route;
  const name = (request as { event_name?: unknown } | undefined)?.event_name;
  const event = route?.path === API.registration && typeof name === 'string' ? registrationEvents[name] : undefined;
  return event?.answer && route ? { ...route, answer: event.answer } : route;
}

const isEnvelope = (body: unknown): body is { Status: unknown } =>
  typeof body === 'object' && body !== null && 'Status' in body && 'Message' in body;

/** Throws when `body` is not what the route at `path` declares. */
export function checkAnswer(
  method: 'get' | 'post',
  path: string,
  httpStatus: number,
  body: unknown,
  request?: unknown,
) {
  const route = routeOf(method, path, request);
  // An answer in its own format (a provider's, this document, a development list) is checked whole.
  const plain = route?.plainAnswer?.schema;
  if (plain && httpStatus < 300 && !isEnvelope(body))
    return report(method, path, httpStatus, 'route', v.safeParse(plain, body));
  if (!isEnvelope(body)) return;
  const success = httpStatus < 300 && body.Status === STATUS.ok;
  // A route without an answer schema answers in someone else's format (a provider's, a file).
  if (success && !route?.answer) return;
  const schema = success && route ? SuccessEnvelope(route) : FailureEnvelope;
  report(method, path, httpStatus, success ? 'route' : 'failure', v.safeParse(schema, body));
}

function report(
  method: string,
  path: string,
  httpStatus: number,
  which: 'route' | 'failure',
  result: v.SafeParseResult<v.GenericSchema>,
) {
  if (result.success) return;
  const issues = result.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
  throw new Error(
    `${method.toUpperCase()} ${path} (${httpStatus}): the answer does not match its ${which} schema:\n  ${issues.join('\n  ')}`,
  );
}
