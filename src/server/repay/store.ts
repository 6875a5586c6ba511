/**
 * Repay sessions: after PAN + one-time code, a short-lived token that covers one loan only. The
 * database keeps its SHA-256, as for sign-in sessions.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Deps } from '../app/context.ts';
import { loans, repaySessions } from '../db/schema.ts';
import type { LoanRow } from '../loans/store.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Only a token of this shape can be a repay session (or a sign-in session). */
export const isSessionToken = (token: string) => /^[\w-]{43}$/.test(token);

export async function openRepaySession(
  deps: Deps,
  loanId: string,
): Promise<{ token: string; expiresInSeconds: number }> {
  const token = randomBytes(32).toString('base64url');
  const seconds = deps.config.repaySessionMinutes * 60;
  await deps.db.insert(repaySessions).values({
    loanId,
    tokenHash: hashToken(token),
    createdAt: deps.now(),
    expiresAt: new Date(deps.now().getTime() + seconds * 1000),
  });
  return { token, expiresInSeconds: seconds };
}

/**
 * The repay session of a token, even some time after it expired (for reading what it paid, never
 * for paying): its loan and when it opened. Null when the token is no repay session or is older.
 */
export async function repaySessionWithin(deps: Deps, token: string, graceMs: number) {
  if (!isSessionToken(token)) return null;
  const [row] = await deps.db
    .select({ loanId: repaySessions.loanId, createdAt: repaySessions.createdAt, expiresAt: repaySessions.expiresAt })
    .from(repaySessions)
    .where(
      and(
        eq(repaySessions.tokenHash, hashToken(token)),
        gt(repaySessions.expiresAt, new Date(deps.now().getTime() - graceMs)),
      ),
    );
  return row ?? null;
}

/** The loan of a live repay session, if the token is one. */
export async function repaySessionLoan(deps: Deps, token: string): Promise<LoanRow | undefined> {
  if (!isSessionToken(token)) return undefined;
  const [repay] = await deps.db
    .select({ loan: loans })
    .from(repaySessions)
    .innerJoin(loans, eq(repaySessions.loanId, loans.id))
    .where(and(eq(repaySessions.tokenHash, hashToken(token)), gt(repaySessions.expiresAt, deps.now())));
  return repay?.loan;
}
