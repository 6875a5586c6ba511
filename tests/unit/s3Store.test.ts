import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { s3FileStore, signV4 } from '../../src/server/storage/s3Store.ts';

describe('S3-compatible storage', () => {
  it("signs requests as AWS's documented Signature Version 4 example (GET Object)", () => {
    const authorization = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      amzDate: '20130524T000000Z',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    });
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('puts, gets and removes objects at path-style addresses with signed requests', async () => {
    const objects = new Map<string, Buffer>();
    const seen: string[] = [];
    const server = createServer((request, response) => {
      seen.push(`${request.method} ${request.url} ${String(request.headers.authorization).slice(0, 16)}`);
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.method === 'PUT') objects.set(request.url ?? '', Buffer.concat(chunks));
        if (request.method === 'DELETE') objects.delete(request.url ?? '');
        const found = objects.get(request.url ?? '');
        if (request.method === 'GET' && !found) response.writeHead(404).end();
        else response.writeHead(200).end(request.method === 'GET' ? found : undefined);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const store = s3FileStore({
        endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        bucket: 'kosh-files',
        region: 'ap-south-1',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
      });
      await store.put('customer/selfie/abc', new Uint8Array([1, 2, 3]));
      expect(await store.get('customer/selfie/abc')).toEqual(new Uint8Array([1, 2, 3]));
      await store.remove('customer/selfie/abc');
      expect(await store.get('customer/selfie/abc')).toBeUndefined();
      expect(seen[0]).toBe('PUT /kosh-files/customer/selfie/abc AWS4-HMAC-SHA256');
    } finally {
      server.close();
    }
  });
});
