/** The answers of getLeadList and getLeadDetail (product.md §3.9, §7): the dashboard's loan screens read these. */
import * as v from 'valibot';
import { LoanAccountAnswer } from './repay.ts';

const LeadListItem = v.strictObject({
  lead_id: v.number(),
  /** Rupees; null before a quote was accepted. */
  loan_amount: v.nullable(v.number()),
  status: v.string(),
  lead_entry_date: v.string(),
});

export const LeadListAnswer = v.strictObject({ lead_list: v.array(LeadListItem) });

const LoanDetail = v.strictObject({
  lead_id: v.number(),
  loan_no: v.string(),
  first_name: v.string(),
  monthly_salary_amount: v.nullable(v.number()),
  loan_amount: v.number(),
  tenure: v.nullable(v.number()),
  purpose: v.string(),
  mobile: v.string(),
  email: v.string(),
  status: v.string(),
  pancard: v.string(),
  /** product.md §3: "1" is male, anything else female; '' when not given. */
  gender: v.string(),
  marital_status_id: v.string(),
  m_city_name: v.string(),
  m_state_name: v.string(),
  lead_final_disbursed_date: v.string(),
  repayment_date: v.string(),
  /**
   * The application's current Key Fact Statement's figures (issue 25), rupees: what reaches the bank account
   * after the processing fee and its GST, and what is repaid at the end. Absent before an amount is chosen.
   */
  amount_credited: v.optional(v.number()),
  amount_repayable: v.optional(v.number()),
  /** Once disbursed: the loan's own state (active, closed) and its account today. */
  loan_status: v.optional(v.string()),
  ...v.partial(LoanAccountAnswer).entries,
  /** The account the loan is paid into (its last four digits), and when a penny-drop verified it (issue 24). */
  bank_account: v.nullable(
    v.strictObject({ bank_name: v.string(), account_last4: v.string(), verified_at: v.nullable(v.string()) }),
  ),
  manager: v.nullable(
    v.strictObject({ name: v.string(), mobile: v.nullable(v.string()), email: v.nullable(v.string()) }),
  ),
});

const Refund = v.strictObject({
  /** Rupees. */
  amount: v.number(),
  /** Paid (how and the reference given) or being processed by the lender. */
  status: v.picklist(['paid', 'processing']),
  /** While processing: the day it is due by (YYYY-MM-DD; 7 days after the money arrived unless configured). */
  due_on: v.optional(v.string()),
  source: v.optional(v.string()),
  reference: v.optional(v.string()),
  date: v.optional(v.string()),
});

const Collection = v.strictObject({
  date: v.string(),
  value_date: v.string(),
  /** Rupees, and where they went: charges, interest, principal; the excess is refunded. */
  amount: v.number(),
  source: v.string(),
  reference: v.string(),
  charges: v.number(),
  interest: v.number(),
  principal: v.number(),
  excess: v.number(),
  held_for_refund: v.boolean(),
  refunds: v.array(Refund),
});

/** The specification's shape: one detail and one list of collections, each in an array. */
export const LeadDetailAnswer = v.strictObject({ data: v.array(LoanDetail), collection: v.array(v.array(Collection)) });
