/** Building the envelope: every answer of the API, success or failure, has the same shape. */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type Envelope, STATUS } from '../../lib/api/envelope.ts';

/** A failure a handler throws; the app turns it into the envelope with this HTTP status. */
export class ApiError extends Error {
  readonly httpStatus: ContentfulStatusCode;
  /** Machine-readable reason, sent as `error`. */
  readonly code: string;
  readonly status: number;
  readonly data: Record<string, unknown>;

  constructor(
    httpStatus: ContentfulStatusCode,
    message: string,
    code: string,
    status: number = STATUS.failed,
    data: Record<string, unknown> = {},
  ) {
    super(message);
    this.httpStatus = httpStatus;
    this.code = code;
    this.status = status;
    this.data = data;
  }
}

declare const answerData: unique symbol;
/** A success whose `Data` has the type `T`: what a route declaring an answer schema must return. */
export type Answer<T> = Response & { readonly [answerData]: T };

/**
 * A success. `T` comes from where the answer goes (the route's answer schema), never from `data`,
 * so `data` is checked against it field by field. `beside`: keys some calls of the specification
 * carry next to the envelope's own (getProfile's Steps, verifyOtp's repayment_data and order_id, …).
 */
export function ok<T extends object>(
  c: Context,
  data: NoInfer<T>,
  message = 'Success',
  beside: Record<string, unknown> = {},
): Answer<T> {
  const body: Envelope<T> = { Status: STATUS.ok, Message: message, Data: data, ...beside };
  return c.json(body, 200) as unknown as Answer<T>;
}

/** A failure, thrown or answered; `beside` as for ok(). It fits any route's answer (it carries no `Data` of it). */
export function failure(c: Context, error: ApiError, beside: Record<string, unknown> = {}): Answer<never> {
  const body: Envelope = {
    Status: error.status,
    Message: error.message,
    Data: error.data,
    error: error.code,
    ...beside,
  };
  if (error.httpStatus === 429 || error.data.retry_after_seconds !== undefined) {
    c.header('Retry-After', String(error.data.retry_after_seconds ?? 60));
  }
  return c.json(body, error.httpStatus) as unknown as Answer<never>;
}

export const sessionExpired = () =>
  new ApiError(401, 'Your session has expired. Please sign in again.', 'session_expired', STATUS.invalidSession);
