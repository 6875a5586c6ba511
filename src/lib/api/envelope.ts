/** The response envelope of every API call (product.md §3, §7). */
export const STATUS = {
  /** Success. */
  ok: 1,
  /** Failure the caller can act on; `Message` says what. */
  failed: 0,
  /** The session is missing, expired or revoked: sign in again. */
  invalidSession: 4,
  /** Also a dead session, on the pages where the specification uses 5. */
  invalidSessionAlt: 5,
} as const;

export interface Envelope<TData = Record<string, unknown>> {
  Status: number;
  Message: string;
  Data: TData;
  /** A short machine-readable reason on failures (the login card reads it after Message). */
  error?: string;
}

export function isSessionDead(envelope: Pick<Envelope, 'Status'>): boolean {
  return envelope.Status === STATUS.invalidSession || envelope.Status === STATUS.invalidSessionAlt;
}
