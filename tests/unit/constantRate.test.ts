import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constantRate, percentile } from '../../scripts/bench/constantRate.ts';

describe('the constant-rate load generator of the API benchmark', () => {
  let url: string;
  const seen: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      seen.push(`${request.method} ${request.url} ${body}`);
      response.statusCode = request.url === '/fails' ? 503 : 200;
      response.end('{}');
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('sends exactly rate × seconds requests, each as the caller made it, and counts failed answers', async () => {
    let n = 0;
    const result = await constantRate(
      url,
      () => {
        n += 1;
        return { method: 'POST', path: n % 4 === 0 ? '/fails' : '/ok', body: JSON.stringify({ n }) };
      },
      { rate: 40, connections: 4, seconds: 0.5 },
    );
    expect(result.answered).toBe(20);
    expect(result.errors).toBe(5);
    expect(seen).toContain('POST /ok {"n":1}');
    expect(seen).toContain('POST /fails {"n":20}');
    expect(result.p99).toBeGreaterThanOrEqual(result.p50);
  });

  it('counts requests nobody answers as errors', async () => {
    const result = await constantRate('http://127.0.0.1:1', () => ({ method: 'GET', path: '/' }), {
      rate: 20,
      connections: 2,
      seconds: 0.2,
    });
    expect(result).toMatchObject({ answered: 0, errors: 4 });
  });

  it('takes percentiles as the value at or below which that share of the values lie', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 0.99)).toBe(99);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.99)).toBe(0);
  });
});
