/**
 * One-time codes (decisions.md §9): 4 random digits, stored only as an HMAC keyed with OTP_SECRET,
 * valid for a few minutes, usable once, dead after too many wrong tries. Sends are spaced and
 * capped per subject (a mobile, a PAN) and per address, with the counts in the database so the caps
 * hold across every server process.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { type Database, lockKey } from '../db/client.ts';
import { otpCodes } from '../db/schema.ts';
import { ApiError } from '../http/respond.ts';

export type OtpPurpose = 'login' | 'repay';

/** Delivery failed; the route logs the reason and tells the user to try again. */
export class SmsNotSent extends ApiError {
  readonly reason: string;
  constructor(reason: string) {
    super(503, 'We could not send the OTP just now. Please try again in a minute.', 'sms_failed');
    this.reason = reason;
  }
}

export interface IssueRequest {
  purpose: OtpPurpose;
  subject: string;
  customerId: string | null;
  address: string;
}

export const OTP_MESSAGES = {
  wrong: 'The OTP you entered is incorrect.',
  expired: 'This OTP has expired. Please request a new one.',
  tooManyTries: 'Too many wrong attempts. Please request a new OTP.',
  wait: (seconds: number) => `Please wait ${seconds} seconds before requesting another OTP.`,
  perSubjectCap: 'Too many OTP requests. Please try again after an hour.',
  perAddressCap: 'Too many OTP requests from your network. Please try again later.',
} as const;

export class OtpCodes {
  private readonly db: Database;
  private readonly settings: Config['otp'];
  private readonly now: () => Date;

  constructor(db: Database, settings: Config['otp'], now: () => Date) {
    this.db = db;
    this.settings = settings;
    this.now = now;
  }

  private hash(purpose: OtpPurpose, subject: string, code: string): string {
    return createHmac('sha256', this.settings.secret).update(`${purpose}:${subject}:${code}`).digest('hex');
  }

  /**
   * Checks the spacing and caps, stores a new code (ending any earlier live one), then hands it to
   * `deliver` after the commit, so no lock is held while an SMS gateway answers. If delivery
   * fails, the new code is removed again: it cannot be used and does not count against any cap.
   */
  async issue(request: IssueRequest, deliver: (code: string) => Promise<void>): Promise<void> {
    const now = this.now();
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    const id = await this.db.transaction(async (tx) => {
      await tx.execute(lockKey(`otp:${request.purpose}:${request.subject}`));
      const recent = await tx
        .select({ createdAt: otpCodes.createdAt })
        .from(otpCodes)
        .where(
          and(
            eq(otpCodes.purpose, request.purpose),
            eq(otpCodes.subject, request.subject),
            gt(otpCodes.createdAt, hourAgo),
          ),
        )
        .orderBy(desc(otpCodes.createdAt));
      const last = recent[0];
      if (last) {
        const wait = Math.ceil((last.createdAt.getTime() + this.settings.resendSeconds * 1000 - now.getTime()) / 1000);
        if (wait > 0) {
          throw new ApiError(429, OTP_MESSAGES.wait(wait), 'otp_too_soon', undefined, { retry_after_seconds: wait });
        }
      }
      if (recent.length >= this.settings.maxPerMobilePerHour) {
        throw new ApiError(429, OTP_MESSAGES.perSubjectCap, 'otp_limit', undefined, { retry_after_seconds: 3600 });
      }
      const [fromAddress] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(otpCodes)
        .where(and(eq(otpCodes.address, request.address), gt(otpCodes.createdAt, hourAgo)));
      if ((fromAddress?.count ?? 0) >= this.settings.maxPerAddressPerHour) {
        throw new ApiError(429, OTP_MESSAGES.perAddressCap, 'otp_address_limit', undefined, {
          retry_after_seconds: 3600,
        });
      }

      await tx
        .update(otpCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(otpCodes.purpose, request.purpose),
            eq(otpCodes.subject, request.subject),
            isNull(otpCodes.consumedAt),
          ),
        );
      const [created] = await tx
        .insert(otpCodes)
        .values({
          purpose: request.purpose,
          subject: request.subject,
          customerId: request.customerId,
          codeHash: this.hash(request.purpose, request.subject, code),
          address: request.address,
          createdAt: now,
          expiresAt: new Date(now.getTime() + this.settings.ttlSeconds * 1000),
        })
        .returning({ id: otpCodes.id });
      return created?.id;
    });
    try {
      await deliver(code);
    } catch (error) {
      if (id !== undefined) await this.db.delete(otpCodes).where(eq(otpCodes.id, id));
      throw new SmsNotSent((error as Error).message);
    }
  }

  /** Uses up the live code if `code` matches it; otherwise counts a wrong try and throws. */
  async consume(purpose: OtpPurpose, subject: string, code: string): Promise<{ customerId: string | null }> {
    const now = this.now();
    const [live] = await this.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.purpose, purpose), eq(otpCodes.subject, subject), isNull(otpCodes.consumedAt)))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    // No live code and a wrong code get the same answer: nothing tells whether a code was sent.
    if (!live) throw new ApiError(401, OTP_MESSAGES.wrong, 'otp_invalid');
    if (live.expiresAt.getTime() <= now.getTime()) throw new ApiError(401, OTP_MESSAGES.expired, 'otp_expired');
    if (live.attempts >= this.settings.maxAttempts) throw new ApiError(401, OTP_MESSAGES.tooManyTries, 'otp_locked');

    const expected = Buffer.from(live.codeHash, 'hex');
    const given = Buffer.from(this.hash(purpose, subject, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      // Counted atomically, so parallel guesses cannot exceed the cap.
      const [counted] = await this.db
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(and(eq(otpCodes.id, live.id), isNull(otpCodes.consumedAt)))
        .returning({ attempts: otpCodes.attempts });
      const left = this.settings.maxAttempts - (counted?.attempts ?? this.settings.maxAttempts);
      if (left <= 0) throw new ApiError(401, OTP_MESSAGES.tooManyTries, 'otp_locked');
      throw new ApiError(401, OTP_MESSAGES.wrong, 'otp_invalid', undefined, { attempts_left: left });
    }
    // Single use even under a race: only one request can flip consumed_at.
    const [used] = await this.db
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(otpCodes.id, live.id),
          isNull(otpCodes.consumedAt),
          sql`${otpCodes.attempts} < ${this.settings.maxAttempts}`,
        ),
      )
      .returning({ id: otpCodes.id });
    if (!used) throw new ApiError(401, OTP_MESSAGES.wrong, 'otp_invalid');
    return { customerId: live.customerId };
  }
}
