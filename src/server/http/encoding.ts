/**
 * Compressed answers: which encoding a client takes, and the built site's files compressed once each.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/** br, then gzip, when the client takes it (a q=0 refuses); the plain body otherwise. */
export function chosenEncoding(accept: string): Encoding {
  const taken = new Set(
    accept
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name?.trim()),
  );
  if (taken.has('br')) return 'br';
  if (taken.has('gzip')) return 'gzip';
  return 'identity';
}

/**
 * Compresses a body on libuv's threads, not the request thread. `best` for a body made once for the
 * process's life (the best brotli takes about 0.2 s for the API document); otherwise brotli's quality 5,
 * about as small as gzip's best and ten times as fast as brotli's, for files compressed on first request.
 */
export function compressed(body: Buffer, encoding: Exclude<Encoding, 'identity'>, best = false): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(body, { level: best ? 9 : 6 });
  return brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5 } });
}
