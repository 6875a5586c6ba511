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
import type { AgreementClauseId } from './agreement.ts';
import { addDays } from './dates.ts';
import type { DocumentTexts } from './documentText/en.ts';
import { clauseCitation, documentTexts } from './documentText/index.ts';
import { DEFAULT_LANGUAGE, type DocumentLanguage } from './documentText/languages.ts';
import { formatDate, formatPercent } from './format.ts';
import { type AccountTerms, accountOn, coolingOffUntil } from './loanAccount.ts';
import { servicingTerms } from './loanTerms.ts';
import { formatPaise } from './money.ts';
import { CLASS_NAMES, classBegins } from './overdueClasses.ts';
import { loanCost, percentToHundredths } from './rates.ts';
import type { KeyFactStatementAnswer, StoredStatementsAnswer } from './schemas/answers/kfs.ts';
import type { Site } from './site.ts';
import { addWorkingDays } from './workingDays.ts';

/** The words the statement is issued and stored in (src/lib/documentText/en.ts). */
const EN = documentTexts('en');

export const KFS_TITLE = EN.kfs.title;

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
    lender_registration: EN.kfs.texts.registration(
      data.registration.kind,
      data.registration.regulator,
      data.registration.number,
    ),
    loan_type: EN.kfs.fixed.loanType,
    sanctioned_amount_paise: cost.principalPaise,
    disbursal_schedule: EN.kfs.fixed.disbursalSchedule,
    tenure_days: cost.days,
    instalment: {
      type: EN.kfs.fixed.instalmentType,
      count: 1,
      amount_paise: repayable,
      due: EN.kfs.texts.instalmentDue(loan.tenureDays),
      due_if_disbursed_on_issue: onDue.dueDate,
    },
    daily_rate_percent: loan.dailyRatePercent,
    daily_rate_hundredths: rateHundredths,
    annual_rate_percent: cost.annualRatePercent,
    interest_type: 'Fixed',
    fees: [
      {
        name: EN.kfs.fixed.feeName,
        amount_paise: terms.processingFeePaise,
        gst_percent: data.loan.gstPercent,
        gst_paise: terms.gstOnFeePaise,
        payable_to: lender,
        frequency: 'One-time',
        how_collected: EN.kfs.fixed.feeHowCollected,
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
        text: EN.kfs.texts.afterDueInterest(
          formatPercent(loan.dailyRatePercent),
          terms.overdueInterestDaysMax,
          formatPaise(afterDueInterest),
        ),
      },
      penal_charge: {
        amount_paise: terms.penalChargePaise,
        gst_percent: data.loan.afterDueDate.penalChargeGstPercent,
        gst_paise: terms.penalGstPaise,
        total_paise: penalTotal,
        threshold_paise: terms.penalThresholdPaise,
        text: EN.kfs.texts.penalCharge(
          formatPaise(terms.penalChargePaise),
          formatPaise(terms.penalGstPaise),
          formatPaise(penalTotal),
          penalThresholdText(terms.penalThresholdPaise),
        ),
      },
      foreclosure_charge_paise: 0,
      text_other: EN.kfs.fixed.otherCharges,
    },
    recovery: {
      in_house: EN.kfs.texts.inHouse(lender),
      agents: EN.kfs.fixed.agents,
      overdue_classes: overdueClassesText(account, onDue.dueDate, 'en'),
    },
    credit_reporting: EN.kfs.fixed.creditReporting,
    excess_refund: {
      days: data.loan.refundDays,
      text: EN.kfs.texts.excessRefund(data.loan.refundDays),
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
      text: EN.kfs.texts.escalation(escalationDays, data.regulatorLinks.complaints),
    },
    cooling_off: {
      days: terms.coolingOffDays,
      example_exit_date: exitDate,
      example_interest_paise: exit.interestChargedPaise,
      example_exit_paise: exit.balance.totalPaise,
      fee_kept_paise: terms.processingFeePaise,
      gst_kept_paise: terms.gstOnFeePaise,
      text: EN.kfs.texts.coolingOff({
        days: terms.coolingOffDays,
        fee: formatPaise(terms.processingFeePaise),
        gst: formatPaise(terms.gstOnFeePaise),
        issued: formatDate(loan.issuedOn),
        exitDate: formatDate(exitDate),
        exitTotal: formatPaise(exit.balance.totalPaise),
        principal: formatPaise(loan.amountPaise),
        interest: formatPaise(exit.interestChargedPaise),
      }),
    },
    lending_service_providers: EN.kfs.fixed.lendingServiceProviders,
    transfer_securitisation: EN.kfs.fixed.transfer,
    terms,
  };
}

/**
 * The RBI's classes of an overdue loan with a worked example (the RBI asks lenders to give examples of
 * SMA and NPA dates: src/lib/overdueClasses.ts, docs/decisions.md "Overdue: days past due, SMA and NPA"):
 * the date each class begins for a loan due on `dueDate` and left unpaid, and what it then owes, from the
 * loan account module. The KFS gives it with the loan's own figures, the rates page with its worked example.
 */
export function overdueClassesExample(
  account: AccountTerms,
  dueDate: string,
  lang: DocumentLanguage = DEFAULT_LANGUAGE,
): string {
  const step = (overdueClass: 'sma0' | 'sma1' | 'sma2' | 'npa') => {
    const date = classBegins(dueDate, overdueClass);
    return {
      name: CLASS_NAMES[overdueClass],
      date: formatDate(date),
      owing: formatPaise(accountOn(account, [], date).balance.totalPaise),
    };
  };
  const owed = accountOn(account, [], dueDate).balance.totalPaise;
  return documentTexts(lang).kfs.texts.overdueExample(
    formatPaise(account.principalPaise),
    formatDate(dueDate),
    formatPaise(owed),
    [step('sma0'), step('sma1'), step('sma2'), step('npa')],
  );
}

function overdueClassesText(account: AccountTerms, dueDate: string, lang: DocumentLanguage): string {
  const { texts } = documentTexts(lang).kfs;
  return texts.overdueClasses(CLASS_NAMES, texts.overdueRanges, overdueClassesExample(account, dueDate, lang));
}

/** When the penal charge applies: "anything" with no threshold, else "₹100 or more". */
export const penalThresholdText = (thresholdPaise: number, lang: DocumentLanguage = DEFAULT_LANGUAGE) =>
  documentTexts(lang).kfs.texts.penalThreshold(thresholdPaise > 0 ? formatPaise(thresholdPaise) : null);

/** The loan made on a statement, once it is paid out: its account number and its own due date. */
export interface KfsLoan {
  loan_no: string;
  due_date: string;
}

/**
 * The words of a stored statement in `lang`. In English, its texts exactly as issued and stored. In
 * another language, the same texts written again from the statement's own stored figures (never
 * recomputed from today's rates: the figures are the statement's); a text the statement stores in
 * words other than today's English ones (issued before they changed) stays as issued.
 */
export function statementWords(kfs: KeyFactStatement, lang: DocumentLanguage = DEFAULT_LANGUAGE) {
  const c = kfs.contingent;
  if (lang === 'en') {
    return {
      loanType: kfs.loan_type,
      disbursalSchedule: kfs.disbursal_schedule,
      instalmentType: kfs.instalment.type,
      instalmentDue: kfs.instalment.due,
      interestType: kfs.interest_type as string,
      registration: kfs.lender_registration,
      fee: (f: KfsFee) => ({ name: f.name, frequency: f.frequency as string, how: f.how_collected }),
      designation: (designation: string) => designation,
      afterDueInterest: c.after_due_date_interest.text,
      penalCharge: c.penal_charge.text,
      otherCharges: c.text_other,
      inHouse: kfs.recovery.in_house,
      agents: kfs.recovery.agents,
      overdueClasses: kfs.recovery.overdue_classes,
      creditReporting: kfs.credit_reporting,
      excessRefund: kfs.excess_refund?.text,
      escalation: kfs.complaint_escalation.text,
      coolingOff: kfs.cooling_off.text,
      lendingServiceProviders: kfs.lending_service_providers,
      transfer: kfs.transfer_securitisation,
    };
  }
  const t = documentTexts(lang).kfs;
  // A stored English text that is one of today's fixed texts reads in `lang`; any other stays as issued.
  const fixed = (stored: string, key: keyof DocumentTexts['kfs']['fixed']) =>
    stored === EN.kfs.fixed[key] ? t.fixed[key] : stored;
  const name = (english: string) => t.names[english] ?? english;
  const registration = /^(.*) registered with the (.*), certificate (.*)$/.exec(kfs.lender_registration);
  const cooling = kfs.cooling_off;
  return {
    loanType: fixed(kfs.loan_type, 'loanType'),
    disbursalSchedule: fixed(kfs.disbursal_schedule, 'disbursalSchedule'),
    instalmentType: fixed(kfs.instalment.type, 'instalmentType'),
    instalmentDue:
      kfs.instalment.due === EN.kfs.texts.instalmentDue(kfs.tenure_days)
        ? t.texts.instalmentDue(kfs.tenure_days)
        : kfs.instalment.due,
    interestType: fixed(kfs.interest_type, 'interestType'),
    registration: registration
      ? t.texts.registration(
          name(registration[1] as string),
          name(registration[2] as string),
          registration[3] as string,
        )
      : kfs.lender_registration,
    fee: (f: KfsFee) => ({
      name: fixed(f.name, 'feeName'),
      frequency: fixed(f.frequency, 'feeFrequency'),
      how: fixed(f.how_collected, 'feeHowCollected'),
    }),
    designation: name,
    afterDueInterest: t.texts.afterDueInterest(
      formatPercent(c.after_due_date_interest.daily_rate_percent),
      c.after_due_date_interest.days_max,
      formatPaise(c.after_due_date_interest.max_paise),
    ),
    penalCharge: t.texts.penalCharge(
      formatPaise(c.penal_charge.amount_paise),
      formatPaise(c.penal_charge.gst_paise),
      formatPaise(c.penal_charge.total_paise),
      penalThresholdText(c.penal_charge.threshold_paise ?? 0, lang),
    ),
    otherCharges: fixed(c.text_other, 'otherCharges'),
    inHouse:
      kfs.recovery.in_house === EN.kfs.texts.inHouse(kfs.lender) ? t.texts.inHouse(kfs.lender) : kfs.recovery.in_house,
    agents: fixed(kfs.recovery.agents, 'agents'),
    overdueClasses:
      kfs.recovery.overdue_classes &&
      overdueClassesText(accountOfStatement(kfs), kfs.instalment.due_if_disbursed_on_issue, lang),
    creditReporting: kfs.credit_reporting && fixed(kfs.credit_reporting, 'creditReporting'),
    excessRefund: kfs.excess_refund && t.texts.excessRefund(kfs.excess_refund.days),
    escalation: t.texts.escalation(kfs.complaint_escalation.after_days, kfs.complaint_escalation.portal),
    coolingOff: t.texts.coolingOff({
      days: cooling.days,
      fee: formatPaise(cooling.fee_kept_paise),
      gst: formatPaise(cooling.gst_kept_paise),
      issued: formatDate(kfs.issued_on),
      exitDate: formatDate(cooling.example_exit_date),
      exitTotal: formatPaise(cooling.example_exit_paise),
      principal: formatPaise(kfs.sanctioned_amount_paise),
      interest: formatPaise(cooling.example_interest_paise),
    }),
    lendingServiceProviders: fixed(kfs.lending_service_providers, 'lendingServiceProviders'),
    transfer: fixed(kfs.transfer_securitisation, 'transfer'),
  };
}

/** The loan account a statement offers, from its stored figures: its SMA and NPA example in another language. */
function accountOfStatement(kfs: KeyFactStatement): AccountTerms {
  return {
    principalPaise: kfs.sanctioned_amount_paise,
    dailyRateHundredths: kfs.daily_rate_hundredths,
    tenureDays: kfs.tenure_days,
    disbursalDate: kfs.issued_on,
    overdueInterestDaysMax: kfs.terms.overdueInterestDaysMax,
    penalChargePaise: kfs.terms.penalChargePaise,
    penalGstPaise: kfs.terms.penalGstPaise,
    penalThresholdPaise: kfs.terms.penalThresholdPaise,
    rules: CURRENT_ACCOUNT_RULES,
  };
}

/**
 * The agreement's clause each row covered by the loan agreement cites (issue 24): the statement's Part 2
 * and its charges after the due date name the clause, its number from AGREEMENT_CLAUSES.
 */
export const KFS_CITATIONS = {
  penal: 'afterDueDate',
  afterDue: 'afterDueDate',
  foreclosure: 'repayment',
  recovery: 'recovery',
  agents: 'recovery',
  overdueClasses: 'overdueClasses',
  creditReporting: 'creditReporting',
  grievance: 'grievance',
  nodal: 'grievance',
  escalation: 'grievance',
  transfer: 'transfer',
  coolingOff: 'coolingOff',
  lsp: 'transfer',
  excessRefund: 'repayment',
} as const satisfies Partial<Record<keyof DocumentTexts['kfs']['labels'], AgreementClauseId>>;

/**
 * The statement in one sentence, for the top of the screen and the PDF (issue 25, finding 10): what
 * reaches the bank account, what is repaid and when: the loan's own due date once it is paid out,
 * else the date the statement gives for a loan paid out on its issue date.
 */
export function kfsSummary(
  kfs: KeyFactStatement,
  loan?: KfsLoan | null,
  lang: DocumentLanguage = DEFAULT_LANGUAGE,
): { headline: string; note: string } {
  const due = loan?.due_date ?? kfs.instalment.due_if_disbursed_on_issue;
  const { summary } = documentTexts(lang).kfs;
  const amount = formatPaise(kfs.sanctioned_amount_paise);
  const rate = formatPercent(kfs.daily_rate_percent);
  return {
    headline: summary.headline(
      formatPaise(kfs.disbursed_amount_paise),
      formatPaise(kfs.total_repayable_paise),
      formatDate(due),
    ),
    note: loan
      ? summary.noteLoan(loan.loan_no, amount, kfs.tenure_days, rate)
      : summary.notePreview(
          formatDate(kfs.issued_on),
          amount,
          kfs.tenure_days,
          rate,
          statementWords(kfs, lang).instalmentDue,
        ),
  };
}

/**
 * The statement as titled sections of label and value, in the order of Annex A of RBI/2024-25/18 (Part 1
 * items 1 to 10, the APR's figures of Annex B, Part 2 items 1 to 6): what the screen, the PDF and the
 * tests read. `loan`: the loan made on it, whose account number it then shows. `lang`: the words'
 * language (the figures are the same figures). A row the loan agreement covers cites its clause.
 */
export function kfsSections(
  kfs: KeyFactStatement,
  loan?: KfsLoan | null,
  lang: DocumentLanguage = DEFAULT_LANGUAGE,
): { title: string; rows: [string, string][] }[] {
  const t = documentTexts(lang).kfs;
  const words = statementWords(kfs, lang);
  const label = t.labels;
  const na = (why: string) => `${t.notApplicable}: ${why}`;
  const fee = (f: KfsFee): [string, string] => {
    const named = words.fee(f);
    return [
      named.name,
      t.values.fee({
        amount: formatPaise(f.amount_paise),
        gstPercent: formatPercent(f.gst_percent),
        gst: formatPaise(f.gst_paise),
        payableTo: f.payable_to,
        frequency: named.frequency,
        how: named.how,
      }),
    ];
  };
  const officer = (o: KfsOfficer) => `${o.name}, ${words.designation(o.designation)}, ${o.email}, ${o.phone}`;
  // A row the agreement covers names its clause after its own words.
  const row = (key: keyof typeof label, value: string): [string, string] => {
    const clause = (KFS_CITATIONS as Partial<Record<keyof typeof label, AgreementClauseId>>)[key];
    if (!clause) return [label[key], value];
    const ended = value.endsWith(t.values.stop) ? value : `${value}${t.values.stop}`;
    return [label[key], `${ended} ${t.values.see(clauseCitation(clause, lang))}`];
  };
  const c = kfs.contingent;
  // Statements issued before a row existed do not carry it: they are shown as they were issued.
  const optional = (key: keyof typeof label, value: string | undefined): [string, string][] =>
    value ? [row(key, value)] : [];
  return [
    {
      title: t.sections.statement,
      rows: [
        [label.kfsNo, kfs.kfs_no ?? t.values.kfsNoPending],
        [label.issued, formatDate(kfs.issued_on)],
        [label.validUntil, t.values.validUntil(formatDate(kfs.valid_until))],
        [label.lender, t.values.lender(kfs.lender, kfs.brand, words.registration)],
      ],
    },
    {
      title: t.sections.part1,
      rows: [
        [label.loanNo, loan?.loan_no ?? t.values.loanNoPending],
        [label.loanType, words.loanType],
        [label.sanctioned, formatPaise(kfs.sanctioned_amount_paise)],
        [label.disbursalSchedule, words.disbursalSchedule],
        [label.disbursalStages, na(t.why.stages)],
        [label.term, t.values.days(kfs.tenure_days)],
        [label.instalmentType, words.instalmentType],
        [label.instalmentCount, String(kfs.instalment.count)],
        [label.instalmentAmount, formatPaise(kfs.instalment.amount_paise)],
        [
          label.repaymentDate,
          loan
            ? t.values.repaymentOfLoan(formatDate(loan.due_date), words.instalmentDue)
            : t.values.repaymentIfDisbursed(
                words.instalmentDue,
                formatDate(kfs.instalment.due_if_disbursed_on_issue),
                formatDate(kfs.issued_on),
              ),
        ],
        [
          label.rate,
          t.values.rate(
            formatPercent(kfs.daily_rate_percent),
            formatPercent(kfs.annual_rate_percent),
            words.interestType,
          ),
        ],
        [label.floating, na(t.why.floating)],
        ...kfs.fees.map(fee),
        [label.insurance, na(t.why.insurance)],
        [label.valuation, na(t.why.valuation)],
        [label.thirdParty, na(t.why.thirdParty)],
        [label.otherFee, t.nil],
        [label.apr, formatPercent(kfs.apr_percent)],
        [label.net, formatPaise(kfs.disbursed_amount_paise)],
        [label.interest, formatPaise(kfs.interest_paise)],
        [label.total, formatPaise(kfs.total_repayable_paise)],
      ],
    },
    {
      title: t.sections.contingent,
      rows: [
        row('penal', words.penalCharge),
        row('afterDue', words.afterDueInterest),
        [label.otherPenal, t.nil],
        row('foreclosure', t.values.foreclosure(formatPaise(c.foreclosure_charge_paise))),
        [label.switching, na(t.why.switching)],
        [label.otherCharge, words.otherCharges],
      ],
    },
    {
      title: t.sections.part2,
      rows: [
        row('recovery', words.inHouse),
        row('agents', words.agents),
        ...optional('overdueClasses', words.overdueClasses),
        ...optional('creditReporting', words.creditReporting),
        row('grievance', t.values.officerAnswers(officer(kfs.grievance_officer), kfs.grievance_officer.response_days)),
        row('nodal', officer(kfs.nodal_officer)),
        row('escalation', words.escalation),
        row('transfer', words.transfer),
        [label.coLending, na(t.why.coLending(kfs.lender))],
        row('coolingOff', words.coolingOff),
        row('lsp', words.lendingServiceProviders),
        [label.lspRecovery, na(t.why.lspRecovery)],
        ...optional('excessRefund', words.excessRefund),
      ],
    },
  ];
}

/** One of the customer's statements as a PDF (session route, src/server/kfs/routes.ts). */
export const KFS_PDF_PATH = '/Api/Website/downloadKeyFactStatement';

/** The KFS PDF's file name, as the server names it and the dashboard saves it ("-hi" for the Hindi one). */
export const kfsFileName = (kfsNo: string, lang: DocumentLanguage = DEFAULT_LANGUAGE) =>
  `key-fact-statement-${kfsNo}${lang === DEFAULT_LANGUAGE ? '' : `-${lang}`}.pdf`;

/** The customer's own statements of one application, latest first (session route; defined apart, see there). */
export { KFS_STATEMENTS_PATH } from './kfsAcceptance.ts';

export type StoredKeyFactStatement = v.InferOutput<typeof StoredStatementsAnswer>['statements'][number];
/** Where a stored statement stands for the customer. */
export type KfsStanding = StoredKeyFactStatement['standing'];
