/**
 * S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, …) behind the FileStore interface,
 * with AWS Signature Version 4 made here from `node:crypto`: one PUT, GET or DELETE per call,
 * path-style addresses (endpoint/bucket/key) so any compatible service works.
 */
import { createHash, createHmac } from 'node:crypto';
import { checkedKey, type FileStore } from './fileStore.ts';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const encodePath = (path: string) =>
  path
    .split('/')
    .map((part) =>
      encodeURIComponent(part).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`),
    )
    .join('/');

export interface SignInput {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  amzDate: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  service?: string;
}

/** The Authorization header of AWS Signature Version 4 for one request. */
export function signV4(input: SignInput): string {
  const service = input.service ?? 's3';
  const headers = Object.fromEntries(
    Object.entries({
      ...input.headers,
      host: input.url.host,
      'x-amz-date': input.amzDate,
      'x-amz-content-sha256': input.payloadHash,
    }).map(([name, value]) => [name.toLowerCase(), value.trim()]),
  );
  const names = Object.keys(headers).sort();
  const canonical = [
    input.method,
    encodePath(decodeURIComponent(input.url.pathname)),
    [...input.url.searchParams]
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .sort()
      .join('&'),
    ...names.map((name) => `${name}:${headers[name]}`),
    '',
    names.join(';'),
    input.payloadHash,
  ].join('\n');
  const day = input.amzDate.slice(0, 8);
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope},SignedHeaders=${names.join(';')},Signature=${signature}`;
}

export function s3FileStore(settings: S3Settings, fetchImpl: typeof fetch = fetch): FileStore {
  const send = async (method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Uint8Array) => {
    const url = new URL(`${settings.endpoint.replace(/\/$/, '')}/${settings.bucket}/${checkedKey(key)}`);
    const payloadHash = sha256(body ?? '');
    const amzDate = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    const headers: Record<string, string> = {
      'x-amz-date': amzDate,
      'x-amz-content-sha256': payloadHash,
      ...(body && { 'content-type': 'application/octet-stream' }),
    };
    headers.authorization = signV4({ method, url, headers, payloadHash, amzDate, ...settings });
    return fetchImpl(url, {
      method,
      headers,
      ...(body && { body: body as Uint8Array<ArrayBuffer> }),
      signal: AbortSignal.timeout(30_000),
    });
  };
  return {
    name: 's3',
    async put(key, bytes) {
      const response = await send('PUT', key, bytes);
      if (!response.ok) throw new Error(`object storage refused the upload: ${response.status}`);
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) return undefined;
      if (!response.ok) throw new Error(`object storage answered ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    },
    async remove(key) {
      await send('DELETE', key);
    },
  };
}
