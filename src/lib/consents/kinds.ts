/**
 * The kinds of consent on record (issue 24; docs/decisions.md "Consents on record"), what each is called
 * on the customer's and staff's screens, which a customer may withdraw, and what the lender keeps
 * whatever the customer asks. Shared by the server, the dashboard and the staff console.
 */
export const CONSENT_KINDS = [
  'sign_in_terms',
  'privacy_notice',
  'bureau_check',
  'kfs_acknowledgement',
  'agreement_signature',
] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export const CONSENT_LABELS: Record<ConsentKind, string> = {
  sign_in_terms: 'Terms and conditions, and being contacted about your loan (at sign-in)',
  privacy_notice: 'Privacy policy (at sign-in)',
  bureau_check: 'Checking your credit report with a credit bureau',
  kfs_acknowledgement: 'Key Fact Statement accepted',
  agreement_signature: 'Loan agreement signed',
};

/**
 * What may be withdrawn from the dashboard: the bureau check, which is asked for before a decision and
 * is not needed to keep a loan. The terms and privacy policy are withdrawn by asking for the data to be
 * deleted (that ends the relationship); a KFS accepted and an agreement signed are records of a
 * contract, which is left in the cooling-off period, not by withdrawing a consent.
 */
export const WITHDRAWABLE_KINDS = ['bureau_check'] as const satisfies readonly ConsentKind[];
export type WithdrawableKind = (typeof WITHDRAWABLE_KINDS)[number];

export const isWithdrawable = (kind: string): kind is WithdrawableKind =>
  (WITHDRAWABLE_KINDS as readonly string[]).includes(kind);

/**
 * What the lender keeps after a withdrawal or a deletion request, and why: told to the customer on the
 * screen and stored with the request (privacy_requests.kept).
 */
export const WHAT_WE_KEEP = [
  'Your loan records (applications, Key Fact Statements, agreements, the loan account, payments and our messages about your loan) are kept for at least five years after your loan is closed or our relationship ends, as the RBI Master Direction on KYC (record keeping) and the Prevention of Money Laundering Act, 2002 and its Rules require.',
  'Your identity (KYC) records (PAN, address proof, photograph) are kept for the same five years, under the same rules.',
  'What we reported to the credit bureaus stays with them under the Credit Information Companies (Regulation) Act, 2005; we keep reporting a loan until it is closed.',
  'This record of your consents and of your request is kept with your loan records, so we can show what you agreed to and what you asked.',
] as const;

/** What a deletion request leads to: said as what happens, since staff act on it (nothing is deleted at once). */
export const WHAT_WE_DELETE =
  'Our team reviews your request and deletes what the law does not require us to keep (for example an application that never became a loan and the documents you uploaded for it), then tells you what was deleted and what was kept. Until then nothing is deleted, and we use your data only to service a loan you hold and to meet those obligations.';

/**
 * The words the customer ticks to accept a Key Fact Statement, by screen: with the quote (CalculateLoan)
 * and a statement issued on other terms (StoredStatements). The version on record hashes them with the
 * statement's own text.
 */
export const KFS_ACKNOWLEDGEMENT_LABELS = {
  quote: 'I have read and understood the Key Fact Statement.',
  statement: 'I have read and accept the Key Fact Statement.',
} as const;
