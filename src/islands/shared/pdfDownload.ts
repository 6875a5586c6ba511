/**
 * A PDF the API answers to a POST with the session's token (a plain link cannot send the Authtoken
 * header), saved under its name: the payment receipt from /thanku and from the loan's screen. A
 * failure answers the envelope's words, and whether the session has ended.
 */
import { API_BASE, failureMessage, NETWORK_ERROR } from '../../lib/api/client.ts';
import { type Envelope, isSessionDead } from '../../lib/api/envelope.ts';
import { HEADERS } from '../../lib/api/paths.ts';

export type PdfAnswer = { blob: Blob } | { error: string; sessionDead: boolean };

export async function fetchPdf(path: string, body: object, token: string): Promise<PdfAnswer> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [HEADERS.token]: token },
      body: JSON.stringify(body),
    });
    if (response.ok && (response.headers.get('content-type') ?? '').startsWith('application/pdf')) {
      return { blob: await response.blob() };
    }
  } catch {
    return { error: NETWORK_ERROR, sessionDead: false };
  }
  const envelope = (await response.json().catch(() => null)) as Envelope | null;
  if (!envelope || typeof envelope !== 'object' || !('Status' in envelope)) {
    return { error: NETWORK_ERROR, sessionDead: false };
  }
  return { error: failureMessage(envelope), sessionDead: isSessionDead(envelope) };
}

/** Saves the bytes under the file's name, as a link with `download` would. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next tasks; the address is freed after a while.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
