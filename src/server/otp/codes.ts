/**
 * One-time codes (decisions.md §9): 4 random digits, stored only as an HMAC keyed with OTP_SECRET,
 * valid for a few minutes, usable once, dead after too many wrong tries. Sends are spaced and
 * capped per subject (a mobile, a PAN) and per address, with the counts in the database so the caps
 * hold across every server process.
 */
import { createHmac, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { type Database, queryRows } from '../db/client.ts';
import { takeSlot } from '../db/rateLimit.ts';
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
   * Takes a slot under the per-address cap and the subject's spacing and hourly cap, ends any
   * earlier live code and stores the new one: two statements, each race-free on its own row. The
   * code is handed to `deliver` afterwards, so no lock is held while an SMS gateway answers; if
   * delivery fails, the code is removed and the slots are given back.
   */
  async issue(request: IssueRequest, deliver: (code: string) => Promise<void>): Promise<void> {
    const { purpose, subject, address } = request;
    const now = this.now();
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const spacingAgo = new Date(now.getTime() - this.settings.resendSeconds * 1000);
    const addressKey = `otp:${address}`;
    if (!(await takeSlot(this.db, addressKey, this.settings.maxPerAddressPerHour, 3600, now))) {
      throw new ApiError(429, OTP_MESSAGES.perAddressCap, 'otp_address_limit', undefined, {
        retry_after_seconds: 3600,
      });
    }
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    const expiresAt = new Date(now.getTime() + this.settings.ttlSeconds * 1000);
    const [created] = await queryRows<{ id: number }>(
      this.db,
      sql`with slot as (
            insert into otp_throttle (purpose, subject, last_sent_at, window_started_at, sent_in_window)
            values (${purpose}, ${subject}, ${now}, ${now}, 1)
            on conflict (purpose, subject) do update set
              last_sent_at = ${now},
              window_started_at = case when otp_throttle.window_started_at <= ${hourAgo} then ${now} else otp_throttle.window_started_at end,
              sent_in_window = case when otp_throttle.window_started_at <= ${hourAgo} then 1 else otp_throttle.sent_in_window + 1 end
            where otp_throttle.last_sent_at <= ${spacingAgo}
              and (otp_throttle.window_started_at <= ${hourAgo} or otp_throttle.sent_in_window < ${this.settings.maxPerMobilePerHour})
            returning 1
          ), ended as (
            update otp_codes set consumed_at = ${now}
            where purpose = ${purpose} and subject = ${subject} and consumed_at is null and exists (select 1 from slot)
          )
          insert into otp_codes (purpose, subject, customer_id, code_hash, address, created_at, expires_at)
          select ${purpose}, ${subject}, ${request.customerId}, ${this.hash(purpose, subject, code)}, ${address}, ${now}, ${expiresAt}
          where exists (select 1 from slot)
          returning id`,
    );
    if (!created) {
      await this.db.execute(sql`update rate_windows set count = count - 1 where key = ${addressKey} and count > 0`);
      throw await this.refusal(purpose, subject, now);
    }
    try {
      await deliver(code);
    } catch (error) {
      await this.db.execute(sql`delete from otp_codes where id = ${created.id}`);
      await this.db.execute(
        sql`update otp_throttle set last_sent_at = '-infinity', sent_in_window = greatest(sent_in_window - 1, 0)
            where purpose = ${purpose} and subject = ${subject}`,
      );
      await this.db.execute(sql`update rate_windows set count = count - 1 where key = ${addressKey} and count > 0`);
      throw new SmsNotSent((error as Error).message);
    }
  }

  /** Why a send was refused: too soon after the last one, or over the hourly cap. */
  private async refusal(purpose: OtpPurpose, subject: string, now: Date): Promise<ApiError> {
    const [throttle] = await queryRows<{ last_sent_at: Date | string }>(
      this.db,
      sql`select last_sent_at from otp_throttle where purpose = ${purpose} and subject = ${subject}`,
    );
    const last = throttle ? new Date(throttle.last_sent_at).getTime() : 0;
    const wait = Math.ceil((last + this.settings.resendSeconds * 1000 - now.getTime()) / 1000);
    if (wait > 0)
      return new ApiError(429, OTP_MESSAGES.wait(wait), 'otp_too_soon', undefined, { retry_after_seconds: wait });
    return new ApiError(429, OTP_MESSAGES.perSubjectCap, 'otp_limit', undefined, { retry_after_seconds: 3600 });
  }

  /**
   * Uses up the live code if `code` matches it, else counts a wrong try: one UPDATE that PostgreSQL
   * re-checks on the locked row, so parallel guesses cannot pass the cap and a code works once.
   */
  async consume(purpose: OtpPurpose, subject: string, code: string): Promise<{ customerId: string | null }> {
    const now = this.now();
    const hash = this.hash(purpose, subject, code);
    const [outcome] = await queryRows<{ matched: boolean; attempts: number; customer_id: string | null }>(
      this.db,
      sql`update otp_codes set
            attempts = case when code_hash = ${hash} then attempts else attempts + 1 end,
            consumed_at = case when code_hash = ${hash} then ${now} else consumed_at end
          where id = (
              select id from otp_codes
              where purpose = ${purpose} and subject = ${subject} and consumed_at is null
              order by created_at desc limit 1
            )
            and consumed_at is null and attempts < ${this.settings.maxAttempts} and expires_at > ${now}
          returning code_hash = ${hash} as matched, attempts, customer_id`,
    );
    if (outcome?.matched) return { customerId: outcome.customer_id };
    if (outcome) {
      const left = this.settings.maxAttempts - outcome.attempts;
      if (left <= 0) throw new ApiError(401, OTP_MESSAGES.tooManyTries, 'otp_locked');
      throw new ApiError(401, OTP_MESSAGES.wrong, 'otp_invalid', undefined, { attempts_left: left });
    }
    // Nothing was updated: say why, without telling whether a code was ever sent.
    const [live] = await queryRows<{ attempts: number; expires_at: Date | string }>(
      this.db,
      sql`select attempts, expires_at from otp_codes
          where purpose = ${purpose} and subject = ${subject} and consumed_at is null
          order by created_at desc limit 1`,
    );
    if (!live) throw new ApiError(401, OTP_MESSAGES.wrong, 'otp_invalid');
    if (live.attempts >= this.settings.maxAttempts) throw new ApiError(401, OTP_MESSAGES.tooManyTries, 'otp_locked');
    throw new ApiError(401, OTP_MESSAGES.expired, 'otp_expired');
  }
}
