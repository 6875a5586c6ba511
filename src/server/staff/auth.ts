/**
 * Staff sign-in (issue 22): the e-mail and password, then a six-digit code e-mailed to the staff
 * member at every sign-in, then a session in the Stafftoken header (idle and absolute limits). Wrong
 * passwords and codes count towards a lock-out; an unknown e-mail is answered like a wrong password.
 * Codes and tokens are stored only as keyed or plain hashes, and never logged.
 */
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Deps } from '../app/context.ts';
import { retryingTransaction } from '../db/retry.ts';
import { staffChallenges, staffMembers, staffSessions } from '../db/schema.ts';
import { ApiError } from '../http/respond.ts';
import { unknownStaffHash, verifyPassword } from './passwords.ts';
import type { ActiveStaff, StaffRole } from './roles.ts';
import { type StaffMember, staffByEmail } from './store.ts';

type StaffDeps = Pick<Deps, 'config' | 'db' | 'now' | 'log' | 'mail'>;

export const STAFF_MESSAGES = {
  wrong: 'The e-mail or the password is not correct.',
  locked: (until: string) => `Too many failed sign-ins. This account is locked until ${until} (India time).`,
  codeWrong: 'The code is not correct.',
  codeDead: 'This code has expired or was used too many times. Please sign in again.',
  expired: 'Your staff session has ended. Please sign in again.',
  role: 'Your role does not allow this.',
} as const;

const CODE_ATTEMPTS = 5;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const codeHash = (deps: StaffDeps, challengeId: string, code: string) =>
  createHmac('sha256', deps.config.otp.secret).update(`staff:${challengeId}:${code}`).digest('hex');
const indiaTime = (at: Date) =>
  at.toLocaleTimeString('en-IN', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hour12: false });

export const staffSessionExpired = () => new ApiError(401, STAFF_MESSAGES.expired, 'staff_session_expired');

/** Counts a failed password or code; the count that reaches the limit locks the account for a while. */
async function countFailure(deps: StaffDeps, staff: StaffMember) {
  const { maxFailedSignIns, lockMinutes } = deps.config.staff;
  const now = deps.now();
  const [row] = await deps.db
    .update(staffMembers)
    .set({
      failedAttempts: sql`case when ${staffMembers.failedAttempts} + 1 >= ${maxFailedSignIns} then 0 else ${staffMembers.failedAttempts} + 1 end`,
      lockedUntil: sql`case when ${staffMembers.failedAttempts} + 1 >= ${maxFailedSignIns} then ${new Date(now.getTime() + lockMinutes * 60_000)} else ${staffMembers.lockedUntil} end`,
    })
    .where(eq(staffMembers.id, staff.id))
    .returning({ lockedUntil: staffMembers.lockedUntil });
  if (row?.lockedUntil && row.lockedUntil > now) {
    deps.log.warn('staff account locked', { staff_id: staff.id });
    throw new ApiError(429, STAFF_MESSAGES.locked(indiaTime(row.lockedUntil)), 'staff_locked');
  }
}

function refuseIfLocked(deps: StaffDeps, staff: StaffMember) {
  if (staff.lockedUntil && staff.lockedUntil > deps.now()) {
    throw new ApiError(429, STAFF_MESSAGES.locked(indiaTime(staff.lockedUntil)), 'staff_locked');
  }
}

/** Step one: the password. Answers the challenge whose code was e-mailed. */
export async function startStaffSignIn(deps: StaffDeps, email: string, password: string): Promise<string> {
  const staff = await staffByEmail(deps.db, email);
  if (!staff || staff.disabledAt) {
    await verifyPassword(password, await unknownStaffHash());
    throw new ApiError(401, STAFF_MESSAGES.wrong, 'staff_sign_in_failed');
  }
  refuseIfLocked(deps, staff);
  if (!(await verifyPassword(password, staff.passwordHash))) {
    await countFailure(deps, staff);
    throw new ApiError(401, STAFF_MESSAGES.wrong, 'staff_sign_in_failed');
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + deps.config.staff.codeTtlSeconds * 1000);
  // The challenge and its e-mail together: a code is stored only with its mail queued (the mail sender sends it).
  const challenge = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffChallenges)
      .values({ staffId: staff.id, codeHash: '', expiresAt, createdAt: now })
      .returning({ id: staffChallenges.id });
    if (!row) throw new Error('challenge not stored');
    await tx
      .update(staffChallenges)
      .set({ codeHash: codeHash(deps, row.id, code) })
      .where(eq(staffChallenges.id, row.id));
    await deps.mail.enqueue(
      tx,
      {
        to: staff.email,
        subject: 'Your back office sign-in code',
        body: `Your sign-in code is ${code}. It is valid for ${Math.round(deps.config.staff.codeTtlSeconds / 60)} minutes. If you did not try to sign in, tell your administrator at once.`,
      },
      'staff_code',
      expiresAt,
    );
    return row;
  });
  await deps.mail.wake();
  return challenge.id;
}

/** Step two: the e-mailed code. Answers the new session's token and the staff member's roles. */
export async function finishStaffSignIn(deps: StaffDeps, challengeId: string, code: string) {
  const now = deps.now();
  const outcome = await retryingTransaction(deps.db, async (tx) => {
    const [challenge] = await tx
      .select()
      .from(staffChallenges)
      .where(
        and(
          eq(staffChallenges.id, challengeId),
          isNull(staffChallenges.consumedAt),
          gt(staffChallenges.expiresAt, now),
        ),
      )
      .for('update');
    if (!challenge || challenge.attempts >= CODE_ATTEMPTS) return { dead: true as const };
    const [staff] = await tx.select().from(staffMembers).where(eq(staffMembers.id, challenge.staffId));
    if (!staff || staff.disabledAt) return { dead: true as const };
    if (challenge.codeHash !== codeHash(deps, challenge.id, code)) {
      await tx
        .update(staffChallenges)
        .set({ attempts: challenge.attempts + 1 })
        .where(eq(staffChallenges.id, challenge.id));
      return { wrong: staff };
    }
    await tx.update(staffChallenges).set({ consumedAt: now }).where(eq(staffChallenges.id, challenge.id));
    await tx.update(staffMembers).set({ failedAttempts: 0, lockedUntil: null }).where(eq(staffMembers.id, staff.id));
    const token = randomBytes(32).toString('base64url');
    await tx.insert(staffSessions).values({
      staffId: staff.id,
      tokenHash: sha256(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + deps.config.staff.absoluteHours * 3_600_000),
    });
    return { token, staff };
  });
  if ('dead' in outcome) throw new ApiError(401, STAFF_MESSAGES.codeDead, 'staff_code_expired');
  if ('wrong' in outcome) {
    refuseIfLocked(deps, outcome.wrong);
    await countFailure(deps, outcome.wrong);
    throw new ApiError(401, STAFF_MESSAGES.codeWrong, 'staff_code_wrong');
  }
  return outcome;
}

/** Only refresh last_seen_at when it is this stale, so a busy session is not a write per request. */
const TOUCH_AFTER_MS = 60_000;

/** The live staff session of a token: unknown, revoked, idle, past its absolute limit or disabled read alike. */
export async function findStaffSession(deps: StaffDeps, token: string): Promise<ActiveStaff | undefined> {
  if (!/^[\w-]{43}$/.test(token)) return undefined;
  const [row] = await deps.db
    .select({ session: staffSessions, staff: staffMembers })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, sha256(token)), isNull(staffSessions.revokedAt)));
  if (!row || row.staff.disabledAt) return undefined;
  const now = deps.now().getTime();
  const idleLimit = row.session.lastSeenAt.getTime() + deps.config.staff.idleMinutes * 60_000;
  if (row.session.expiresAt.getTime() <= now || idleLimit <= now) return undefined;
  if (now - row.session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await deps.db
      .update(staffSessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(staffSessions.id, row.session.id));
  }
  return {
    sessionId: row.session.id,
    staffId: row.staff.id,
    name: row.staff.name,
    email: row.staff.email,
    roles: row.staff.roles as StaffRole[],
  };
}

export async function endStaffSession(deps: StaffDeps, sessionId: number) {
  await deps.db.update(staffSessions).set({ revokedAt: deps.now() }).where(eq(staffSessions.id, sessionId));
}
