/**
 * Development-only routes (decisions.md §4): the SMS outbox, and a clock that tests move forward to
 * reach code and session expiry. Neither is mounted when NODE_ENV=production.
 */
import { desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { API } from '../../lib/api/paths.ts';
import type { Config } from '../config.ts';
import { smsOutbox } from '../db/schema.ts';
import { ApiError, ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';

const developmentOnly = (config: Config) => config.env !== 'production';
/** The one-time code in a message body: the first run of 4 digits. */
const codeIn = (body: string) => body.match(/\b\d{4}\b/)?.[0] ?? null;

let clockOffsetMs = 0;
/** The server's clock: real time plus whatever the development clock route added. */
export const devClock = () => new Date(Date.now() + clockOffsetMs);

export const devRoutes = [
  defineRoute({
    method: 'get',
    path: API.devOutbox,
    operationId: 'devOutbox',
    summary: 'Development only: the SMS outbox for a mobile, newest first',
    tag: 'Development',
    auth: 'none',
    query: { to: { description: 'The 10-digit mobile number', required: true } },
    enabled: developmentOnly,
    async handle(c) {
      const to = c.req.query('to') ?? '';
      if (!/^\d{10}$/.test(to)) throw new ApiError(400, 'Give ?to= a 10-digit mobile number.', 'validation_failed');
      const rows = await c
        .get('deps')
        .db.select()
        .from(smsOutbox)
        .where(eq(smsOutbox.to, to))
        .orderBy(desc(smsOutbox.id))
        .limit(50);
      return c.json(
        rows.map((row) => ({
          to: row.to,
          body: row.body,
          code: codeIn(row.body),
          created_at: row.createdAt.toISOString(),
        })),
      );
    },
  }),
  defineRoute({
    method: 'post',
    path: '/__dev/clock',
    operationId: 'devClock',
    summary: 'Development only: moves the server clock forward (for expiry tests)',
    tag: 'Development',
    auth: 'none',
    body: v.object({ advance_seconds: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(7 * 24 * 3600)) }),
    enabled: developmentOnly,
    async handle(c, input) {
      clockOffsetMs += input.advance_seconds * 1000;
      return ok(c, { now: devClock().toISOString() });
    },
  }),
];
