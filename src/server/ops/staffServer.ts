/**
 * The running server's staff API as the operations command line calls it (issue 22): every action
 * goes through the same routes, roles and four-eyes checks as the console, as the signed-in staff
 * member. The token travels in the Stafftoken header only.
 */
import { HEADERS } from '../../lib/api/paths.ts';
import { UsageError } from './arguments.ts';

/** The server's refusal (a 4xx answer): its message is shown as it is, and the command line exits with 2. */
export class ServerRefused extends Error {
  readonly httpStatus: number;
  constructor(message: string, httpStatus: number) {
    super(message);
    this.httpStatus = httpStatus;
  }
}

/** What the command line is told where to find the server: --server, else OPS_SERVER, else this machine's PORT. */
export function serverAddress(given: string | undefined, env: Record<string, string | undefined>): URL {
  const port = env.PORT && /^\d{1,5}$/.test(env.PORT) ? env.PORT : '4321';
  const text = given ?? (env.OPS_SERVER || `http://127.0.0.1:${port}/`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError('--server (or OPS_SERVER) is the server’s address, e.g. http://127.0.0.1:4321/');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new UsageError('--server (or OPS_SERVER) is an http:// or https:// address.');
  // The staff token must not cross a network unencrypted: plain http only to this machine.
  if (url.protocol === 'http:' && !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
    throw new UsageError('Use https:// for a server on another machine: the staff token must not travel unencrypted.');
  return new URL(url.origin);
}

/** How long one request may take before the command line gives up with a message. */
const REQUEST_LIMIT_MS = 30_000;

export class StaffServer {
  readonly address: URL;
  readonly #token: string | undefined;
  constructor(address: URL, token?: string) {
    this.address = address;
    this.#token = token;
  }

  /** The server as the first line names it: its origin, without a trailing slash. */
  get origin(): string {
    return this.address.origin;
  }

  /** POSTs a staff route with JSON; answers its Data and Message, or throws the server's refusal. */
  async call<T = Record<string, unknown>>(path: string, body: object = {}): Promise<{ data: T; message: string }> {
    let response: Response;
    try {
      response = await fetch(new URL(path, this.address), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(this.#token && { [HEADERS.staffToken]: this.#token }) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
      });
    } catch (error) {
      const reason = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      throw new Error(
        `Cannot reach the server at ${this.origin} (${reason}). Is it running (npm start)? Name another with --server <url> or OPS_SERVER.`,
      );
    }
    let envelope: { Status?: number; Message?: string; Data?: T } | undefined;
    try {
      envelope = (await response.json()) as typeof envelope;
    } catch {}
    if (!envelope || typeof envelope.Message !== 'string')
      throw new Error(`The server at ${this.origin} did not answer as the Kosh API (HTTP ${response.status}).`);
    if (response.status === 401)
      throw new ServerRefused(`${envelope.Message} Sign in: npm run ops -- login`, response.status);
    if (response.status >= 400 && response.status < 500) throw new ServerRefused(envelope.Message, response.status);
    if (!response.ok || envelope.Status !== 1)
      throw new Error(`The server at ${this.origin} answered HTTP ${response.status}: ${envelope.Message}`);
    return { data: envelope.Data as T, message: envelope.Message };
  }
}
