/**
 * Offers requests at a constant rate, evenly spaced, whatever the answers' pace (as wrk2 does), and
 * times each from the moment it was due, not from when it went out: a request that had to wait
 * for a free connection because the server was slow counts that wait against the server.
 *
 * autocannon's own rate limits are not this: `overallRate` sends each second's requests as fast as
 * it can and then waits for the next second, and `connectionRate` starts every connection at the
 * same instant, so both offer bursts, not a rate.
 */
import { Agent, request as httpRequest } from 'node:http';

export interface TimedRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface RateResult {
  /** Answers received, good or bad, and the run's length from the first due time to the last answer. */
  answered: number;
  seconds: number;
  p50: number;
  p99: number;
  /** Answers with a status of 400 or more, failed requests and requests unanswered at the end. */
  errors: number;
}

export interface RateShape {
  /** Requests per second offered. */
  rate: number;
  /** Connections the requests may use at once (a request due when all are busy waits for one). */
  connections: number;
  seconds: number;
  /** How long to wait for the last answers after the last request is due. */
  graceSeconds?: number;
}

/** The value at or below which `share` of the sorted values lie. */
export function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] as number;
}

export async function constantRate(url: string, next: () => TimedRequest, shape: RateShape): Promise<RateResult> {
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: shape.connections });
  const total = Math.round(shape.rate * shape.seconds);
  const interval = 1000 / shape.rate;
  const latencies: number[] = [];
  let errors = 0;
  let outstanding = 0;
  let allAnswered: (() => void) | undefined;
  const start = performance.now();

  const send = (due: number) => {
    const { method, path, headers = {}, body } = next();
    outstanding += 1;
    const finish = (ok: boolean) => {
      if (ok) latencies.push(performance.now() - due);
      else errors += 1;
      outstanding -= 1;
      if (outstanding === 0) allAnswered?.();
    };
    const request = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method,
        path,
        agent,
        headers: body === undefined ? headers : { ...headers, 'Content-Length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.once('end', () => {
          if ((response.statusCode ?? 500) >= 400) errors += 1;
          finish(true);
        });
        response.once('error', () => finish(false));
      },
    );
    request.once('error', () => finish(false));
    request.end(body);
  };

  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    // Every request whose time has come goes out now, so a late timer never lowers the rate.
    while (sent < total && start + sent * interval <= now) send(start + sent++ * interval);
    if (sent < total) await new Promise((resolve) => setTimeout(resolve, start + sent * interval - now));
  }
  if (outstanding > 0) {
    await Promise.race([
      new Promise<void>((resolve) => (allAnswered = resolve)),
      new Promise((resolve) => setTimeout(resolve, (shape.graceSeconds ?? 10) * 1000)),
    ]);
  }
  const seconds = (performance.now() - start) / 1000;
  errors += outstanding;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    answered: latencies.length,
    seconds,
    p50: Math.round(percentile(latencies, 0.5)),
    p99: Math.round(percentile(latencies, 0.99)),
    errors,
  };
}
