/**
 * Per-key caps over fixed windows (per address: codes, contact messages). One upsert takes a slot
 * or refuses: PostgreSQL re-checks the WHERE clause on the locked row, so concurrent requests from
 * any number of server processes can never pass the cap together.
 */
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from './client.ts';

export async function takeSlot(
  db: Database,
  key: string,
  cap: number,
  windowSeconds: number,
  now: Date,
): Promise<boolean> {
  const windowStart = new Date(now.getTime() - windowSeconds * 1000);
  const rows = await queryRows<{ count: number }>(
    db,
    sql`insert into rate_windows (key, window_started_at, count) values (${key}, ${now}, 1)
        on conflict (key) do update set
          window_started_at = case when rate_windows.window_started_at <= ${windowStart} then ${now} else rate_windows.window_started_at end,
          count = case when rate_windows.window_started_at <= ${windowStart} then 1 else rate_windows.count + 1 end
        where rate_windows.window_started_at <= ${windowStart} or rate_windows.count < ${cap}
        returning count`,
  );
  return rows.length > 0;
}
