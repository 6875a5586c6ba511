/**
 * One-time codes (product.md §10.9): 4 random digits, stored only as an HMAC keyed with OTP_SECRET,
 * valid for a few minutes, usable once, dead after too many wrong tries. Sends are spaced and
 * capped per subject (a mobile, a PAN) and per address, with the counts in the database so the caps
 * hold across every server process.
 */
import { createHmac, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../config/config.ts';
import { type Database, queryRows, type Transaction } from '../db/client.ts';
import { takeSlot } from '../db/rateLimit.ts';
import { ApiError } from '../http/respond.ts';
import type { SmsQueue } from '../sms/queue.ts';
import type { SmsMessage } from '../sms/transport.ts';

export type OtpPurpose = 'login' | 'repay';

export interface IssueRequest {
  purpose: OtpPurpose;
  subject: string;
  address: string;
  /**
   * Runs inside the transaction once the per-address slot is taken, so a refused request writes
   * nothing: whom the code is for (found, or created by a first sign-in) and the mobile to text
   * (null: no SMS, as for a PAN without a loan).
   */
  recipient(tx: Transaction): Promise<{ customerId: string | null; mobile: string | null }>;
  /** The SMS that carries the code. */
  message(code: string, mobile: string): SmsMessage;
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
  private readonly sms: SmsQueue;

  constructor(db: Database, settings: Config['otp'], now: () => Date, sms: SmsQueue) {
    this.db = db;
    this.settings = settings;
    this.now = now;
    this.sms = sms;
  }

  private hash(purpose: OtpPurpose, subject: string, code: string): string {
    return createHmac('sha256', this.settings.secret).update(`${purpose}:${subject}:${code}`).digest('hex');
  }

  /**
   * In one transaction: takes a slot under the per-address cap, finds or creates the recipient,
   * takes the subject's spacing and hourly cap, ends any earlier live code, stores the new one and
   * queues its SMS. Any refusal rolls all of it back, so a refused request leaves no row behind.
   * No gateway is waited for: the sender delivers the SMS after the commit, and a gateway that is
   * slow or down changes neither the answer nor its time.
   */
  async issue(request: IssueRequest): Promise<{ customerId: string | null }> {
    const { purpose, subject, address } = request;
    const now = this.now();
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const spacingAgo = new Date(now.getTime() - this.settings.resendSeconds * 1000);
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    const expiresAt = new Date(now.getTime() + this.settings.ttlSeconds * 1000);
    const issued = await this.db.transaction(async (tx) => {
      if (!(await takeSlot(tx, `otp:${address}`, this.settings.maxPerAddressPerHour, 3600, now))) {
        throw new ApiError(429, OTP_MESSAGES.perAddressCap, 'otp_address_limit', undefined, {
          retry_after_seconds: 3600,
        });
      }
      const recipient = await request.recipient(tx);
      const [created] = await queryRows<{ id: number }>(
        tx,
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
            select ${purpose}, ${subject}, ${recipient.customerId}, ${this.hash(purpose, subject, code)}, ${address}, ${now}, ${expiresAt}
            where exists (select 1 from slot)
            returning id`,
      );
      if (!created) throw await this.refusal(tx, purpose, subject, now);
      if (recipient.mobile) {
        await this.sms.enqueue(tx, request.message(code, recipient.mobile), purpose, expiresAt);
      }
      return recipient;
    });
    if (issued.mobile) await this.sms.wake();
    return { customerId: issued.customerId };
  }

  /** Why a send was refused: too soon after the last one, or over the hourly cap. */
  private async refusal(tx: Transaction, purpose: OtpPurpose, subject: string, now: Date): Promise<ApiError> {
    const [throttle] = await queryRows<{ last_sent_at: Date | string }>(
      tx,
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
