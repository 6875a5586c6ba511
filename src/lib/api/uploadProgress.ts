/**
 * A transport for the API client (src/lib/api/client.ts) that reports upload progress: fetch cannot
 * say how much of a request body has gone, XMLHttpRequest can. Only the screens that upload import
 * it: callApi(path, body, { token, transport: withUploadProgress(onProgress) }).
 */
import { NetworkError, type Transport } from './client.ts';

/** A transport that calls `onProgress` with the share of the body sent so far (0 to 1). */
export function withUploadProgress(onProgress: (sent: number) => void): Transport {
  return (url, body, headers, signal) => sendWithProgress(url, body, headers, onProgress, signal);
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
