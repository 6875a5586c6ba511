/**
 * The one site data file (content/site.json): every figure and fact the pages, the calculator,
 * the worked examples and the API read. It is validated once, when first imported, so a bad edit
 * fails the build (and the server start) with the file and the field named.
 */
import * as v from 'valibot';
import raw from '../../content/site.json' with { type: 'json' };

const text = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'));
const url = v.pipe(v.string(), v.url('must be a full https:// address'));
const email = v.pipe(v.string(), v.email('must be an e-mail address'));
const positive = v.pipe(v.number(), v.minValue(0, 'must not be negative'));
const range = v.pipe(
  v.object({ min: positive, max: positive }),
  v.check((r) => r.min <= r.max, 'min must not exceed max'),
);
const office = v.object({ label: text, lines: v.pipe(v.array(text), v.minLength(1)) });

/** An illustrative loan (the calculator's opening loan, a worked example) as the site data gives it. */
export interface IllustrativeLoan {
  amountRupees: number;
  days: number;
  dailyRatePercent: number;
}

interface OfferedRanges {
  amountRupees: { min: number; max: number };
  tenureDays: { min: number; max: number };
  rateTiers: { dailyRatePercent: number }[];
}

/**
 * Why a loan is not one the product offers (amount or days outside the configured ranges, or a daily
 * rate no income tier gives), or undefined when it is: illustrations show only loans we offer.
 */
export function notOfferedBecause(loan: IllustrativeLoan, offered: OfferedRanges): string | undefined {
  const { amountRupees, tenureDays, rateTiers } = offered;
  if (loan.amountRupees < amountRupees.min || loan.amountRupees > amountRupees.max)
    return `the amount must be within loan.amountRupees (${amountRupees.min} to ${amountRupees.max})`;
  if (loan.days < tenureDays.min || loan.days > tenureDays.max)
    return `the days must be within loan.tenureDays (${tenureDays.min} to ${tenureDays.max})`;
  const rates = rateTiers.map((tier) => tier.dailyRatePercent);
  if (!rates.includes(loan.dailyRatePercent))
    return `the daily rate must be one that loan.rateTiers gives (${rates.join(', ')})`;
  return undefined;
}

const illustrativeLoan = v.object({
  amountRupees: v.pipe(v.number(), v.integer(), v.minValue(1)),
  days: v.pipe(v.number(), v.integer(), v.minValue(1)),
  dailyRatePercent: v.pipe(v.number(), v.gtValue(0)),
});

/** Employment types, in the order of the profile's income_type_id (1 Salaried, 2 Self-Employed). */
export const EMPLOYMENT = ['salaried', 'self-employed'] as const;
/** Salary modes, in the order of the profile's salary_mode_id (1 bank, 2 cheque, 3 cash). */
export const SALARY_PAID_BY = ['bank', 'cheque', 'cash'] as const;

/**
 * The places we lend in: "all" of India, or a list where `{ "state": "Delhi" }` is a whole state and
 * `{ "state": "Haryana", "city": "Gurgaon" }` one city, named as the pin-code data names them.
 */
export const AreasServedSchema = v.union([
  v.literal('all'),
  v.pipe(v.array(v.object({ state: text, city: v.optional(text) })), v.minLength(1)),
]);

export const SiteSchema = v.object({
  brand: text,
  legalName: text,
  tagline: text,
  siteUrl: url,
  registration: v.object({
    regulator: text,
    kind: text,
    number: text,
    since: v.pipe(v.number(), v.integer(), v.minValue(1900)),
    cin: text,
  }),
  offices: v.object({ registered: office, head: office }),
  contact: v.object({
    phone: text,
    whatsapp: v.pipe(v.string(), v.regex(/^\d{10,15}$/, 'must be digits with the country code')),
    supportEmail: email,
    collectionEmail: email,
    hours: text,
  }),
  grievanceOfficer: v.object({
    name: text,
    designation: text,
    email,
    phone: text,
    responseDays: v.pipe(v.number(), v.integer(), v.minValue(1)),
  }),
  /** The nodal officer a complaint goes to when the grievance officer's answer does not settle it (KFS Part 2). */
  nodalOfficer: v.object({ name: text, designation: text, email, phone: text }),
  regulatorLinks: v.object({ complaints: url, sachet: url }),
  apps: v.object({ googlePlay: url, appStore: url }),
  social: v.object({ facebook: url, instagram: url, linkedin: url }),
  counters: v.pipe(
    v.array(v.object({ label: text, value: v.pipe(v.number(), v.integer(), v.minValue(0)) })),
    v.minLength(1),
  ),
  loan: v.pipe(
    v.object({
      amountRupees: range,
      tenureDays: range,
      dailyRatePercent: v.pipe(
        v.object({ min: positive, max: positive, step: v.pipe(v.number(), v.gtValue(0)) }),
        v.check((r) => r.min <= r.max, 'min must not exceed max'),
      ),
      /**
       * The rate policy (docs/decisions.md): a customer's daily rate is that of the first tier whose
       * monthly income they reach, highest income first. The tiers' lowest and highest rates are the
       * range the pages state (`dailyRatePercent`), checked below.
       */
      rateTiers: v.pipe(
        v.array(
          v.object({
            minMonthlyIncomeRupees: positive,
            dailyRatePercent: v.pipe(v.number(), v.gtValue(0)),
          }),
        ),
        v.minLength(1),
        v.check(
          (tiers) =>
            tiers.every(
              (tier, i) => i === 0 || tier.minMonthlyIncomeRupees < (tiers[i - 1]?.minMonthlyIncomeRupees ?? 0),
            ),
          'tiers must be listed from the highest income to the lowest',
        ),
      ),
      processingFeePercent: positive,
      gstPercent: positive,
      /** Days after disbursal in which the borrower may exit the loan without penalty (RBI digital lending). */
      coolingOffDays: v.pipe(v.number(), v.integer(), v.minValue(1)),
      /** Calendar days after money paid beyond the dues arrives by which it is refunded (the server's REFUND_DUE_DAYS default). */
      refundDays: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(30)),
      /** Working days a Key Fact Statement stays valid for acceptance (RBI: at least 3 for a tenure of 7 days or more). */
      kfsValidityWorkingDays: v.pipe(v.number(), v.integer(), v.minValue(3)),
      /** Hours in which most complete applications get a decision (the home page's promise). */
      decisionHours: v.pipe(v.number(), v.integer(), v.minValue(1)),
      /**
       * What may be charged once the due date has passed, and nothing else (docs/decisions.md): contract
       * interest on the principal still outstanding for at most `interestDaysMax` days, and one fixed
       * penal charge (with its GST), never compounded and never added to the principal, and only when at
       * least `penalThresholdRupees` is unpaid at the end of the due date.
       */
      afterDueDate: v.object({
        interestDaysMax: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(365)),
        penalChargeRupees: v.pipe(v.number(), v.integer(), v.minValue(0)),
        penalChargeGstPercent: positive,
        penalThresholdRupees: v.pipe(v.number(), v.integer(), v.minValue(0)),
      }),
      minMonthlySalaryRupees: positive,
      ticketSizeLabel: text,
    }),
    v.check((loan) => {
      const rates = loan.rateTiers.map((tier) => tier.dailyRatePercent);
      return Math.min(...rates) === loan.dailyRatePercent.min && Math.max(...rates) === loan.dailyRatePercent.max;
    }, 'dailyRatePercent min and max must be the lowest and highest rate of rateTiers'),
  ),
  /**
   * Who may borrow: the eligibility policy's hard rules (src/server/eligibility/policy.ts reads its defaults
   * from here, with `loan.minMonthlySalaryRupees` as the income floor, inclusive), and the facts the pages
   * state them with (src/lib/facts.ts), so a page cannot promise other criteria than the server applies.
   */
  eligibility: v.object({
    /** Age in whole years on the day of the decision, both ends included. */
    ageYears: v.pipe(
      v.object({
        min: v.pipe(v.number(), v.integer(), v.minValue(18)),
        max: v.pipe(v.number(), v.integer(), v.maxValue(75)),
      }),
      v.check((r) => r.min <= r.max, 'min must not exceed max'),
    ),
    employment: v.pipe(v.array(v.picklist(EMPLOYMENT)), v.minLength(1)),
    /** How the salary may be paid: into a bank account, by cheque, in cash. */
    salaryPaidBy: v.pipe(v.array(v.picklist(SALARY_PAID_BY)), v.minLength(1)),
    /** The largest loan as a share of one month's income. */
    maxLoanIncomeShare: v.pipe(v.number(), v.gtValue(0), v.maxValue(5)),
    /** Where we lend, by the residence pin code's place: "all" of India, or the states and cities listed. */
    areasServed: AreasServedSchema,
  }),
  /**
   * What the credit report asked before deciding (issue 24; src/server/bureauCheck/policy.ts) decides: the
   * least score, the share of the income-based loan each score band is offered (bands highest first, the
   * last one at `minScore`), the most offered with no credit history to score, the most days past due and
   * accounts overdue on other loans, how many lenders' enquiries in how many days, and how long a report
   * is used before a new one is asked.
   */
  creditReport: v.pipe(
    v.object({
      minScore: v.pipe(v.number(), v.integer(), v.minValue(300), v.maxValue(900)),
      scoreBands: v.pipe(
        v.array(
          v.object({
            minScore: v.pipe(v.number(), v.integer(), v.minValue(300), v.maxValue(900)),
            loanShare: v.pipe(v.number(), v.gtValue(0), v.maxValue(1)),
          }),
        ),
        v.minLength(1),
        v.check(
          (bands) => bands.every((band, i) => i === 0 || (bands[i - 1]?.minScore ?? 0) > band.minScore),
          'scoreBands must be listed highest score first, each once',
        ),
      ),
      noHistoryMaxRupees: v.pipe(v.number(), v.integer(), v.minValue(0)),
      maxDaysPastDue: v.pipe(v.number(), v.integer(), v.minValue(0)),
      maxAccountsOverdue: v.pipe(v.number(), v.integer(), v.minValue(0)),
      enquiries: v.object({
        max: v.pipe(v.number(), v.integer(), v.minValue(0)),
        withinDays: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(365)),
      }),
      reportValidDays: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(90)),
    }),
    v.check(
      (c) => c.scoreBands[c.scoreBands.length - 1]?.minScore === c.minScore,
      'the last of scoreBands must start at minScore',
    ),
  ),
  /** The payment providers the Pay popup offers, the recommended one first (issue 25). */
  payments: v.object({
    providers: v.pipe(
      v.array(
        v.object({ id: v.picklist(['razorpay', 'payu']), name: text, ways: v.pipe(v.array(text), v.minLength(1)) }),
      ),
      v.minLength(1),
      v.check((list) => new Set(list.map((p) => p.id)).size === list.length, 'each provider once'),
    ),
  }),
  /** The loan the home calculator opens on: a representative loan we offer (checked below). */
  calculator: illustrativeLoan,
  examples: v.record(
    v.string(),
    v.pipe(
      v.object({
        principalRupees: v.pipe(v.number(), v.integer(), v.minValue(1)),
        days: v.pipe(v.number(), v.integer(), v.minValue(1)),
        dailyRatePercent: v.pipe(v.number(), v.gtValue(0)),
        /** A part payment the example makes, to show that it lowers the interest from its day. */
        partPayment: v.optional(
          v.object({
            afterDays: v.pipe(v.number(), v.integer(), v.minValue(1)),
            amountRupees: v.pipe(v.number(), v.integer(), v.minValue(1)),
          }),
        ),
      }),
      v.check(
        (example) =>
          !example.partPayment ||
          (example.partPayment.afterDays < example.days && example.partPayment.amountRupees < example.principalRupees),
        'partPayment must come before the due date and be less than the principal',
      ),
    ),
  ),
  bankAccounts: v.pipe(
    v.array(
      v.object({
        bank: text,
        branch: text,
        accountName: text,
        accountType: text,
        accountNumber: v.pipe(v.string(), v.regex(/^\d{9,18}$/, 'must be 9 to 18 digits')),
        ifsc: v.pipe(v.string(), v.regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'must be an IFSC code')),
        upiId: v.pipe(v.string(), v.regex(/^[\w.-]+@[\w.-]+$/, 'must be a UPI id')),
      }),
    ),
    v.minLength(1),
  ),
});

export type Site = v.InferOutput<typeof SiteSchema>;

/** The calculator's opening loan and every worked example must be loans the product offers. */
const OfferedIllustrations = v.rawCheck<Site>(({ dataset, addIssue }) => {
  // Only once everything else is valid: a broken range would otherwise be reported twice.
  if (!dataset.typed || dataset.issues) return;
  const site = dataset.value;
  const illustrations: [string[], IllustrativeLoan][] = [
    [['calculator'], site.calculator],
    ...Object.entries(site.examples).map(([name, example]): [string[], IllustrativeLoan] => [
      ['examples', name],
      { amountRupees: example.principalRupees, days: example.days, dailyRatePercent: example.dailyRatePercent },
    ]),
  ];
  for (const [keys, loan] of illustrations) {
    const reason = notOfferedBecause(loan, site.loan);
    if (!reason) continue;
    let input: Record<string, unknown> = site;
    const path = keys.map((key) => {
      const value = input[key];
      const item = { type: 'object' as const, origin: 'value' as const, input, key, value };
      input = value as Record<string, unknown>;
      return item;
    });
    addIssue({ message: `must be a loan we offer: ${reason}`, path: path as [v.IssuePathItem, ...v.IssuePathItem[]] });
  }
});
const CheckedSiteSchema = v.pipe(SiteSchema, OfferedIllustrations);

/** Validates site data, throwing one message that names the file and every bad field. */
export function parseSite(input: unknown, file = 'content/site.json'): Site {
  const result = v.safeParse(CheckedSiteSchema, input);
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => `  ${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
  throw new Error(`${file} is not valid:\n${problems.join('\n')}`);
}

export const site: Site = parseSite(raw);
