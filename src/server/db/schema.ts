/**
 * The one database schema (PostgreSQL). Migrations in ./migrations are generated from this file
 * with `npm run db:generate` and applied at start. Money is integer paise; times are timestamptz.
 */

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DocumentLanguage } from '../../lib/documentText/languages.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A customer profile, created by the first sign-in request of a mobile number. */
export const customers = pgTable('customers', {
  id: uuid('id').primaryKey().defaultRandom(),
  mobile: text('mobile').notNull().unique(),
  /** Set by PAN verification; one PAN belongs to one customer. */
  pancard: text('pancard').unique(),
  fullName: text('full_name'),
  /** The personal e-mail of personal_details. */
  email: text('email'),
  monthlyIncomePaise: integer('monthly_income_paise'),
  dob: date('dob', { mode: 'string' }),
  gender: smallint('gender'),
  maritalStatusId: smallint('marital_status_id'),
  spouseName: text('spouse_name'),
  residenceTypeId: smallint('residence_type_id'),
  residenceAddress1: text('residence_address_1'),
  residenceAddress2: text('residence_address_2'),
  residenceLandmark: text('residence_landmark'),
  residencePincode: text('residence_pincode'),
  residenceCity: text('residence_city'),
  residenceState: text('residence_state'),
  incomeTypeId: smallint('income_type_id'),
  salaryModeId: smallint('salary_mode_id'),
  salaryDate: date('salary_date', { mode: 'string' }),
  selfieFileId: uuid('selfie_file_id'),
  registrationSuccessful: smallint('registration_successful').notNull().default(0),
  eligibilityReason: text('eligibility_reason'),
  eligibilityDecidedAt: timestamp('eligibility_decided_at', { withTimezone: true }),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  /** The next onboarding event (product.md §4); the dashboard opens the matching screen. */
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

/** Files customers upload (selfies, documents), kept by the storage adapter; never served to anyone else. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('files_customer_idx').on(table.customerId, table.kind)],
);

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

/** What a message queue (sms_queue, mail_queue) records of each delivery; the sender (src/server/sms/sender.ts) reads and writes these. */
const deliveryColumns = () => ({
  /** queued | sending | sent | failed */
  status: text('status').notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
  /** A message not sent by then is useless (a one-time code that has expired): it fails instead. */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  /** While status is sending: the claim's lease; after it, another sender may take the row again. */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lockedBy: text('locked_by'),
  lastError: text('last_error'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/**
 * SMS waiting to leave, and what became of them: a request stores its message here in the same
 * transaction as what it is about (a code) and answers; a sender (src/server/sms/sender.ts, in the
 * server process or its own) claims rows with FOR UPDATE SKIP LOCKED, so several processes share
 * the queue without sending a message twice. `to` and `body` are needed to send and never logged;
 * last_error carries no personal data.
 */
export const smsQueue = pgTable(
  'sms_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    body: text('body').notNull(),
    senderId: text('sender_id').notNull(),
    templateId: text('template_id').notNull(),
    /** login | repay | kfs | …: what the message is for, for the logs and the operators. */
    purpose: text('purpose').notNull(),
    ...deliveryColumns(),
  },
  (table) => [index('sms_queue_pick_idx').on(table.nextAttemptAt).where(sql`${table.status} in ('queued', 'sending')`)],
);

/**
 * What a queued e-mail attaches (src/server/mail/queue.ts): a reference to a document the sender draws or
 * reads when it sends (the Key Fact Statement's PDF, a signed agreement), or the bytes themselves when the
 * caller already has them. A reference keeps the request that queues the mail from drawing anything.
 */
export type QueuedMailAttachment =
  /** The statement's PDF, drawn at sending in the PDF workers (in `lang`: English when absent). */
  | { kind: 'kfs'; kfsId: string; kfsNo: string; lang?: DocumentLanguage }
  /** A stored file (the signed agreement), read from the file store at sending. */
  | { kind: 'file'; key: string; filename: string; content_type: string }
  | { kind: 'bytes'; filename: string; content_type: string; content_base64: string };

/**
 * E-mail waiting to leave, and what became of them: as sms_queue for SMS (a request stores its message in
 * its own transaction; the sender claims rows with FOR UPDATE SKIP LOCKED and a lease). `to`, `subject` and
 * `body` are needed to send and never logged; attachments are kept by reference and drawn at sending;
 * last_error carries no personal data.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    attachments: jsonb('attachments').$type<QueuedMailAttachment[]>().notNull().default([]),
    /** kfs | agreement | staff_code | complaint | reminder | receipt | overdue_notice | bureau_notice */
    purpose: text('purpose').notNull(),
    ...deliveryColumns(),
  },
  (table) => [
    index('mail_queue_pick_idx').on(table.nextAttemptAt).where(sql`${table.status} in ('queued', 'sending')`),
  ],
);

/** An attachment as the mail outbox keeps it: what /__dev/mailbox shows, and its bytes (base64) for the tests. */
export interface StoredMailAttachment {
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  content_base64: string;
}

/** Every e-mail the outbox mail transport "sent" (development and tests only), as sms_outbox for SMS. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** Its attachments (src/server/mail/transport.ts): name, type, size, SHA-256 and the bytes in base64. */
    attachments: jsonb('attachments').$type<StoredMailAttachment[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (table) => [index('mail_outbox_to_idx').on(table.to, table.createdAt)],
);

/** Messages from the contact form before it opened complaints (issue 22): kept, no longer written. */
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

/** Lead ids: 5000001, 5000002, … (staff type them in the operations command line). */
export const leadIdSeq = pgSequence('lead_id_seq', { startWith: 5000001 });

/**
 * A loan application: the quote the customer accepted (with the Key Fact Statement they
 * acknowledged), their employment, documents and bank account, then staff's decision.
 */
export const leads = pgTable(
  'leads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().default(sql`nextval('lead_id_seq')`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    /** NEW, REPEAT (an earlier loan was repaid) or UNPAID-REPEAT. */
    userType: text('user_type').notNull(),
    /** The application's state (src/server/application/lifecycle.ts holds the table of states and transitions). */
    status: text('status').notNull().default('applied'),
    /**
     * Raised by every change of the application and every transition, in the transaction that makes
     * it: staff decide on the version they saw, and a decision on an older one is refused.
     */
    version: integer('version').notNull().default(1),
    nextStep: text('next_step').notNull().default('generate_loan_quote'),
    stepPercentage: smallint('step_percentage').notNull().default(0),
    quote: jsonb('quote').notNull(),
    purposeId: smallint('purpose_id'),
    amountPaise: integer('amount_paise'),
    tenureDays: integer('tenure_days'),
    dailyRateHundredths: integer('daily_rate_hundredths'),
    kfs: jsonb('kfs'),
    kfsAcknowledgedAt: timestamp('kfs_acknowledged_at', { withTimezone: true }),
    /** The lead's current Key Fact Statement (key_fact_statements); disbursal needs it acknowledged. */
    kfsId: uuid('kfs_id'),
    employment: jsonb('employment'),
    bank: jsonb('bank'),
    approvedAmountPaise: integer('approved_amount_paise'),
    approvedTenureDays: integer('approved_tenure_days'),
    approvedRateHundredths: integer('approved_rate_hundredths'),
    managerName: text('manager_name'),
    managerMobile: text('manager_mobile'),
    managerEmail: text('manager_email'),
    decisionReason: text('decision_reason'),
    /** The credit staff member the application is assigned to (in turn at submission, or by an admin). */
    assignedStaffId: uuid('assigned_staff_id'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** The version staff approved; disbursal makes the loan only from that approval's accepted statement. */
    approvedVersion: integer('approved_version'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Why staff sent the application back for changes; the customer sees it until they submit again. */
    sentBackReason: text('sent_back_reason'),
    sentBackAt: timestamp('sent_back_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('leads_customer_idx').on(table.customerId),
    // At most one open application per customer, held by the database whatever arrives at once.
    uniqueIndex('leads_one_open_per_customer_idx')
      .on(table.customerId)
      .where(sql`status in ('applied', 'submitted', 'sent_back', 'approved', 'accepted')`),
  ],
);

/** Key Fact Statement numbers: KFS-000001, … */
export const kfsNoSeq = pgSequence('kfs_no_seq', { startWith: 1 });

/**
 * Every Key Fact Statement issued (RBI/2024-25/18, Annex A), stored exactly as shown: the one made for
 * the customer's chosen quote, and a new one whenever staff approve other terms. A loan is disbursed
 * only on an acknowledged statement, with exactly its terms.
 */
export const keyFactStatements = pgTable(
  'key_fact_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kfsNo: text('kfs_no').notNull().unique(),
    leadId: bigint('lead_id', { mode: 'number' })
      .notNull()
      .references(() => leads.id),
    /** 'quote' (the customer's choice) or 'approval' (staff approved other terms). */
    reason: text('reason').notNull(),
    /** The statement as shown to the customer, never changed after it is stored. */
    content: jsonb('content').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The last day (in India) on which it can be acknowledged. */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    /** Set when a later statement for the same lead replaces it. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('key_fact_statements_lead_idx').on(table.leadId)],
);

/** The documents of a lead: one row per document type, pointing at its latest file. */
export const leadDocuments = pgTable(
  'lead_documents',
  {
    leadId: bigint('lead_id', { mode: 'number' })
      .notNull()
      .references(() => leads.id),
    docType: text('doc_type').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    /** Aadhaar: only the last four digits are ever kept (product.md §10.8). */
    note: text('note'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.leadId, table.docType] })],
);

/** Loan numbers: KCL100001, KCL100002, … */
export const loanNoSeq = pgSequence('loan_no_seq', { startWith: 100001 });

/**
 * A disbursed loan and its dues, in paise. `collected_paise` is the sum of the collections applied
 * to it and changes only in the same transaction as the collection that adds to it.
 */
export const loans = pgTable(
  'loans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanNo: text('loan_no').notNull().unique(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    leadId: text('lead_id'),
    principalPaise: integer('principal_paise').notNull(),
    /** Daily interest in hundredths of a percent (25 = 0.25% a day). */
    dailyRateHundredths: integer('daily_rate_hundredths').notNull(),
    tenureDays: integer('tenure_days').notNull(),
    disbursalDate: date('disbursal_date', { mode: 'string' }).notNull(),
    repaymentDate: date('repayment_date', { mode: 'string' }).notNull(),
    collectedPaise: integer('collected_paise').notNull().default(0),
    /** The acknowledged Key Fact Statement this loan was disbursed on (null for loans made before statements were stored). */
    kfsId: uuid('kfs_id').references(() => keyFactStatements.id),
    /** Deducted at disbursal; kept on a cooling-off exit (the KFS says so). */
    processingFeePaise: integer('processing_fee_paise').notNull().default(0),
    gstOnFeePaise: integer('gst_on_fee_paise').notNull().default(0),
    coolingOffDays: integer('cooling_off_days').notNull().default(0),
    /**
     * The after-due-date terms of the KFS, fixed at disbursal: contract interest on the principal
     * still outstanding for at most this many days after the due date, and one penal charge with
     * its GST. Loans made before the KFS named them carry zeros: nothing the KFS does not name.
     */
    overdueInterestDaysMax: integer('overdue_interest_days_max').notNull().default(0),
    penalChargePaise: integer('penal_charge_paise').notNull().default(0),
    penalGstPaise: integer('penal_gst_paise').notNull().default(0),
    /**
     * No penal charge when less than this is unpaid at the end of the due date (the KFS states it).
     * Fixed at disbursal like the charge; older loans carry 0: the charge on any amount unpaid.
     */
    penalThresholdPaise: integer('penal_threshold_paise').notNull().default(0),
    /**
     * The version of the account rules the loan was made under (src/lib/accountRules.ts): its account
     * applies that version for its whole life. Loans made before versions were stored are version 1.
     */
    accountRulesVersion: integer('account_rules_version').notNull(),
    status: text('status').notNull().default('active'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * The end of day's classification (src/server/overdue/, issue 23): days past due and the RBI's
     * class (standard | sma0 | sma1 | sma2 | npa) as of `classified_on`, the class since `class_since`.
     * Its history is loan_classifications.
     */
    daysPastDue: integer('days_past_due').notNull().default(0),
    assetClass: text('asset_class').notNull().default('standard'),
    classSince: date('class_since', { mode: 'string' }),
    classifiedOn: date('classified_on', { mode: 'string' }),
    createdAt: createdAt(),
    createdBy: text('created_by').notNull(),
  },
  (table) => [
    index('loans_customer_idx').on(table.customerId),
    // A customer has at most one active loan: a second disbursal fails in the database.
    uniqueIndex('loans_one_active_per_customer_idx').on(table.customerId).where(sql`status = 'active'`),
  ],
);

/**
 * An order with a payment provider for an amount the server decided. A client can never change the
 * amount of an order; a paid order never goes back. A loan has at most one open ('created') order: a
 * new one marks the open one 'replaced' (a late payment on it is still credited, src/server/payments/).
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    provider: text('provider').notNull(),
    /** Razorpay's order id, or the PayU txnid. */
    providerOrderId: text('provider_order_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status').notNull().default('created'),
    providerPaymentId: text('provider_payment_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_orders_provider_order_idx').on(table.provider, table.providerOrderId),
    // One open order per loan, held by the database whatever arrives at once.
    uniqueIndex('payment_orders_one_open_per_loan_idx').on(table.loanId).where(sql`status = 'created'`),
  ],
);

/** Money received: a provider payment or an offline receipt. One row per provider payment id. */
export const collections = pgTable(
  'collections',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    orderId: uuid('order_id').references(() => paymentOrders.id),
    source: text('source').notNull(),
    /** The provider's payment id, or the bank reference of an offline receipt. */
    reference: text('reference').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    /** What reduced the dues; the rest (a payment that arrived after the dues were met) is to be refunded. */
    appliedPaise: integer('applied_paise').notNull(),
    excessPaise: integer('excess_paise').notNull().default(0),
    /**
     * How `applied_paise` was allocated, in the order charges, interest, principal (src/lib/loanAccount.ts).
     * Null only on collections recorded before allocations were stored; readers recompute all of them.
     */
    chargesPaise: integer('charges_paise'),
    interestPaise: integer('interest_paise'),
    principalPaise: integer('principal_paise'),
    /** The date in India the money counts from: interest stops on what it repaid from this day. */
    valueDate: date('value_date', { mode: 'string' }).notNull(),
    /**
     * Money kept aside, never applied to the loan: a second payment captured on an order already
     * credited. It is all excess, to be refunded by staff.
     */
    heldForRefund: boolean('held_for_refund').notNull().default(false),
    /**
     * A rest of less than ₹1 left after this collection, which no payment service can take: written
     * off when it was recorded, closing the loan (src/lib/loanAccount.ts, docs/decisions.md).
     */
    writtenOffPaise: integer('written_off_paise').notNull().default(0),
    recordedBy: text('recorded_by').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('collections_source_reference_idx').on(table.source, table.reference),
    // One collection per provider order, whatever payment ids arrive for it (product.md §10.5).
    uniqueIndex('collections_order_idx').on(table.orderId).where(sql`order_id is not null`),
    index('collections_loan_idx').on(table.loanId),
  ],
);

/**
 * Money a provider gave back on a collection: a refund, or a chargeback lost. Each takes first from
 * what the collection left to refund (its excess), then reverses what it applied to the loan,
 * principal first, then interest, then charges: that much is owed again from its value date. The id
 * comes from the collections' sequence, so a loan's collections and reversals read in the order they
 * were recorded (each under the loan's row lock).
 */
export const collectionReversals = pgTable(
  'collection_reversals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().default(sql`nextval('collections_id_seq')`),
    collectionId: bigint('collection_id', { mode: 'number' })
      .notNull()
      .references(() => collections.id),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    /** refund | chargeback */
    kind: text('kind').notNull(),
    provider: text('provider').notNull(),
    /** The provider's refund id, or its dispute id for a chargeback. */
    providerReference: text('provider_reference').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    /** Taken off the collection's excess to refund (money the loan never owed). */
    excessPaise: integer('excess_paise').notNull(),
    /** Owed again: the reversed part of the collection's allocation. */
    chargesPaise: integer('charges_paise').notNull(),
    interestPaise: integer('interest_paise').notNull(),
    principalPaise: integer('principal_paise').notNull(),
    valueDate: date('value_date', { mode: 'string' }).notNull(),
    recordedBy: text('recorded_by').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('collection_reversals_provider_reference_idx').on(table.provider, table.kind, table.providerReference),
    index('collection_reversals_loan_idx').on(table.loanId),
  ],
);

/** A provider's dispute of a payment (chargeback), kept for staff until it is won, lost or closed. */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    collectionId: bigint('collection_id', { mode: 'number' })
      .notNull()
      .references(() => collections.id),
    provider: text('provider').notNull(),
    /** The provider's dispute id. */
    disputeId: text('dispute_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    /** The provider's word: open, under_review, won, lost, closed… */
    status: text('status').notNull(),
    /** Whether staff still have something to do: open until won, lost or closed. */
    open: boolean('open').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_disputes_provider_dispute_idx').on(table.provider, table.disputeId),
    index('payment_disputes_loan_idx').on(table.loanId),
  ],
);

/** Provider webhook deliveries already handled, so a repeat is ignored. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/** Short-lived sessions of the repay page (PAN + one-time code), each for one loan only. */
export const repaySessions = pgTable('repay_sessions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  loanId: uuid('loan_id')
    .notNull()
    .references(() => loans.id),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Every change of state made by staff or by the system, with who and when (product.md §10.3). */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  subject: text('subject').notNull(),
  detail: jsonb('detail').notNull().default({}),
  createdAt: createdAt(),
});

/**
 * Staff of the back office (issue 22): an e-mail and a password (scrypt, never the password itself),
 * roles (credit, finance, collections, support, admin), and the lock-out after repeated failures.
 */
export const staffMembers = pgTable('staff_members', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  mobile: text('mobile').notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  roles: text('roles').array().notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** The second factor of a staff sign-in: a code e-mailed to the staff member, stored as a keyed hash. */
export const staffChallenges = pgTable('staff_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  staffId: uuid('staff_id')
    .notNull()
    .references(() => staffMembers.id),
  codeHash: text('code_hash').notNull(),
  attempts: smallint('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Staff sessions (the Stafftoken header): only the token's SHA-256 is kept; idle and absolute limits. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('staff_sessions_staff_idx').on(table.staffId)],
);

/**
 * Four eyes on a disbursal: one finance member requests it with the payout reference, another
 * approves it, which makes the loan. One open request per application.
 */
export const disbursalRequests = pgTable(
  'disbursal_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leadId: bigint('lead_id', { mode: 'number' })
      .notNull()
      .references(() => leads.id),
    /** The application's version the request was made on: approving it needs the same. */
    leadVersion: integer('lead_version').notNull(),
    payoutReference: text('payout_reference').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => staffMembers.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** requested | approved | cancelled */
    status: text('status').notNull().default('requested'),
    decidedBy: uuid('decided_by').references(() => staffMembers.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('disbursal_requests_one_open_idx').on(table.leadId).where(sql`status = 'requested'`)],
);

/**
 * Collections' record of contact with a borrower (issue 22): what was said, and a promise to pay
 * (a date and an amount) when one was made.
 */
export const loanContactNotes = pgTable(
  'loan_contact_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    note: text('note').notNull(),
    promisedOn: date('promised_on', { mode: 'string' }),
    promisedPaise: integer('promised_paise'),
    createdAt: createdAt(),
  },
  (table) => [index('loan_contact_notes_loan_idx').on(table.loanId, table.createdAt)],
);

/**
 * The automatic messages to a borrower about a loan (issue 23), and what became of each: the
 * reminders before and after the due date, and the receipt of each credited payment, one row per
 * (loan, kind, what it is about, channel), so a rerun never sends one twice. A row waits until
 * `not_before` (reminders only go out between 08:00 and 19:00 in India), is re-checked against the
 * loan when it is sent, then handed to the SMS queue (`sms_queue_id`, whose status is its delivery)
 * or sent by mail. The text is written when it is sent, from the loan as it is then; never logged.
 */
export const loanMessages = pgTable(
  'loan_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    /** due_in_3 | due_in_1 | due_today | overdue_1 | overdue_7 | receipt | bureau_notice (src/server/bureau/, written already handled) */
    kind: text('kind').notNull(),
    /** What it is about: the due date (YYYY-MM-DD) of a reminder, the collection's id of a receipt. */
    about: text('about').notNull(),
    /** sms | email */
    channel: text('channel').notNull(),
    collectionId: bigint('collection_id', { mode: 'number' }).references(() => collections.id),
    /** waiting | queued (handed to the SMS or mail queue) | sent | failed | skipped (the loan was paid, no address) */
    status: text('status').notNull().default('waiting'),
    /** Not sent before then; while a sender holds the row, the end of its lease. */
    notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The amount to pay the message stated, when it stated one. */
    amountPaise: integer('amount_paise'),
    smsQueueId: bigint('sms_queue_id', { mode: 'number' }).references(() => smsQueue.id),
    /** An e-mail handed to the mail queue (src/server/mail/queue.ts): its delivery is that row's. */
    mailQueueId: bigint('mail_queue_id', { mode: 'number' }).references(() => mailQueue.id),
    /** Why it was skipped or failed, in words without personal data. */
    outcome: text('outcome'),
    createdAt: createdAt(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('loan_messages_once_idx').on(table.loanId, table.kind, table.about, table.channel),
    index('loan_messages_waiting_idx').on(table.notBefore).where(sql`status = 'waiting'`),
  ],
);

/**
 * Four eyes on a refund (issue 22, issue 23): one finance member asks to refund a collection's excess
 * (money the loan never owed, or a second payment held) by bank transfer with its reference, or
 * through the payment's provider (Razorpay, PayU); another approves, which records it paid as a
 * collection reversal (kind refund, off the excess). One open request per collection.
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    collectionId: bigint('collection_id', { mode: 'number' })
      .notNull()
      .references(() => collections.id),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    amountPaise: integer('amount_paise').notNull(),
    /** bank_transfer | razorpay | payu (the provider's refund API) */
    method: text('method').notNull(),
    /** The bank transfer's reference (UTR), or the key that makes a provider's refund once. */
    reference: text('reference').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => staffMembers.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** requested | sending (to the provider) | paid | cancelled */
    status: text('status').notNull().default('requested'),
    decidedBy: uuid('decided_by').references(() => staffMembers.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The reversal that records the refund paid. */
    reversalId: bigint('reversal_id', { mode: 'number' }).references(() => collectionReversals.id),
  },
  (table) => [
    uniqueIndex('refund_requests_one_open_idx').on(table.collectionId).where(sql`status = 'requested'`),
    index('refund_requests_loan_idx').on(table.loanId),
  ],
);

/** Complaint numbers: KC-000001, … */
export const complaintNoSeq = pgSequence('complaint_no_seq', { startWith: 1 });

/**
 * Complaints (issue 22): from the contact form or the dashboard, acknowledged at once by SMS and
 * e-mail with their number, answered by support; the RBI's 30 days run from `created_at`.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    complaintNo: text('complaint_no').notNull().unique(),
    /** The signed-in customer who raised it; null from the public contact form. */
    customerId: uuid('customer_id').references(() => customers.id),
    /** contact_form | dashboard */
    channel: text('channel').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull(),
    /** open | answered | resolved */
    status: text('status').notNull().default('open'),
    answer: text('answer'),
    answeredBy: uuid('answered_by').references(() => staffMembers.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('complaints_customer_idx').on(table.customerId),
    index('complaints_open_idx').on(table.createdAt).where(sql`status <> 'resolved'`),
  ],
);

export const schema = {
  customers,
  files,
  otpCodes,
  otpThrottle,
  rateWindows,
  sessions,
  smsOutbox,
  smsQueue,
  mailQueue,
  mailOutbox,
  contactMessages,
  leads,
  keyFactStatements,
  leadDocuments,
  loans,
  paymentOrders,
  collections,
  collectionReversals,
  paymentDisputes,
  webhookEvents,
  repaySessions,
  auditLog,
  staffMembers,
  staffChallenges,
  staffSessions,
  disbursalRequests,
  complaints,
  loanContactNotes,
  loanMessages,
  refundRequests,
};

/**
 * Each scheduled job's units of work done (src/server/jobs/, issue 23): one row per (job, India day,
 * key), written in the same transaction as the unit's own writes, so a rerun of a day, a retry or a
 * second worker on the same PostgreSQL never does a unit twice.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    key: text('key').notNull(),
    /** Which worker did it (a random id per process). */
    worker: text('worker').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.job, table.day, table.key] })],
);

/**
 * A loan's classes over time (issue 23; RBI's SMA and NPA): one row per class it entered, with the day
 * it began (from the days past due: SMA-0 the day after the due date, SMA-1 on the 31st day past due,
 * SMA-2 on the 61st, NPA on the 91st) and the day it ended (a higher class began, or all arrears were
 * paid). `notified_at`: when the borrower was told, once per class (null until the notice goes out,
 * between 08:00 and 19:00 India time).
 */
export const loanClassifications = pgTable(
  'loan_classifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    /** sma0 | sma1 | sma2 | npa */
    assetClass: text('asset_class').notNull(),
    beganOn: date('began_on', { mode: 'string' }).notNull(),
    endedOn: date('ended_on', { mode: 'string' }),
    /** Days past due and the amount overdue on the end of day that recorded it. */
    daysPastDue: integer('days_past_due').notNull(),
    overduePaise: integer('overdue_paise').notNull(),
    /** The end of day that recorded it. */
    recordedOn: date('recorded_on', { mode: 'string' }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('loan_classifications_once_idx').on(table.loanId, table.assetClass, table.beganOn),
    index('loan_classifications_to_notify_idx').on(table.loanId).where(sql`notified_at is null`),
  ],
);

/**
 * The credit information files made (src/server/bureau/, issue 23): one per reporting date, with the
 * file's name (kept in BUREAU_DIR, mode 0600), its SHA-256 and who made it (a staff member or the job).
 */
export const bureauRuns = pgTable(
  'bureau_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The reporting date the file is as on. */
    asOf: date('as_of', { mode: 'string' }).notNull(),
    /** The reporting date before it (the period is the days after it up to `as_of`); null before the first. */
    periodFrom: date('period_from', { mode: 'string' }),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    accounts: integer('accounts').notNull(),
    madeBy: text('made_by').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('bureau_runs_as_of_idx').on(table.asOf)],
);

/**
 * What each file said of each loan: its line, the status reported (open | overdue | closed) and the
 * figures, and whether the borrower's default notice went with it (once per loan). A loan reported
 * closed is not in a later file while it stays closed.
 */
export const bureauRunLoans = pgTable(
  'bureau_run_loans',
  {
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => bureauRuns.id),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    line: integer('line').notNull(),
    status: text('status').notNull(),
    daysPastDue: integer('days_past_due').notNull(),
    currentBalancePaise: integer('current_balance_paise').notNull(),
    amountOverduePaise: integer('amount_overdue_paise').notNull(),
    defaultNotice: boolean('default_notice').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.runId, table.loanId] }),
    index('bureau_run_loans_loan_idx').on(table.loanId),
  ],
);

/**
 * The exact texts customers agreed to (src/server/consents/, issue 24), by their version: the SHA-256
 * (hex) of the text as shown. Kept once however many consents name it.
 */
export const consentTexts = pgTable('consent_texts', {
  version: text('version').primaryKey(),
  kind: text('kind').notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
});

/**
 * Consents on record (issue 24): who agreed to what (kind, the text's version), when, from which address
 * and user agent. Never updated but to mark a withdrawal; a withdrawn consent stays on record.
 */
export const consents = pgTable(
  'consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    /** sign_in_terms | privacy_notice | bureau_check | kfs_acknowledgement | agreement_signature */
    kind: text('kind').notNull(),
    /** SHA-256 (hex) of the exact text shown; its text is in consent_texts when the server knows it. */
    textVersion: text('text_version').notNull(),
    /** What it was given for, when there is one: a KFS number, an agreement's number. */
    reference: text('reference'),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
    address: text('address').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /** The privacy request that withdrew it. */
    withdrawnBy: bigint('withdrawn_by', { mode: 'number' }),
  },
  (table) => [index('consents_customer_idx').on(table.customerId, table.givenAt)],
);

/**
 * What a customer asked of their data from the dashboard (issue 24): a consent withdrawn, or their data
 * deleted. Recorded and acknowledged with what the lender must keep (`kept`, the text the customer was
 * shown); staff see them and close a deletion request with its outcome, which the customer reads.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    /** withdraw_consent | delete_data */
    kind: text('kind').notNull(),
    /** The consent's kind, for withdraw_consent. */
    consentKind: text('consent_kind'),
    /** The customer's own words, if any. */
    note: text('note').notNull().default(''),
    /** What the lender keeps and why, as told to the customer. */
    kept: text('kept').notNull(),
    /** received | closed */
    status: text('status').notNull().default('received'),
    address: text('address').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    /** A deletion request staff closed: erased | kept (docs/decisions.md, "Consents on record"). */
    outcome: text('outcome'),
    /** What staff did, as the customer reads it: what was erased, or why the records are kept. */
    outcomeNote: text('outcome_note'),
    /** Who closed it (`staff:<id>`) and when. */
    closedBy: text('closed_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    index('privacy_requests_customer_idx').on(table.customerId),
    uniqueIndex('privacy_requests_one_open_deletion_idx')
      .on(table.customerId)
      .where(sql`kind = 'delete_data' and status = 'received'`),
  ],
);

/**
 * Every penny-drop of an application's bank account (issue 24): what the customer gave, what the bank
 * answered (the holder's name, the branch), how the name compared with the PAN's, and the outcome.
 * Disbursal needs a verified check of exactly the account on the lead; staff see them all.
 */
export const bankAccountChecks = pgTable(
  'bank_account_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: bigint('lead_id', { mode: 'number' })
      .notNull()
      .references(() => leads.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    /** sandbox | http */
    provider: text('provider').notNull(),
    /** The provider's id of the check, for a dispute. */
    reference: text('reference'),
    accountIfsc: text('account_ifsc').notNull(),
    accountNumber: text('account_number').notNull(),
    /** The holder's name the customer typed, and the one the bank answered. */
    nameGiven: text('name_given').notNull(),
    nameAtBank: text('name_at_bank'),
    /** The PAN's name it was compared with. */
    panName: text('pan_name').notNull(),
    /** verified | name_mismatch | account_invalid | provider_failed */
    outcome: text('outcome').notNull(),
    /** The provider's status code (ACCOUNT_BLOCKED, …) or why the names differ. */
    detail: text('detail'),
    branch: text('branch'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('bank_account_checks_lead_idx').on(table.leadId, table.checkedAt)],
);

/**
 * Credit reports asked before the eligibility decision (issue 24, src/server/bureauCheck/), each under the
 * bureau consent it was asked with; a failed ask is kept too. Not the reporting of our loans (bureau_runs).
 */
export const bureauChecks = pgTable(
  'bureau_checks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The standing bureau_check consent the report was asked under. */
    consentId: bigint('consent_id', { mode: 'number' })
      .notNull()
      .references(() => consents.id),
    /** sandbox | http */
    provider: text('provider').notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull(),
    /** India's date of the ask (YYYY-MM-DD): a report is used for creditReport.reportValidDays from it. */
    asOf: date('as_of', { mode: 'string' }).notNull(),
    /** report | failed */
    outcome: text('outcome').notNull(),
    /** Which company answered, and its id of the report (for a dispute). */
    bureau: text('bureau'),
    reference: text('reference'),
    /** Null: no history to score (or no report). */
    score: integer('score'),
    /** The figures the decision read (bureauCheck/policy.ts ReportSummary). */
    summary: jsonb('summary'),
    /** The accounts and enquiries as the bureau gave them (whole rupees; no PAN or name). */
    report: jsonb('report'),
    /** What the report decided, in words (a refusal's reasons, or what it let us offer). */
    finding: text('finding'),
    /** Why no report came (the provider's status or error code, never the customer). */
    failure: text('failure'),
  },
  (table) => [index('bureau_checks_customer_idx').on(table.customerId, table.askedAt)],
);

/**
 * The loan agreement of an accepted Key Fact Statement (issue 24, src/server/agreement/): one per
 * statement, drawn once and kept as drawn (its SHA-256 is what the customer signs), with the e-sign
 * provider's latest signing request and, once signed, the signed PDF. The files are in the file store.
 */
export const loanAgreements = pgTable(
  'loan_agreements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** AGR- and the statement's number: "AGR-000123" for KFS-000123. */
    agreementNo: text('agreement_no').notNull().unique(),
    leadId: bigint('lead_id', { mode: 'number' })
      .notNull()
      .references(() => leads.id),
    kfsId: uuid('kfs_id')
      .notNull()
      .unique()
      .references(() => keyFactStatements.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The agreement as drawn, ready to sign (file store key) and its SHA-256 in hex. */
    documentKey: text('document_key').notNull(),
    documentSha256: text('document_sha256').notNull(),
    /** unsigned | pending | signed | declined | expired */
    status: text('status').notNull(),
    /** The language the document is drawn in, the customer's choice (en | hi): a signed one was signed in it. */
    language: text('language').notNull().default('en'),
    /** sandbox | http, and its id of the latest signing request. */
    provider: text('provider'),
    requestId: text('request_id'),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    /** When the provider said it was signed, declined or expired. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The signed PDF (file store key), once signed. */
    signedKey: text('signed_key'),
    /** The agreement_signature consent recorded with the signature. */
    consentId: bigint('consent_id', { mode: 'number' }).references(() => consents.id),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('loan_agreements_lead_idx').on(table.leadId)],
);
