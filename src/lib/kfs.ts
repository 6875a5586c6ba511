/**
 * The Key Fact Statement (RBI/2024-25/18, Annex A, with the digital lending directions' items): Part 1
 * (interest rate, fees and charges, APR, contingent charges) and Part 2 (recovery, grievance redressal,
 * cooling-off and exit, lending service providers, transfer and securitisation). Every figure comes
 * from the rates module, the servicing terms and the loan account module (`accountOn`), never typed,
 * so the statement and the loan it binds agree to the paisa. Pure: the caller gives the dates.
 *
 * The statement is stored exactly as built (key_fact_statements.content) and shown from what is
 * stored: `kfsSections` turns it into the labelled rows the dashboard, the e-mail and the tests read.
 */

import type * as v from 'valibot';
import { CURRENT_ACCOUNT_RULES } from './accountRules.ts';
import { addDays } from './dates.ts';
import { formatDate, formatPercent } from './format.ts';
import { type AccountTerms, accountOn, coolingOffUntil } from './loanAccount.ts';
import { servicingTerms } from './loanTerms.ts';
import { formatPaise } from './money.ts';
import { CLASS_NAMES, CLASS_RANGES, classBegins, type OverdueClass } from './overdueClasses.ts';
import { loanCost, percentToHundredths } from './rates.ts';
import type { KeyFactStatementAnswer, StoredStatementsAnswer } from './schemas/answers/kfs.ts';
import type { Site } from './site.ts';
import { addWorkingDays } from './workingDays.ts';

export const KFS_TITLE = 'Key Fact Statement';

/** The statement's shape is its answer's schema (src/lib/schemas/answers/kfs.ts): one definition. */
export type KeyFactStatement = v.InferOutput<typeof KeyFactStatementAnswer>;
type KfsFee = KeyFactStatement['fees'][number];
type KfsOfficer = KeyFactStatement['nodal_officer'];

/**
 * The last day a statement issued on `issuedOn` can be accepted: `workingDays` working days after the
 * issue date, from the calendar (src/lib/workingDays.ts: Sundays, second and fourth Saturdays and the
 * public holidays of content/holidays.json do not count), so one issued before a holiday keeps them all.
 */
export function kfsValidUntil(issuedOn: string, workingDays: number): string {
  return addWorkingDays(issuedOn, workingDays);
}

/** "KFS-000123" from the sequence's value. */
export const kfsNumber = (n: number | string): string => `KFS-${String(n).padStart(6, '0')}`;

export interface KfsInput {
  amountPaise: number;
  tenureDays: number;
  dailyRatePercent: number;
  /** India's date of issue; also the disbursal date the example figures assume. */
  issuedOn: string;
  kfsNo: string | null;
}

export function keyFactStatement(data: Site, loan: KfsInput): KeyFactStatement {
  const cost = loanCost({
    principalPaise: loan.amountPaise,
    days: loan.tenureDays,
    dailyRatePercent: loan.dailyRatePercent,
    processingFeePercent: data.loan.processingFeePercent,
    gstPercent: data.loan.gstPercent,
  });
  const terms = servicingTerms(data.loan, loan.amountPaise);
  const rateHundredths = percentToHundredths(loan.dailyRatePercent);
  const account = {
    principalPaise: loan.amountPaise,
    dailyRateHundredths: rateHundredths,
    tenureDays: loan.tenureDays,
    disbursalDate: loan.issuedOn,
    overdueInterestDaysMax: terms.overdueInterestDaysMax,
    penalChargePaise: terms.penalChargePaise,
    penalGstPaise: terms.penalGstPaise,
    penalThresholdPaise: terms.penalThresholdPaise,
    // A statement offers a loan to be made now, under today's rules.
    rules: CURRENT_ACCOUNT_RULES,
  };
  // The figures of the loan account module: what falls due on the due date with nothing paid before.
  const onDue = accountOn(account, [], addDays(loan.issuedOn, loan.tenureDays));
  const interest = onDue.interestChargedPaise;
  const repayable = onDue.balance.totalPaise;
  // The most after-due-date interest can come to: every allowed day on the whole principal.
  const lastInterestDay = addDays(loan.issuedOn, loan.tenureDays + terms.overdueInterestDaysMax);
  const afterDueInterest =
    accountOn({ ...account, penalChargePaise: 0, penalGstPaise: 0 }, [], lastInterestDay).interestChargedPaise -
    interest;
  const exitDate = coolingOffUntil(loan.issuedOn, terms.coolingOffDays);
  const exit = accountOn(account, [], exitDate);
  const lender = data.legalName;
  const penalTotal = terms.penalChargePaise + terms.penalGstPaise;
  const grievance = data.grievanceOfficer;
  const escalationDays = grievance.responseDays;
  return {
    kfs_no: loan.kfsNo,
    issued_on: loan.issuedOn,
    valid_until: kfsValidUntil(loan.issuedOn, data.loan.kfsValidityWorkingDays),
    lender,
    brand: data.brand,
    lender_registration: `${data.registration.kind} registered with the ${data.registration.regulator}, certificate ${data.registration.number}`,
    loan_type: 'Unsecured personal loan (short-term)',
    sanctioned_amount_paise: cost.principalPaise,
    disbursal_schedule: '100% upfront, in one payment to your bank account',
    tenure_days: cost.days,
    instalment: {
      type: 'Bullet: one repayment of principal and interest at the end of the tenure',
      count: 1,
      amount_paise: repayable,
      due: `${loan.tenureDays} days after the disbursal date`,
      due_if_disbursed_on_issue: onDue.dueDate,
    },
    daily_rate_percent: loan.dailyRatePercent,
    daily_rate_hundredths: rateHundredths,
    annual_rate_percent: cost.annualRatePercent,
    interest_type: 'Fixed',
    fees: [
      {
        name: 'Processing fee',
        amount_paise: terms.processingFeePaise,
        gst_percent: data.loan.gstPercent,
        gst_paise: terms.gstOnFeePaise,
        payable_to: lender,
        frequency: 'One-time',
        how_collected: 'Deducted from the loan amount at disbursal',
      },
    ],
    processing_fee_paise: terms.processingFeePaise,
    gst_on_fee_paise: terms.gstOnFeePaise,
    apr_percent: cost.aprPercent,
    disbursed_amount_paise: loan.amountPaise - terms.processingFeePaise - terms.gstOnFeePaise,
    interest_paise: interest,
    total_repayable_paise: repayable,
    contingent: {
      after_due_date_interest: {
        daily_rate_percent: loan.dailyRatePercent,
        days_max: terms.overdueInterestDaysMax,
        max_paise: afterDueInterest,
        text: `Interest at the same ${formatPercent(loan.dailyRatePercent)} a day on the principal still unpaid after the due date, for at most ${terms.overdueInterestDaysMax} days (at most ${formatPaise(afterDueInterest)} if nothing is repaid), then no more interest.`,
      },
      penal_charge: {
        amount_paise: terms.penalChargePaise,
        gst_percent: data.loan.afterDueDate.penalChargeGstPercent,
        gst_paise: terms.penalGstPaise,
        total_paise: penalTotal,
        threshold_paise: terms.penalThresholdPaise,
        text: `${formatPaise(terms.penalChargePaise)} plus ${formatPaise(terms.penalGstPaise)} GST (${formatPaise(penalTotal)}), charged once, the day after the due date, if ${penalThresholdText(terms.penalThresholdPaise)} is still unpaid at the end of the due date. Never compounded, no interest on it, never added to the principal.`,
      },
      foreclosure_charge_paise: 0,
      text_other: 'Nil. No other charge of any kind: nothing that this statement does not name can be charged.',
    },
    recovery: {
      in_house: `Collection is done by ${lender}'s own staff: reminders by SMS, e-mail and phone calls between 8 a.m. and 7 p.m., following the RBI's Fair Practices Code.`,
      agents:
        'No recovery agents are engaged. If one is ever engaged for your loan, you will be told their name and contact details before they contact you.',
      overdue_classes: overdueClassesText(account, onDue.dueDate),
    },
    credit_reporting: CREDIT_REPORTING,
    excess_refund: {
      days: data.loan.refundDays,
      text: `If you pay more than you owe, or pay twice, we refund the extra within ${data.loan.refundDays} days of receiving it, to the card or account you paid from or by bank transfer; your dashboard shows the refund until it is paid.`,
    },
    grievance_officer: {
      name: grievance.name,
      designation: grievance.designation,
      email: grievance.email,
      phone: grievance.phone,
      response_days: grievance.responseDays,
    },
    nodal_officer: { ...data.nodalOfficer },
    complaint_escalation: {
      after_days: escalationDays,
      portal: data.regulatorLinks.complaints,
      text: `If your complaint is not resolved within ${escalationDays} days, or you are not satisfied with the answer, you may complain to the RBI at ${data.regulatorLinks.complaints} (Reserve Bank - Integrated Ombudsman Scheme).`,
    },
    cooling_off: {
      days: terms.coolingOffDays,
      example_exit_date: exitDate,
      example_interest_paise: exit.interestChargedPaise,
      example_exit_paise: exit.balance.totalPaise,
      fee_kept_paise: terms.processingFeePaise,
      gst_kept_paise: terms.gstOnFeePaise,
      text: `For ${terms.coolingOffDays} days after disbursal you may exit the loan by repaying the principal and the interest for the days you held it, with no penalty. The processing fee of ${formatPaise(terms.processingFeePaise)} and its GST of ${formatPaise(terms.gstOnFeePaise)}, deducted at disbursal, are not refunded. Example: disbursed on ${formatDate(loan.issuedOn)} and exited on ${formatDate(exitDate)}, the last cooling-off day, you repay ${formatPaise(exit.balance.totalPaise)} (${formatPaise(loan.amountPaise)} principal and ${formatPaise(exit.interestChargedPaise)} interest).`,
    },
    lending_service_providers: 'None: the loan is offered, serviced and collected by the lender directly.',
    transfer_securitisation:
      'Your loan may be assigned or securitised to another entity regulated by the RBI; you will be told in writing before it happens, and your terms will not change.',
    terms,
  };
}

/** Part 2: that the loan is reported to the credit information companies (issue 23). */
const CREDIT_REPORTING =
  'We report your loan to the credit information companies (TransUnion CIBIL, Equifax, Experian and CRIF High Mark) on every reporting date the RBI sets: the amount lent, what you owe, any amount overdue and for how many days, and the dates the loan was opened and closed. Before a report first shows your loan overdue we tell you by SMS and e-mail; once you have repaid in full, the next report shows it closed.';

/**
 * The RBI's classes of an overdue loan with a worked example (the RBI asks lenders to give examples of
 * SMA and NPA dates: src/lib/overdueClasses.ts, docs/decisions.md "Overdue: days past due, SMA and NPA"):
 * the date each class begins for a loan due on `dueDate` and left unpaid, and what it then owes, from the
 * loan account module. The KFS gives it with the loan's own figures, the rates page with its worked example.
 */
export function overdueClassesExample(account: AccountTerms, dueDate: string): string {
  const on = (overdueClass: OverdueClass) => {
    const date = classBegins(dueDate, overdueClass);
    return `${CLASS_NAMES[overdueClass]} from ${formatDate(date)} (owing ${formatPaise(accountOn(account, [], date).balance.totalPaise)})`;
  };
  const owed = accountOn(account, [], dueDate).balance.totalPaise;
  return `a loan of ${formatPaise(account.principalPaise)} due on ${formatDate(dueDate)} with ${formatPaise(owed)} to repay, and not repaid, is ${on('sma0')}, ${on('sma1')}, ${on('sma2')} and ${on('npa')}`;
}

function overdueClassesText(account: AccountTerms, dueDate: string): string {
  return `If anything is unpaid at the end of the due date, the RBI requires us to classify the loan every day by how long it has been overdue: ${CLASS_NAMES.sma0} ${CLASS_RANGES.sma0}, ${CLASS_NAMES.sma1} ${CLASS_RANGES.sma1}, ${CLASS_NAMES.sma2} ${CLASS_RANGES.sma2}, and ${CLASS_NAMES.npa} when ${CLASS_RANGES.npa}; the class is reported to the credit information companies. Example: ${overdueClassesExample(account, dueDate)}. It returns to standard only when everything overdue is paid; paying a part does not. We tell you by SMS and e-mail the first time it enters each class.`;
}

/** When the penal charge applies: "anything" with no threshold, else "₹100 or more". */
export const penalThresholdText = (thresholdPaise: number) =>
  thresholdPaise > 0 ? `${formatPaise(thresholdPaise)} or more` : 'anything';

/** The loan made on a statement, once it is paid out: its account number and its own due date. */
export interface KfsLoan {
  loan_no: string;
  due_date: string;
}

/** Annex A rows that do not apply to this loan are stated, not left out (RBI/2024-25/18; issue 24). */
const NOT_APPLICABLE = 'Not applicable';
const na = (why: string) => `${NOT_APPLICABLE}: ${why}`;

/**
 * The statement in one sentence, for the top of the screen and the PDF (issue 25, finding 10): what
 * reaches the bank account, what is repaid and when: the loan's own due date once it is paid out,
 * else the date the statement gives for a loan paid out on its issue date.
 */
export function kfsSummary(kfs: KeyFactStatement, loan?: KfsLoan | null): { headline: string; note: string } {
  const due = loan?.due_date ?? kfs.instalment.due_if_disbursed_on_issue;
  return {
    headline: `You receive ${formatPaise(kfs.disbursed_amount_paise)}, repay ${formatPaise(kfs.total_repayable_paise)} on ${formatDate(due)}`,
    note: loan
      ? `Loan ${loan.loan_no}: ${formatPaise(kfs.sanctioned_amount_paise)} lent for ${kfs.tenure_days} days at ${formatPercent(kfs.daily_rate_percent)} a day, in one repayment.`
      : `If the loan is paid out on ${formatDate(kfs.issued_on)}: ${formatPaise(kfs.sanctioned_amount_paise)} for ${kfs.tenure_days} days at ${formatPercent(kfs.daily_rate_percent)} a day, repaid in one payment ${kfs.instalment.due}.`,
  };
}

/**
 * The statement as titled sections of label and value, in the order of Annex A of RBI/2024-25/18 (Part 1
 * items 1 to 10, the APR's figures of Annex B, Part 2 items 1 to 6): what the screen, the PDF and the
 * tests read. `loan`: the loan made on it, whose account number it then shows.
 */
export function kfsSections(
  kfs: KeyFactStatement,
  loan?: KfsLoan | null,
): { title: string; rows: [string, string][] }[] {
  const fee = (f: KfsFee): [string, string] => [
    f.name,
    `${formatPaise(f.amount_paise)} plus ${formatPercent(f.gst_percent)} GST of ${formatPaise(f.gst_paise)}; payable to ${f.payable_to}; ${f.frequency.toLowerCase()}; ${f.how_collected.toLowerCase()}`,
  ];
  const officer = (o: KfsOfficer) => `${o.name}, ${o.designation}, ${o.email}, ${o.phone}`;
  const c = kfs.contingent;
  // Statements issued before a row existed do not carry it: they are shown as they were issued.
  const optional = (label: string, value: string | undefined): [string, string][] => (value ? [[label, value]] : []);
  return [
    {
      title: 'Statement',
      rows: [
        ['KFS number', kfs.kfs_no ?? 'Given when you accept the quote'],
        ['Date issued', formatDate(kfs.issued_on)],
        ['Valid until', `${formatDate(kfs.valid_until)} (accept by then for these terms to bind us)`],
        ['Lender', `${kfs.lender} (${kfs.brand}), ${kfs.lender_registration}`],
      ],
    },
    {
      title: 'Part 1: Interest rate and fees and charges',
      rows: [
        ['Loan account number', loan?.loan_no ?? 'Given when the loan is paid out'],
        ['Type of loan', kfs.loan_type],
        ['Sanctioned loan amount', formatPaise(kfs.sanctioned_amount_paise)],
        ['Disbursal schedule', kfs.disbursal_schedule],
        ['Disbursal in stages', na('the whole amount is paid out at once')],
        ['Loan term', `${kfs.tenure_days} days`],
        ['Type of instalment', kfs.instalment.type],
        ['Number of instalments', String(kfs.instalment.count)],
        ['Instalment amount', formatPaise(kfs.instalment.amount_paise)],
        [
          'Repayment date',
          loan
            ? `${formatDate(loan.due_date)} (${kfs.instalment.due})`
            : `${kfs.instalment.due} (${formatDate(kfs.instalment.due_if_disbursed_on_issue)} if disbursed on ${formatDate(kfs.issued_on)})`,
        ],
        [
          'Interest rate and type',
          `${formatPercent(kfs.daily_rate_percent)} a day (${formatPercent(kfs.annual_rate_percent)} a year), ${kfs.interest_type.toLowerCase()}`,
        ],
        ['Floating rate: benchmark, spread, reset and its impact', na('the interest rate is fixed for the whole loan')],
        ...kfs.fees.map(fee),
        ['Insurance charges', na('no insurance is sold with the loan or required for it')],
        ['Valuation fees', na('the loan is unsecured: nothing is valued')],
        ['Fees payable to a third party through us', na('no third party is paid anything')],
        ['Any other fee', 'Nil'],
        ['Annual percentage rate (APR)', formatPercent(kfs.apr_percent)],
        ['Net amount paid into your account', formatPaise(kfs.disbursed_amount_paise)],
        ['Total interest', formatPaise(kfs.interest_paise)],
        ['Total amount to be paid', formatPaise(kfs.total_repayable_paise)],
      ],
    },
    {
      title: 'Contingent charges',
      rows: [
        ['Penal charge for late payment', c.penal_charge.text],
        ['Interest after the due date', c.after_due_date_interest.text],
        ['Other penal charges', 'Nil'],
        [
          'Foreclosure or prepayment charge',
          `${formatPaise(c.foreclosure_charge_paise)}: close the loan early at any time`,
        ],
        ['Charge for switching between floating and fixed rate', na('the interest rate is fixed')],
        ['Any other charge', c.text_other],
      ],
    },
    {
      title: 'Part 2: Other qualitative information',
      rows: [
        ['Recovery and collection', kfs.recovery.in_house],
        ['Recovery agents', kfs.recovery.agents],
        ...optional('Overdue classification (SMA and NPA)', kfs.recovery.overdue_classes),
        ...optional('Reporting to credit information companies', kfs.credit_reporting),
        [
          'Grievance redressal officer',
          `${officer(kfs.grievance_officer)}; answers within ${kfs.grievance_officer.response_days} days`,
        ],
        ['Nodal officer', officer(kfs.nodal_officer)],
        ['Escalation to the RBI', kfs.complaint_escalation.text],
        ['Transfer or securitisation', kfs.transfer_securitisation],
        [
          'Co-lending or other collaborative lending',
          na(`the loan is funded by ${kfs.lender} alone: no partner lender, no blended rate`),
        ],
        ['Cooling-off period and exit', kfs.cooling_off.text],
        ['Lending service providers', kfs.lending_service_providers],
        ['Lending service provider acting as recovery agent', na('no lending service provider is engaged')],
        ...optional('Money paid beyond your dues', kfs.excess_refund?.text),
      ],
    },
  ];
}

/** One of the customer's statements as a PDF (session route, src/server/kfs/routes.ts). */
export const KFS_PDF_PATH = '/Api/Website/downloadKeyFactStatement';

/** The KFS PDF's file name, as the server names it and the dashboard saves it. */
export const kfsFileName = (kfsNo: string) => `key-fact-statement-${kfsNo}.pdf`;

/** The customer's own statements of one application, latest first (session route). */
export const KFS_STATEMENTS_PATH = '/Api/Website/getKeyFactStatements';

export type StoredKeyFactStatement = v.InferOutput<typeof StoredStatementsAnswer>['statements'][number];
/** Where a stored statement stands for the customer. */
export type KfsStanding = StoredKeyFactStatement['standing'];
