/**
 * Sessions (product.md §10.9): a 256-bit random token that only the customer holds; the database
 * keeps its SHA-256. A session ends at its absolute expiry, after an idle spell, or at logout.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/client.ts';
import { sessions } from '../db/schema.ts';

export interface ActiveSession {
  sessionId: number;
  customerId: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** Only refresh last_seen_at when it is this stale, so a busy session is not a write per request. */
const TOUCH_AFTER_MS = 60_000;

export class Sessions {
  private readonly db: Database;
  private readonly settings: Config['session'];
  private readonly now: () => Date;

  constructor(db: Database, settings: Config['session'], now: () => Date) {
    this.db = db;
    this.settings = settings;
    this.now = now;
  }

  async open(customerId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    await this.db.insert(sessions).values({
      customerId,
      tokenHash: hashToken(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + this.settings.absoluteHours * 3_600_000),
    });
    return token;
  }

  /** The live session a token belongs to, or undefined when it is unknown, expired, idle or revoked. */
  async find(token: string): Promise<ActiveSession | undefined> {
    if (!/^[\w-]{43}$/.test(token)) return undefined;
    const [row] = await this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
      .limit(1);
    if (!row) return undefined;
    const now = this.now().getTime();
    const idleLimit = row.lastSeenAt.getTime() + this.settings.idleMinutes * 60_000;
    if (row.expiresAt.getTime() <= now || idleLimit <= now) return undefined;
    if (now - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await this.db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.id, row.id));
    }
    return { sessionId: row.id, customerId: row.customerId };
  }

  async revoke(sessionId: number): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: this.now() }).where(eq(sessions.id, sessionId));
  }
}
