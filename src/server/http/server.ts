/**
 * The HTTP server the app runs on, with the time limits that drop a slow client (issue 20): the
 * headers must arrive within HEADERS_TIMEOUT_MS; a body is read within its own deadline
 * (./gate.ts); Node's whole-request limit is the backstop past the longest of those. main.ts and
 * the API tests start it through this one function, so both run with the same limits.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Config } from '../config/config.ts';

type Fetch = Parameters<typeof serve>[0]['fetch'];

export function serveHttp(
  fetch: Fetch,
  config: Pick<Config, 'timeouts'>,
  address: { port: number; hostname: string },
  onListening?: (info: AddressInfo) => void,
): Server {
  const { headersMs, bodyMs, uploadMs } = config.timeouts;
  return serve(
    {
      fetch,
      ...address,
      serverOptions: {
        headersTimeout: headersMs,
        requestTimeout: headersMs + Math.max(bodyMs, uploadMs) + 1_000,
        // Node looks for overdue requests every 30 s by default: a slow client would be held that much longer.
        connectionsCheckingInterval: Math.min(1_000, headersMs),
        // An idle kept-alive connection stays open longer than a client or a load balancer keeps one (60 s):
        // Node's 5 s closed sockets a client was just reusing, and its request failed with ECONNRESET.
        keepAliveTimeout: 65_000,
      },
    },
    onListening,
  ) as Server;
}
