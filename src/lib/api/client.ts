/**
 * The one way the browser calls the API (ofetch): the public client credential or the session
 * token in the headers of product.md §7, the envelope read whatever the HTTP status, and one plain message
 * when the network itself fails.
 */
import { ofetch } from 'ofetch';
import type { Envelope } from './envelope.ts';
import { HEADERS } from './paths.ts';

/** Where the API is: same origin unless the site was built with PUBLIC_API_BASE. */
export const API_BASE: string = import.meta.env.PUBLIC_API_BASE ?? '';
/** The fixed public client identifier (not a secret; it grants nothing alone). */
export const CLIENT_KEY: string = import.meta.env.PUBLIC_CLIENT_KEY || 'kosh-web';

export const NETWORK_ERROR = 'We could not reach our servers. Please check your internet connection and try again.';

export class NetworkError extends Error {
  constructor() {
    super(NETWORK_ERROR);
  }
}

export interface CallOptions {
  token?: string | null;
  method?: 'GET' | 'POST';
  signal?: AbortSignal;
  /**
   * How the request goes out, when not by fetch: an upload that reports its progress passes
   * withUploadProgress() from ./uploadProgress.ts (fetch cannot report how much of a body has gone).
   * Kept out of this module so that pages which never upload do not carry it.
   */
  transport?: Transport;
}

/** Sends a JSON POST and resolves with the parsed answer, whatever its HTTP status; rejects when the network fails. */
export type Transport = (
  url: string,
  body: object,
  headers: Record<string, string>,
  signal?: AbortSignal,
) => Promise<unknown>;

export async function callApi<T = Record<string, unknown>>(
  path: string,
  body?: object,
  options: CallOptions = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = options.token
    ? { [HEADERS.token]: options.token }
    : { [HEADERS.clientKey]: CLIENT_KEY };
  let response: unknown;
  try {
    if (options.transport) {
      response = await options.transport(`${API_BASE}${path}`, body ?? {}, headers, options.signal);
    } else {
      response = await ofetch(`${API_BASE}${path}`, {
        method: options.method ?? 'POST',
        headers,
        ...(body && { body }),
        ...(options.signal && { signal: options.signal }),
        // Failures come as an envelope with a 4xx status: read them like successes.
        ignoreResponseError: true,
        retry: 0,
        responseType: 'json',
      });
    }
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new NetworkError();
  }
  if (!response || typeof response !== 'object' || !('Status' in response)) throw new NetworkError();
  return response as Envelope<T>;
}

/** The spec's message for a failure that names no reason (product.md §8). */
export const ERROR_OCCURRED = 'An error occurred';

/** The message to show for a failed call (product.md §8). */
export function failureMessage(envelope: Partial<Pick<Envelope<unknown>, 'Message' | 'error'>>): string {
  return envelope.Message || envelope.error || ERROR_OCCURRED;
}

/** The message to show when a call throws: the network's plain message, or `otherwise`. */
export function thrownMessage(error: unknown, otherwise = ERROR_OCCURRED): string {
  return error instanceof NetworkError ? error.message : otherwise;
}
