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

/**
 * A success. `beside`: keys some calls of the specification carry next to the envelope's own
 * (getProfile's Steps, verifyOtp's repayment_data and order_id, …).
 */
export function ok<T extends object>(c: Context, data: T, message = 'Success', beside: Record<string, unknown> = {}) {
  const body: Envelope<T> = { Status: STATUS.ok, Message: message, Data: data, ...beside };
  return c.json(body, 200);
}

/** A failure, thrown or answered; `beside` as for ok(). */
export function failure(c: Context, error: ApiError, beside: Record<string, unknown> = {}) {
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
  return c.json(body, error.httpStatus);
}

export const sessionExpired = () =>
  new ApiError(401, 'Your session has expired. Please sign in again.', 'session_expired', STATUS.invalidSession);
