/** The credit and finance queues' answers and their decisions (src/server/staff/applicationRoutes.ts), money in rupees. */
import * as v from 'valibot';
import { AGREEMENT_STATES } from '../../agreement.ts';
import { DOCUMENT_LANGUAGES } from '../../documentText/languages.ts';
import { BureauCheckAnswer } from './bureauCheck.ts';

/** A queue: its rows, oldest first or newest first, with their count. */
const queue = <Row extends v.GenericSchema>(row: Row) => v.strictObject({ count: v.number(), items: v.array(row) });

/** staffApplications: submitted applications waiting for credit's decision. */
export const ApplicationsQueueAnswer = queue(
  v.strictObject({
    lead_id: v.number(),
    version: v.number(),
    applicant: v.string(),
    amount: v.nullable(v.number()),
    tenure: v.nullable(v.number()),
    user_type: v.string(),
    submitted_at: v.nullable(v.string()),
    age_hours: v.number(),
  }),
);

/** staffDisbursals: accepted applications to request a disbursal for, and requests waiting for a second approver. */
export const DisbursalsAnswer = v.strictObject({
  to_request: queue(
    v.strictObject({
      lead_id: v.number(),
      version: v.number(),
      applicant: v.string(),
      amount: v.number(),
      tenure: v.nullable(v.number()),
      age_hours: v.number(),
    }),
  ),
  to_approve: queue(
    v.strictObject({
      request_id: v.number(),
      lead_id: v.number(),
      amount: v.number(),
      payout_reference: v.string(),
      requested_by: v.string(),
      requested_by_you: v.boolean(),
      age_hours: v.number(),
    }),
  ),
});

/** staffAssign: the application and its new credit manager. */
export const AssignAnswer = v.strictObject({ lead_id: v.number(), manager: v.string() });

/** staffApprove: approved (the customer is to accept the statement sent) or accepted (ready for disbursal). */
export const ApproveAnswer = v.strictObject({
  status: v.picklist(['approved', 'accepted']),
  kfs_no: v.string(),
  awaiting_acknowledgement: v.boolean(),
});

export const SendBackAnswer = v.strictObject({ status: v.literal('sent_back') });
export const RejectAnswer = v.strictObject({ status: v.literal('rejected') });

/** staffRequestDisbursal: the request another finance member approves. */
export const RequestDisbursalAnswer = v.strictObject({ request_id: v.number() });

/** staffApproveDisbursal: the loan made, and its principal. */
export const ApproveDisbursalAnswer = v.strictObject({ loan_no: v.string(), principal: v.number() });

/** staffApplication: one application as submitted, for credit's decision and finance's disbursal. */
export const ApplicationAnswer = v.strictObject({
  lead_id: v.number(),
  version: v.number(),
  status: v.string(),
  user_type: v.string(),
  submitted_at: v.nullable(v.string()),
  sent_back_reason: v.nullable(v.string()),
  /** The credit manager the customer sees (an admin may reassign them). */
  manager: v.nullable(v.strictObject({ staff_id: v.string(), name: v.string() })),
  applicant: v.strictObject({
    name: v.string(),
    mobile: v.string(),
    email: v.string(),
    pancard: v.string(),
    dob: v.string(),
    monthly_income: v.nullable(v.number()),
    salary_mode_id: v.nullable(v.number()),
    income_type_id: v.nullable(v.number()),
    residence: v.string(),
    selfie_url: v.nullable(v.string()),
  }),
  /** The quote the customer was given (rupees, days) and their daily rate. */
  quote: v.strictObject({
    min_loan_amount: v.number(),
    max_loan_amount: v.number(),
    min_loan_tenure: v.number(),
    max_loan_tenure: v.number(),
    daily_rate_percent: v.number(),
  }),
  asked: v.strictObject({
    amount: v.nullable(v.number()),
    tenure: v.nullable(v.number()),
    daily_rate_percent: v.nullable(v.number()),
    purpose_id: v.nullable(v.number()),
  }),
  /** The employment and bank forms as the customer sent them (shown field by field). */
  employment: v.nullable(v.record(v.string(), v.unknown())),
  bank: v.nullable(v.record(v.string(), v.unknown())),
  /** Every penny-drop of the account, newest first: the bank's holder name against the PAN's, and the outcome. */
  bank_checks: v.array(
    v.strictObject({
      checked_at: v.string(),
      /** verified | name_mismatch | account_invalid | provider_failed */
      outcome: v.string(),
      account_ifsc: v.string(),
      /** The account number's last four digits. */
      account_last4: v.string(),
      name_at_bank: v.nullable(v.string()),
      pan_name: v.string(),
      branch: v.nullable(v.string()),
      detail: v.nullable(v.string()),
      provider: v.string(),
      reference: v.nullable(v.string()),
    }),
  ),
  /** The credit reports asked before the eligibility decision, newest first (issue 24). */
  bureau_checks: v.array(BureauCheckAnswer),
  documents: v.array(
    v.strictObject({
      doc_type: v.string(),
      /** The upload checks' result (an encrypted PDF opened with its password, an Aadhaar's last four). */
      note: v.nullable(v.string()),
      content_type: v.nullable(v.string()),
      size_bytes: v.nullable(v.number()),
      uploaded_at: v.string(),
      file_url: v.string(),
    }),
  ),
  statements: v.array(
    v.strictObject({
      kfs_no: v.string(),
      reason: v.string(),
      current: v.boolean(),
      issued_at: v.string(),
      acknowledged_at: v.nullable(v.string()),
      superseded_at: v.nullable(v.string()),
    }),
  ),
  /**
   * The loan agreement of the current statement (issue 24), null while none is drawn (it is drawn once the
   * customer has accepted the statement). Signed, its PDF is staffAgreementPdf's answer.
   */
  agreement: v.nullable(
    v.strictObject({
      agreement_no: v.string(),
      /** unsigned (drawn, never sent to sign), pending (at the e-sign provider), signed, declined or expired. */
      status: v.picklist(AGREEMENT_STATES),
      /** The language it is drawn in (and, once signed, was signed in): the customer's choice. */
      language: v.picklist(DOCUMENT_LANGUAGES),
      /** ISO instant it was last sent to the e-sign provider. */
      requested_at: v.nullable(v.string()),
      /** ISO instant the provider reported the signature, the refusal or the expiry. */
      decided_at: v.nullable(v.string()),
      /** SHA-256 (hex) of the agreement as drawn: what the customer signs. */
      document_sha256: v.string(),
    }),
  ),
  history: v.array(v.strictObject({ at: v.string(), actor: v.string(), actor_name: v.string(), action: v.string() })),
});
