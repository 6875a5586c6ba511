/**
 * Every answer an API test receives is checked against its route's answer schema (src/lib/schemas),
 * here in the test client, so no test can forget to: a success's Data (and the keys beside it), or a
 * failure's envelope. A mismatch fails the test with the route and valibot's issues.
 */
import * as v from 'valibot';
import { STATUS } from '../../../src/lib/api/envelope.ts';
import { apiRoutes } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import type { RouteSpec } from '../../../src/server/http/routes.ts';

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

const routeOf = (method: string, path: string) =>
  routes.find(({ route, pattern }) => route.method === method && pattern.test(path.split('?')[0] ?? ''))?.route;

const isEnvelope = (body: unknown): body is { Status: unknown } =>
  typeof body === 'object' && body !== null && 'Status' in body && 'Message' in body;

/** Throws when `body` is not what the route at `path` declares. */
export function checkAnswer(method: 'get' | 'post', path: string, httpStatus: number, body: unknown) {
  const route = routeOf(method, path);
  if (!isEnvelope(body)) return;
  const success = httpStatus < 300 && body.Status === STATUS.ok;
  // A route without an answer schema answers in someone else's format (a provider's, a file).
  if (success && !route?.answer) return;
  const schema = success && route ? SuccessEnvelope(route) : FailureEnvelope;
  const result = v.safeParse(schema, body);
  if (result.success) return;
  const issues = result.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
  throw new Error(
    `${method.toUpperCase()} ${path} (${httpStatus}): the answer does not match its ${success ? 'route' : 'failure'} schema:\n  ${issues.join('\n  ')}`,
  );
}
