/**
 * The one database schema (PostgreSQL). Migrations in ./migrations are generated from this file
 * with `npm run db:generate` and applied at start. Money is integer paise; times are timestamptz.
 */
import { bigserial, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A customer profile, created by the first sign-in request of a mobile number. */
export const customers = pgTable('customers', {
  id: uuid('id').primaryKey().defaultRandom(),
  mobile: text('mobile').notNull().unique(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  /** The next onboarding event (dashboard.md §4); the dashboard opens the matching screen. */
  nextStep: text('next_step').notNull().default('pancard_verification'),
  stepPercentage: smallint('step_percentage').notNull().default(0),
  eligibilityStatus: smallint('eligibility_status').notNull().default(0),
  utmSource: text('utm_source').notNull().default(''),
  utmMedium: text('utm_medium').notNull().default(''),
  utmCampaign: text('utm_campaign').notNull().default(''),
  utmTerm: text('utm_term').notNull().default(''),
  utmContent: text('utm_content').notNull().default(''),
  createdAt: createdAt(),
});

/** One-time codes, stored only as a keyed hash. `subject` is what the code proves (a mobile, a PAN). */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purpose: text('purpose').notNull(),
    subject: text('subject').notNull(),
    customerId: uuid('customer_id').references(() => customers.id),
    codeHash: text('code_hash').notNull(),
    address: text('address').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [index('otp_codes_subject_idx').on(table.purpose, table.subject, table.createdAt)],
);

/**
 * Spacing and hourly cap of one-time codes per subject: one row each, updated by a single upsert
 * whose WHERE clause refuses a send that comes too soon or over the cap, race-free across processes.
 */
export const otpThrottle = pgTable(
  'otp_throttle',
  {
    purpose: text('purpose').notNull(),
    subject: text('subject').notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    sentInWindow: integer('sent_in_window').notNull(),
  },
  (table) => [primaryKey({ columns: [table.purpose, table.subject] })],
);

/** Fixed-window counters for per-address caps (codes, contact messages), one row per key. */
export const rateWindows = pgTable('rate_windows', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** Signed-in sessions; the token itself is never stored, only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_customer_idx').on(table.customerId)],
);

/** Every SMS the outbox transport "sent" (development and tests only). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    body: text('body').notNull(),
    senderId: text('sender_id').notNull(),
    templateId: text('template_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sms_outbox_to_idx').on(table.to, table.createdAt)],
);

/** Messages from the contact form. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull(),
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt)],
);

export const schema = { customers, otpCodes, otpThrottle, rateWindows, sessions, smsOutbox, contactMessages };
