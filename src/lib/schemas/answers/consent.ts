/** The consents' answers (issue 24): as the customer reads them (getConsents) and as staff do. */
import * as v from 'valibot';

/** One consent on record. */
export const ConsentAnswer = v.strictObject({
  /** sign_in_terms, privacy_notice, bureau_check, kfs_acknowledgement or agreement_signature. */
  kind: v.string(),
  /** What the kind is called on screen. */
  label: v.string(),
  /** ISO instant it was given. */
  given_at: v.string(),
  /** SHA-256 (hex) of the exact text shown. */
  text_version: v.string(),
  /** The text itself, when the server has it. */
  text: v.nullable(v.string()),
  /** What it was for: a KFS number, an agreement's number. */
  reference: v.nullable(v.string()),
  withdrawn_at: v.nullable(v.string()),
  /** Whether the customer may withdraw it from the dashboard now. */
  withdrawable: v.boolean(),
});

/** A withdrawal or a deletion request, with what is kept. */
export const PrivacyRequestAnswer = v.strictObject({
  request_no: v.string(),
  /** withdraw_consent or delete_data. */
  kind: v.string(),
  consent_kind: v.nullable(v.string()),
  note: v.string(),
  /** received (staff to act) or closed (done: a withdrawal takes effect at once; a deletion request when staff close it). */
  status: v.string(),
  /** What the lender keeps and why, one statement a line. */
  kept: v.string(),
  requested_at: v.string(),
  /** A deletion request closed by staff: erased (what the law lets us erase was erased) or kept; else null. */
  outcome: v.nullable(v.string()),
  /** What staff did, as the customer reads it: what was erased, or why the records are kept. */
  outcome_note: v.nullable(v.string()),
  /** ISO instant staff closed it. */
  closed_at: v.nullable(v.string()),
});

export const ConsentsAnswer = v.strictObject({
  consents: v.array(ConsentAnswer),
  requests: v.array(PrivacyRequestAnswer),
  /** What the lender keeps whatever is asked, and what a deletion request leads to. */
  what_we_keep: v.array(v.string()),
  what_we_delete: v.string(),
});

/** Staff's view of one customer (staffCustomerConsents): the same, with each consent's address and user agent. */
export const StaffConsentsAnswer = v.strictObject({
  name: v.string(),
  consents: v.array(v.strictObject({ ...ConsentAnswer.entries, address: v.string(), user_agent: v.string() })),
  requests: v.array(v.strictObject({ ...PrivacyRequestAnswer.entries, address: v.string(), user_agent: v.string() })),
});

/** The requests staff have to act on, oldest first (staffPrivacyRequests). */
export const StaffPrivacyRequestsAnswer = v.strictObject({
  count: v.number(),
  items: v.array(v.strictObject({ ...PrivacyRequestAnswer.entries, mobile: v.string(), name: v.string() })),
});
