/**
 * Repay sessions: after PAN + one-time code, a short-lived token that covers one loan only. The
 * database keeps its SHA-256, as for sign-in sessions.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Context } from 'hono';
import { STATUS } from '../../lib/api/envelope.ts';
import { HEADERS } from '../../lib/api/paths.ts';
import type { AppEnv, Deps } from '../context.ts';
import { loans, repaySessions } from '../db/schema.ts';
import { ApiError } from '../http/respond.ts';
import type { LoanRow } from '../loans/store.ts';

export const REPAY_SESSION_EXPIRED = 'This payment session has expired. Please enter your PAN again.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

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
  if (!/^[\w-]{43}$/.test(token)) return null;
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

export const NOT_YOUR_LOAN = 'This loan is not yours to pay from here.';

/** The lead a payment request names (`lead_id`, PayU's `udf5`), or null when it names none. */
const named = (leadId: string | number | undefined) =>
  leadId === undefined || String(leadId).trim() === '' ? null : String(leadId).trim();

/**
 * The loan a payment request is for: the repay session's one loan, or the signed-in customer's
 * own loan (the dashboard's Pay Now): the one of the lead the request names, else their active
 * loan. A named lead must be the customer's own (or the repay session's): another customer's lead
 * and a lead without a loan get the same 403, so nothing tells whose lead a number is.
 */
export async function payerLoan(c: Context<AppEnv>, leadId?: string | number): Promise<LoanRow> {
  const deps = c.get('deps');
  const lead = named(leadId);
  const token = c.req.header(HEADERS.token) ?? '';
  if (/^[\w-]{43}$/.test(token)) {
    const [repay] = await deps.db
      .select({ loan: loans })
      .from(repaySessions)
      .innerJoin(loans, eq(repaySessions.loanId, loans.id))
      .where(and(eq(repaySessions.tokenHash, hashToken(token)), gt(repaySessions.expiresAt, deps.now())));
    if (repay) {
      if (lead !== null && lead !== repay.loan.leadId) throw new ApiError(403, NOT_YOUR_LOAN, 'forbidden');
      return repay.loan;
    }
    const session = await deps.sessions.find(token);
    if (session) {
      const [loan] = await deps.db
        .select()
        .from(loans)
        .where(
          and(
            eq(loans.customerId, session.customerId),
            lead === null ? eq(loans.status, 'active') : eq(loans.leadId, lead),
          ),
        )
        .orderBy(desc(loans.createdAt))
        .limit(1);
      if (loan) return loan;
      if (lead !== null) throw new ApiError(403, NOT_YOUR_LOAN, 'forbidden');
      throw new ApiError(409, 'You have no loan with an amount due.', 'nothing_due');
    }
  }
  throw new ApiError(401, REPAY_SESSION_EXPIRED, 'session_expired', STATUS.invalidSession);
}
