/**
 * The loan agreement (issue 24): its numbered clauses, which the Key Fact Statement's Part 2 may cite by
 * id ("clause 7"), its number, where a customer asks for it and what its states are called. Shared by
 * the server (src/server/agreement/), the dashboard and the KFS; the clauses' words are drawn from the
 * accepted statement by src/server/statements/agreementPdf.ts (drawn with the other PDFs).
 */

export const AGREEMENT_TITLE = 'Loan agreement';

/** Every clause of the agreement, in order: its number and its English heading (other languages: src/lib/documentText/). */
export const AGREEMENT_CLAUSES = {
  parties: { number: 1, title: 'Parties' },
  loan: { number: 2, title: 'The loan and its disbursal' },
  interest: { number: 3, title: 'Interest' },
  fees: { number: 4, title: 'Fees' },
  repayment: { number: 5, title: 'Repayment and prepayment' },
  afterDueDate: { number: 6, title: 'Charges after the due date' },
  overdueClasses: { number: 7, title: 'Overdue classification (SMA and NPA)' },
  creditReporting: { number: 8, title: 'Reporting to credit information companies' },
  recovery: { number: 9, title: 'Recovery and collection' },
  coolingOff: { number: 10, title: 'Cooling-off period and exit' },
  transfer: { number: 11, title: 'Transfer and securitisation' },
  grievance: { number: 12, title: 'Grievance redressal' },
  keyFactStatement: { number: 13, title: 'The Key Fact Statement and electronic signature' },
} as const;
export type AgreementClauseId = keyof typeof AGREEMENT_CLAUSES;

/*
 * How another document cites a clause, in its language ("clause 7 (Overdue classification (SMA and NPA))
 * of the loan agreement"): clauseCitation in src/lib/documentText/index.ts, the number from here.
 */

/** One agreement per accepted statement, numbered after it: "AGR-000123" for KFS-000123. */
export const agreementNumber = (kfsNo: string) => kfsNo.replace(/^KFS-/, 'AGR-');

/** Where the agreement stands: drawn and not yet sent to sign, at the e-sign provider, or its outcome. */
export const AGREEMENT_STATES = ['unsigned', 'pending', 'signed', 'declined', 'expired'] as const;
export type AgreementState = (typeof AGREEMENT_STATES)[number];

/** What each state is called on the customer's screen. */
export const AGREEMENT_STATE_LABELS: Record<AgreementState, string> = {
  unsigned: 'Not signed yet',
  pending: 'Waiting for your e-signature',
  signed: 'Signed',
  declined: 'You declined to sign',
  expired: 'The signing request expired',
};

/** The answer while there is nothing to sign yet: the dashboard shows no agreement panel then. */
export const NO_AGREEMENT = 'Your loan agreement is ready once you have accepted the Key Fact Statement.';

/** The customer's routes (session): ask to sign, where it stands (asks the provider when pending), the PDF. */
export const AGREEMENT_API = {
  sign: '/Api/Website/signLoanAgreement',
  status: '/Api/Website/getLoanAgreement',
  download: '/Api/Website/downloadLoanAgreement',
} as const;

/** The PDF's file name, as the server names it and the dashboard saves it. */
export const agreementFileName = (agreementNo: string, signed: boolean) =>
  `loan-agreement-${agreementNo}${signed ? '-signed' : ''}.pdf`;
