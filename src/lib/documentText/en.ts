/**
 * The Key Fact Statement's and the loan agreement's fixed words in English (docs/decisions.md "The KFS
 * and agreement in Hindi"): headings, labels, the Part 2 texts and the clauses' paragraphs. Figures are
 * given already formatted (src/lib/money.ts, src/lib/format.ts): only words live here. Its shape is the
 * type every other language's module must have, key for key (src/lib/documentText/hi.ts).
 */
import { AGREEMENT_CLAUSES, type AgreementClauseId } from '../agreement.ts';
import { CLASS_RANGES, type OverdueClass } from '../overdueClasses.ts';

/** One class of the overdue example: the class's name, the day it begins and what is then owed. */
export interface OverdueStep {
  name: string;
  date: string;
  owing: string;
}

const clauseTitles = Object.fromEntries(
  Object.entries(AGREEMENT_CLAUSES).map(([id, clause]) => [id, clause.title]),
) as Record<AgreementClauseId, string>;

export const en = {
  /** A page's number in the footer of every page of a PDF. */
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  /**
   * The lender's particulars in a PDF's letterhead and every page's footer: the words around the names,
   * addresses, numbers and e-mail addresses, which stay as registered (src/server/statements/statementPdf.ts).
   */
  lender: {
    registration: (kind: string, regulator: string, number: string, cin: string) =>
      `${kind} registered with the ${regulator}, registration no. ${number}; CIN ${cin}`,
    registeredOffice: (label: string, lines: string[]) => `${label}: ${lines.join(', ')}`,
    grievance: (officer: string) => `Grievances: ${officer}`,
    support: (email: string, phone: string) => `Support: ${email}, ${phone}`,
    /** The footer's contact line: the grievance line, then the support line. */
    contact: (grievance: string, support: string) => `${grievance}. ${support}.`,
  },
  /** The signature field of the agreement's PDF, as PDF readers show it in their signature panel. */
  signature: {
    reason: (title: string, agreementNo: string) => `${title} ${agreementNo}`,
    location: 'India',
    /** Who signs, when the borrower's name is not known. */
    signer: 'Borrower',
  },
  kfs: {
    title: 'Key Fact Statement',
    sections: {
      statement: 'Statement',
      part1: 'Part 1: Interest rate and fees and charges',
      contingent: 'Contingent charges',
      part2: 'Part 2: Other qualitative information',
    },
    labels: {
      kfsNo: 'KFS number',
      issued: 'Date issued',
      validUntil: 'Valid until',
      lender: 'Lender',
      loanNo: 'Loan account number',
      loanType: 'Type of loan',
      sanctioned: 'Sanctioned loan amount',
      disbursalSchedule: 'Disbursal schedule',
      disbursalStages: 'Disbursal in stages',
      term: 'Loan term',
      instalmentType: 'Type of instalment',
      instalmentCount: 'Number of instalments',
      instalmentAmount: 'Instalment amount',
      repaymentDate: 'Repayment date',
      rate: 'Interest rate and type',
      floating: 'Floating rate: benchmark, spread, reset and its impact',
      insurance: 'Insurance charges',
      valuation: 'Valuation fees',
      thirdParty: 'Fees payable to a third party through us',
      otherFee: 'Any other fee',
      apr: 'Annual percentage rate (APR)',
      net: 'Net amount paid into your account',
      interest: 'Total interest',
      total: 'Total amount to be paid',
      penal: 'Penal charge for late payment',
      afterDue: 'Interest after the due date',
      otherPenal: 'Other penal charges',
      foreclosure: 'Foreclosure or prepayment charge',
      switching: 'Charge for switching between floating and fixed rate',
      otherCharge: 'Any other charge',
      recovery: 'Recovery and collection',
      agents: 'Recovery agents',
      overdueClasses: 'Overdue classification (SMA and NPA)',
      creditReporting: 'Reporting to credit information companies',
      grievance: 'Grievance redressal officer',
      nodal: 'Nodal officer',
      escalation: 'Escalation to the RBI',
      transfer: 'Transfer or securitisation',
      coLending: 'Co-lending or other collaborative lending',
      coolingOff: 'Cooling-off period and exit',
      lsp: 'Lending service providers',
      lspRecovery: 'Lending service provider acting as recovery agent',
      excessRefund: 'Money paid beyond your dues',
    },
    notApplicable: 'Not applicable',
    nil: 'Nil',
    why: {
      stages: 'the whole amount is paid out at once',
      floating: 'the interest rate is fixed for the whole loan',
      insurance: 'no insurance is sold with the loan or required for it',
      valuation: 'the loan is unsecured: nothing is valued',
      thirdParty: 'no third party is paid anything',
      switching: 'the interest rate is fixed',
      coLending: (lender: string) => `the loan is funded by ${lender} alone: no partner lender, no blended rate`,
      lspRecovery: 'no lending service provider is engaged',
    },
    values: {
      kfsNoPending: 'Given when you accept the quote',
      loanNoPending: 'Given when the loan is paid out',
      validUntil: (date: string) => `${date} (accept by then for these terms to bind us)`,
      lender: (lender: string, brand: string, registration: string) => `${lender} (${brand}), ${registration}`,
      days: (days: number) => `${days} days`,
      repaymentOfLoan: (dueDate: string, due: string) => `${dueDate} (${due})`,
      repaymentIfDisbursed: (due: string, dueDate: string, issued: string) =>
        `${due} (${dueDate} if disbursed on ${issued})`,
      rate: (daily: string, annual: string, type: string) => `${daily} a day (${annual} a year), ${type.toLowerCase()}`,
      fee: (f: {
        amount: string;
        gstPercent: string;
        gst: string;
        payableTo: string;
        frequency: string;
        how: string;
      }) =>
        `${f.amount} plus ${f.gstPercent} GST of ${f.gst}; payable to ${f.payableTo}; ${f.frequency.toLowerCase()}; ${f.how.toLowerCase()}`,
      officerAnswers: (officer: string, days: number) => `${officer}; answers within ${days} days`,
      foreclosure: (amount: string) => `${amount}: close the loan early at any time`,
      /** How a row cites the agreement's clause that covers it. */
      see: (clause: string) => `See ${clause}.`,
      /** What ends a sentence, before a citation follows a value that has none. */
      stop: '.',
    },
    /** Words the statement stores as issued; another language shows its own when the stored words are these. */
    fixed: {
      loanType: 'Unsecured personal loan (short-term)',
      disbursalSchedule: '100% upfront, in one payment to your bank account',
      instalmentType: 'Bullet: one repayment of principal and interest at the end of the tenure',
      interestType: 'Fixed',
      feeName: 'Processing fee',
      feeFrequency: 'One-time',
      feeHowCollected: 'Deducted from the loan amount at disbursal',
      otherCharges: 'Nil. No other charge of any kind: nothing that this statement does not name can be charged.',
      agents:
        'No recovery agents are engaged. If one is ever engaged for your loan, you will be told their name and contact details before they contact you.',
      creditReporting:
        'We report your loan to the credit information companies (TransUnion CIBIL, Equifax, Experian and CRIF High Mark) on every reporting date the RBI sets: the amount lent, what you owe, any amount overdue and for how many days, and the dates the loan was opened and closed. Before a report first shows your loan overdue we tell you by SMS and e-mail; once you have repaid in full, the next report shows it closed.',
      lendingServiceProviders: 'None: the loan is offered, serviced and collected by the lender directly.',
      transfer:
        'Your loan may be assigned or securitised to another entity regulated by the RBI; you will be told in writing before it happens, and your terms will not change.',
    },
    /** The particulars' proper names, as another language writes them (English: themselves). */
    names: {} as Record<string, string>,
    texts: {
      registration: (kind: string, regulator: string, number: string) =>
        `${kind} registered with the ${regulator}, certificate ${number}`,
      instalmentDue: (days: number) => `${days} days after the disbursal date`,
      afterDueInterest: (rate: string, days: number, max: string) =>
        `Interest at the same ${rate} a day on the principal still unpaid after the due date, for at most ${days} days (at most ${max} if nothing is repaid), then no more interest.`,
      penalThreshold: (threshold: string | null) => (threshold ? `${threshold} or more` : 'anything'),
      penalCharge: (amount: string, gst: string, total: string, threshold: string) =>
        `${amount} plus ${gst} GST (${total}), charged once, the day after the due date, if ${threshold} is still unpaid at the end of the due date. Never compounded, no interest on it, never added to the principal.`,
      inHouse: (lender: string) =>
        `Collection is done by ${lender}'s own staff: reminders by SMS, e-mail and phone calls between 8 a.m. and 7 p.m., following the RBI's Fair Practices Code.`,
      overdueRanges: CLASS_RANGES as Record<OverdueClass, string>,
      overdueClasses: (names: Record<OverdueClass, string>, ranges: Record<OverdueClass, string>, example: string) =>
        `If anything is unpaid at the end of the due date, the RBI requires us to classify the loan every day by how long it has been overdue: ${names.sma0} ${ranges.sma0}, ${names.sma1} ${ranges.sma1}, ${names.sma2} ${ranges.sma2}, and ${names.npa} when ${ranges.npa}; the class is reported to the credit information companies. Example: ${example}. It returns to standard only when everything overdue is paid; paying a part does not. We tell you by SMS and e-mail the first time it enters each class.`,
      overdueExample: (
        principal: string,
        dueDate: string,
        owed: string,
        steps: [OverdueStep, OverdueStep, OverdueStep, OverdueStep],
      ) => {
        const step = (s: OverdueStep) => `${s.name} from ${s.date} (owing ${s.owing})`;
        return `a loan of ${principal} due on ${dueDate} with ${owed} to repay, and not repaid, is ${step(steps[0])}, ${step(steps[1])}, ${step(steps[2])} and ${step(steps[3])}`;
      },
      excessRefund: (days: number) =>
        `If you pay more than you owe, or pay twice, we refund the extra within ${days} days of receiving it, to the card or account you paid from or by bank transfer; your dashboard shows the refund until it is paid.`,
      escalation: (days: number, portal: string) =>
        `If your complaint is not resolved within ${days} days, or you are not satisfied with the answer, you may complain to the RBI at ${portal} (Reserve Bank - Integrated Ombudsman Scheme).`,
      coolingOff: (c: {
        days: number;
        fee: string;
        gst: string;
        issued: string;
        exitDate: string;
        exitTotal: string;
        principal: string;
        interest: string;
      }) =>
        `For ${c.days} days after disbursal you may exit the loan by repaying the principal and the interest for the days you held it, with no penalty. The processing fee of ${c.fee} and its GST of ${c.gst}, deducted at disbursal, are not refunded. Example: disbursed on ${c.issued} and exited on ${c.exitDate}, the last cooling-off day, you repay ${c.exitTotal} (${c.principal} principal and ${c.interest} interest).`,
    },
    summary: {
      headline: (received: string, repaid: string, dueDate: string) =>
        `You receive ${received}, repay ${repaid} on ${dueDate}`,
      noteLoan: (loanNo: string, amount: string, days: number, rate: string) =>
        `Loan ${loanNo}: ${amount} lent for ${days} days at ${rate} a day, in one repayment.`,
      notePreview: (issued: string, amount: string, days: number, rate: string, due: string) =>
        `If the loan is paid out on ${issued}: ${amount} for ${days} days at ${rate} a day, repaid in one payment ${due}.`,
    },
    pdf: {
      copySaved: (stamp: string) =>
        `Copy saved on ${stamp}. This is the statement as issued; it is computer-generated and needs no signature.`,
    },
    screen: {
      print: 'Print',
      save: 'Save a Copy',
      preparing: 'Preparing…',
      saved: (file: string) => `Saved ${file}.`,
    },
  },
  agreement: {
    title: 'Loan agreement',
    clauseTitles,
    /** "clause 7 (Overdue classification (SMA and NPA)) of the loan agreement". */
    cite: (number: number, title: string) => `clause ${number} (${title}) of the loan agreement`,
    theBorrower: 'the borrower',
    onStatement: (kfsTitle: string, kfsNo: string, leadId: number, date: string) =>
      `On ${kfsTitle} ${kfsNo}, application ${leadId}, ${date}`,
    signedBy: (borrower: string, lender: string) =>
      `Signed electronically by the borrower, ${borrower}. For ${lender}: issued electronically.`,
    annex: (kfsTitle: string, kfsNo: string) => `Annex: ${kfsTitle} ${kfsNo}`,
    clauses: {
      parties: (p: {
        date: string;
        lender: string;
        brand: string;
        registration: string;
        office: string;
        borrower: string;
        pan: string | null;
        leadId: number;
      }) =>
        `This agreement is made on ${p.date} between ${p.lender} (${p.brand}), ${p.registration}, ${p.office} (the lender), and ${p.borrower}${p.pan ? `, PAN ${p.pan}` : ''} (the borrower), for the borrower's application ${p.leadId}.`,
      lends: (amount: string, loanType: string, days: number, schedule: string) =>
        `The lender lends the borrower ${amount} (${loanType.toLowerCase()}) for ${days} days. Disbursal: ${schedule.toLowerCase()}.`,
      net: (net: string, feesClause: number) =>
        `The net amount paid into the borrower's bank account is ${net}, the amount lent less the fees of clause ${feesClause}.`,
      interest: (daily: string, annual: string, type: string, interest: string, apr: string) =>
        `Interest is ${daily} a day (${annual} a year), ${type.toLowerCase()} for the whole loan, charged on the principal outstanding for each day it is outstanding. It comes to ${interest} over the loan term. The annual percentage rate (APR) is ${apr}.`,
      fee: (f: {
        name: string;
        amount: string;
        gstPercent: string;
        gst: string;
        payableTo: string;
        frequency: string;
        how: string;
      }) =>
        `${f.name}: ${f.amount} plus ${f.gstPercent} GST of ${f.gst}, payable to ${f.payableTo}, ${f.frequency.toLowerCase()}, ${f.how.toLowerCase()}.`,
      noFee: 'No fee is charged.',
      noOtherFee:
        'No other fee or charge of any kind is payable: nothing that this agreement and its Key Fact Statement do not name can be charged.',
      repays: (r: { type: string; total: string; count: number; due: string; dueDate: string; issued: string }) =>
        `${r.type}. The borrower repays ${r.total} in ${r.count} instalment, ${r.due} (${r.dueDate} if disbursed on ${r.issued}); the loan's own due date is confirmed by SMS and e-mail at disbursal.`,
      prepayment: (foreclosure: string) =>
        `The borrower may repay the whole loan at any time before the due date, paying the interest for the days held only: the foreclosure or prepayment charge is ${foreclosure}. Each payment is applied to charges, then interest, then principal.`,
      afterDueInterest: (text: string) => `Interest after the due date: ${text}`,
      penalCharge: (text: string) => `Penal charge: ${text}`,
      otherCharges: (text: string) => `Other charges: ${text}`,
      conduct:
        'Nobody acting for the lender will threaten, abuse or shame the borrower, contact the borrower’s family, friends or employer about the loan, or call outside 8 a.m. to 7 p.m.',
      lendingServiceProviders: (text: string) => `Lending service providers: ${text}`,
      grievanceOfficer: (officer: string, days: number) =>
        `Grievance redressal officer: ${officer}; complaints are answered within ${days} days.`,
      nodalOfficer: (officer: string) => `Nodal officer: ${officer}.`,
      annexed: (kfsNo: string) =>
        `The Key Fact Statement ${kfsNo} accepted by the borrower is the annex of this agreement and part of it. Its figures are the figures of this loan.`,
      esign:
        'The borrower signs this agreement electronically (Aadhaar eSign through an e-sign service provider); the electronic signature binds as a signature on paper does (Information Technology Act, 2000, section 3A and the Second Schedule). The borrower may download the signed agreement from the dashboard at any time.',
    },
  },
};

/** What every language's module holds: the English module's keys, each with its kind of value. */
export type DocumentTexts = typeof en;
