/** Builds the HTTP application; starting it on a port is main.ts's job, so tests can run it too. */
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { API, HEADERS } from '../../lib/api/paths.ts';
import { agreementRoutes } from '../agreement/routes.ts';
import { applicationRoutes } from '../application/routes.ts';
import { bankAccountRoutes } from '../bankAccount/routes.ts';
import { bureauRoutes } from '../bureau/routes.ts';
import { complaintRoutes } from '../complaints/routes.ts';
import type { Config } from '../config/config.ts';
import { consentRoutes } from '../consents/routes.ts';
import { contactRoutes } from '../contact/routes.ts';
import { isDataException, isTransientConflict, isUniqueViolation } from '../db/client.ts';
import { devRoutes } from '../dev/routes.ts';
import type { BodyRules } from '../http/gate.ts';
import { InFlightRequests } from '../http/inFlight.ts';
import { requestContext } from '../http/middleware.ts';
import { ApiError, failure } from '../http/respond.ts';
import { mountRoutes, type RouteSpec } from '../http/routes.ts';
import { notFoundPage, staticSite } from '../http/staticSite.ts';
import { kfsRoutes } from '../kfs/routes.ts';
import { masterRoutes } from '../master/routes.ts';
import { providerRoutes } from '../payments/providerRoutes.ts';
import { receiptRoutes } from '../payments/receiptRoutes.ts';
import { paymentRoutes } from '../payments/routes.ts';
import { profileRoutes } from '../profile/routes.ts';
import { receiptPdfRoutes } from '../receipts/routes.ts';
import { refundRoutes } from '../refunds/routes.ts';
import { registrationRoutes } from '../registration/routes.ts';
import { repayRoutes } from '../repay/routes.ts';
import { esignSandboxRoutes } from '../sandbox/esign.ts';
import { sandboxMode } from '../sandbox/mode.ts';
import { payuSandboxRoutes } from '../sandbox/payu.ts';
import { razorpaySandboxRoutes } from '../sandbox/razorpay.ts';
import { signInRoutes } from '../signIn/routes.ts';
import { staffApplicationRoutes } from '../staff/applicationRoutes.ts';
import { staffLoanRoutes } from '../staff/loanRoutes.ts';
import { staffRoutes } from '../staff/routes.ts';
import { statementRoutes } from '../statements/routes.ts';
import { fileRoutes } from '../storage/routes.ts';
import { megabytes } from '../storage/uploads.ts';
import { systemRoutes } from '../system/routes.ts';
import type { AppEnv, Deps } from './context.ts';
import { errorFields } from './logger.ts';

/**
 * What some routes' callers show before their bodies are read (http/gate.ts), where the route's own
 * `auth` cannot say it: the shared endpoint (each event checks its credential after reading the body;
 * all need at least the client key) and the payment orders (a sign-in or a repay session); and the
 * routes whose bodies carry files as base64 in JSON (a live session gets the upload limit there).
 */
const BEFORE_BODY: Record<string, Pick<RouteSpec, 'credential' | 'bodyLimit'>> = {
  [API.registration]: { credential: 'client', bodyLimit: 'upload' },
  [API.singleDocument]: { bodyLimit: 'upload' },
  [API.razorpayOrder]: { credential: 'payer' },
  [API.payuOrder]: { credential: 'payer' },
};

/** Every API route this configuration has; the OpenAPI document is written from this list. */
export function apiRoutes(config: Config): RouteSpec[] {
  const routes: RouteSpec[] = [
    ...registrationRoutes,
    ...signInRoutes,
    ...masterRoutes,
    ...contactRoutes,
    ...profileRoutes,
    ...applicationRoutes,
    ...bankAccountRoutes,
    ...kfsRoutes,
    ...fileRoutes,
    ...statementRoutes,
    ...receiptPdfRoutes,
    ...repayRoutes,
    ...paymentRoutes,
    ...providerRoutes,
    ...receiptRoutes,
    ...staffRoutes,
    ...staffApplicationRoutes,
    ...staffLoanRoutes,
    ...refundRoutes,
    ...bureauRoutes,
    ...complaintRoutes,
    ...consentRoutes,
    ...agreementRoutes,
    ...devRoutes,
    ...razorpaySandboxRoutes,
    ...payuSandboxRoutes,
    ...esignSandboxRoutes,
    ...systemRoutes(() => routes),
  ]
    .filter((route) => !route.enabled || route.enabled(config))
    .map((route) => (BEFORE_BODY[route.path] ? { ...BEFORE_BODY[route.path], ...route } : route));
  return routes;
}

const API_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

/** `requests`: counts the requests running, for a server that stops (main.ts) to wait for them. */
export function createApp(deps: Deps, requests = new InFlightRequests()) {
  const { config, log } = deps;
  const app = new Hono<AppEnv>();

  app.use('*', requests.middleware);
  app.use('*', requestContext(deps));
  const isApi = (path: string) =>
    path.startsWith('/Api/') || path.startsWith('/__dev/') || path.startsWith('/__sandbox/razorpay/v1');
  app.use('*', async (c, next) => {
    await next();
    if (!isApi(c.req.path)) return;
    for (const [name, value] of Object.entries(API_HEADERS)) {
      // A route that may be cached says so itself (the OpenAPI document: revalidated by its ETag).
      if (name !== 'Cache-Control' || !c.res.headers.has(name)) c.header(name, value);
    }
  });
  if (config.corsOrigins.length) {
    app.use(
      '/Api/*',
      cors({
        origin: config.corsOrigins,
        allowMethods: ['GET', 'POST'],
        allowHeaders: ['Content-Type', HEADERS.clientKey, HEADERS.token, HEADERS.staffToken],
        maxAge: 600,
      }),
    );
  }
  // Bodies by the route's credential (http/gate.ts): uploads (selfie, documents) come as base64 in
  // JSON, a larger limit and a longer deadline for a signed-in customer there.
  const largestFile = megabytes(Math.max(config.uploads.pdfMaxBytes, config.uploads.imageMaxBytes));
  const tooLarge = 'The request is too large.';
  const bodies: BodyRules = {
    ordinary: { bytes: config.bodyLimitBytes, deadlineMs: config.timeouts.bodyMs, tooLarge },
    upload: {
      bytes: config.uploads.bodyLimitBytes,
      deadlineMs: config.timeouts.uploadMs,
      tooLarge: `The file is too large: the largest we accept is ${largestFile}.`,
    },
    noCredential: {
      bytes: Math.min(config.bodyLimitBytes, config.noCredentialBodyLimitBytes),
      deadlineMs: config.timeouts.bodyMs,
      tooLarge,
    },
  };

  mountRoutes(app, apiRoutes(config), bodies);
  // The sandboxes keep the providers' HTTP interfaces; the server reaches them in-process.
  if (sandboxMode(config)) deps.providerFetch = async (input, init) => app.request(input as string, init);

  app.onError((error, c) => {
    if (error instanceof ApiError) return failure(c, error);
    const requestLog = c.get('log') ?? log;
    // Two requests writing the same unique value at once: the later one is told, not given a 500.
    if (isUniqueViolation(error)) {
      requestLog.warn('unique key conflict', errorFields(error));
      return failure(c, new ApiError(409, 'This is already recorded. Please refresh and try again.', 'conflict'));
    }
    // A race PostgreSQL broke (deadlock, serialization failure) that went on after the retries (db/retry.ts).
    if (isTransientConflict(error)) {
      requestLog.warn('transaction conflict', errorFields(error));
      return failure(
        c,
        new ApiError(409, 'Someone else changed this at the same moment. Please try again.', 'try_again'),
      );
    }
    // A value the database cannot store (out of range, too long) that validation let through.
    if (isDataException(error)) {
      requestLog.warn('value refused by the database', errorFields(error));
      return failure(c, new ApiError(400, 'A value in the request is not valid. Please check it.', 'invalid_value'));
    }
    requestLog.error('unhandled error', errorFields(error));
    return failure(c, new ApiError(500, 'Something went wrong on our side. Please try again.', 'internal_error'));
  });

  const notFound = config.siteDir ? notFoundPage(config.siteDir) : undefined;
  // The built site compressed, as a CDN serves it (the API's answers are small and stay as they are):
  // the island pages' JavaScript is a quarter of its size on the wire (docs/benchmarks-lighthouse.md).
  // staticSite compresses each file once; the middleware compresses what it leaves, the 404 page.
  if (config.siteDir) app.use('*', compress(), staticSite(config.siteDir));
  app.notFound((c) => {
    if (isApi(c.req.path) || !notFound) {
      return failure(c, new ApiError(404, 'There is no such API route.', 'not_found'));
    }
    return notFound(c.req.path);
  });
  log.debug('app ready', { routes: apiRoutes(config).length });
  return app;
}
