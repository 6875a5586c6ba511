/**
 * The one way the browser calls the API (ofetch): the public client credential or the session
 * token in the headers of §7, the envelope read whatever the HTTP status, and one plain message
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
   * Called with the share of the body sent so far (0 to 1) while a large body (an upload) goes
   * out. fetch cannot report that, so such a call goes through XMLHttpRequest instead; the envelope
   * and the errors are the same either way.
   */
  onUploadProgress?: (sent: number) => void;
}

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
    if (options.onUploadProgress) {
      response = await sendWithProgress(
        `${API_BASE}${path}`,
        body ?? {},
        headers,
        options.onUploadProgress,
        options.signal,
      );
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

/** A JSON POST through XMLHttpRequest, for its upload progress events; resolves with the parsed body. */
function sendWithProgress(
  url: string,
  body: object,
  headers: Record<string, string>,
  onProgress: (sent: number) => void,
  signal?: AbortSignal,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.setRequestHeader('Content-Type', 'application/json');
    request.setRequestHeader('Accept', 'application/json');
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => resolve(request.response));
    request.addEventListener('error', () => reject(new NetworkError()));
    request.addEventListener('abort', () => reject(new DOMException('The upload was stopped.', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(JSON.stringify(body));
  });
}

/** The message to show for a failed call (public-site-signin-repay.md §8). */
export function failureMessage(envelope: Partial<Pick<Envelope<unknown>, 'Message' | 'error'>>): string {
  return envelope.Message || envelope.error || 'An error occurred';
}
