/**
 * The credit report we ask a credit information company (CIBIL, Experian, CRIF High Mark, Equifax) for
 * before deciding, with the customer's consent (issue 24). Not to be confused with src/server/bureau/,
 * which writes the file WE report our own loans in: this folder reads, that one writes.
 *
 * Same shape as the PAN verifier (src/server/kyc/panVerifier.ts): one interface, a sandbox giving
 * deterministic reports by PAN, and an HTTP adapter shaped like a bureau's consumer report API.
 */
import * as v from 'valibot';
import { addDays } from '../../lib/dates.ts';

/** Who the report is asked about: the bureau matches on PAN, name and date of birth. */
export interface BureauEnquiry {
  pan: string;
  fullName: string;
  /** YYYY-MM-DD. */
  dob: string;
  mobile: string;
  /** The day the enquiry is made (India), YYYY-MM-DD: the sandbox dates its accounts from it. */
  asOf: string;
  /** The loan asked about, whole rupees (bureaus record it with the enquiry). */
  amountRupees: number;
}

/** How an account stands: written off, settled, suit filed or wilful default are the bureaus' default markers. */
export const ACCOUNT_STANDING = ['standard', 'written_off', 'settled', 'suit_filed', 'wilful_default'] as const;

export interface BureauAccount {
  /** The bureau's account type, e.g. personal loan, credit card. */
  type: string;
  /** YYYY-MM-DD. */
  openedOn: string;
  closedOn: string | null;
  /** Whole rupees, as bureaus report them. */
  sanctionedRupees: number;
  currentBalanceRupees: number;
  amountOverdueRupees: number;
  daysPastDue: number;
  standing: (typeof ACCOUNT_STANDING)[number];
}

export interface BureauReport {
  /** Which company answered, and its id of the report (for a dispute). */
  bureau: string;
  reference: string;
  /** The score (300 to 900), or null when the file is too thin to score ("no history"). */
  score: number | null;
  accounts: BureauAccount[];
  /** Credit enquiries by lenders, newest first: YYYY-MM-DD and the amount asked. */
  enquiries: { on: string; amountRupees: number }[];
}

export interface BureauProvider {
  readonly name: string;
  report(enquiry: BureauEnquiry): Promise<BureauReport>;
}

/** The bureau could not be asked or gave no report: no decision can be made now (never a refusal). */
export class BureauUnavailable extends Error {}

/**
 * The sandbox's files by PAN (each passes the sandbox PAN verifier): every other PAN has a good file with
 * a score from 760 to 819 made from its digits, so tests with random PANs are found eligible as before.
 */
export const SANDBOX_PANS = {
  thinFile: 'THNPF1001A',
  writtenOff: 'DFLPW2002B',
  manyEnquiries: 'ENQPM3003C',
  lowScore: 'LOWPS4004D',
  middleScore: 'MIDPS7007G',
  overdue: 'OVRPD5005E',
  failure: 'ERRPB6006F',
} as const;

const account = (asOf: string, days: number, fields: Partial<BureauAccount> = {}): BureauAccount => ({
  type: 'personal_loan',
  openedOn: addDays(asOf, -days),
  closedOn: null,
  sanctionedRupees: 50_000,
  currentBalanceRupees: 0,
  amountOverdueRupees: 0,
  daysPastDue: 0,
  standing: 'standard',
  ...fields,
});

export function sandboxBureauProvider(): BureauProvider {
  return {
    name: 'sandbox',
    async report(enquiry) {
      const { pan, asOf } = enquiry;
      if (pan === SANDBOX_PANS.failure) throw new BureauUnavailable('bureau sandbox: the bureau did not answer');
      const digits = Number(pan.slice(5, 9));
      const base = { bureau: 'SANDBOX', reference: `SBX-${pan.slice(5, 9)}-${asOf.replaceAll('-', '')}` };
      // A good history: a personal loan repaid on time, a credit card in use, one enquiry.
      const history = [
        account(asOf, 700, { closedOn: addDays(asOf, -340), sanctionedRupees: 40_000 }),
        account(asOf, 900, { type: 'credit_card', sanctionedRupees: 60_000, currentBalanceRupees: 12_500 }),
      ];
      const oneEnquiry = [{ on: addDays(asOf, -45), amountRupees: 40_000 }];
      switch (pan) {
        case SANDBOX_PANS.thinFile:
          return { ...base, score: null, accounts: [], enquiries: [] };
        case SANDBOX_PANS.writtenOff:
          return {
            ...base,
            score: 590,
            accounts: [
              ...history,
              account(asOf, 500, { sanctionedRupees: 25_000, currentBalanceRupees: 18_000, standing: 'written_off' }),
            ],
            enquiries: oneEnquiry,
          };
        case SANDBOX_PANS.manyEnquiries:
          return {
            ...base,
            score: 772,
            accounts: history,
            // Eight lenders asked in the last two months (every seventh day).
            enquiries: Array.from({ length: 8 }, (_, i) => ({ on: addDays(asOf, -(3 + 7 * i)), amountRupees: 20_000 })),
          };
        case SANDBOX_PANS.lowScore:
          return { ...base, score: 612, accounts: history, enquiries: oneEnquiry };
        case SANDBOX_PANS.middleScore:
          return { ...base, score: 721, accounts: history, enquiries: oneEnquiry };
        case SANDBOX_PANS.overdue:
          return {
            ...base,
            score: 655,
            accounts: [
              ...history,
              account(asOf, 200, { currentBalanceRupees: 30_000, amountOverdueRupees: 6_000, daysPastDue: 64 }),
            ],
            enquiries: oneEnquiry,
          };
        default:
          return { ...base, score: 760 + (digits % 60), accounts: history, enquiries: oneEnquiry };
      }
    },
  };
}

// The bureau's answer, as its consumer report API sends it (amounts in whole rupees, dates YYYY-MM-DD).
const day = v.pipe(v.string(), v.isoDate());
const rupees = v.pipe(v.number(), v.minValue(0));
const ReportAnswer = v.object({
  report_id: v.pipe(v.string(), v.minLength(1)),
  bureau: v.pipe(v.string(), v.minLength(1)),
  // Bureaus send -1 (CIBIL "NH"), 0, or a 1-5 risk rank when there is too little history for a 300-900 score.
  score: v.object({ value: v.pipe(v.number(), v.integer(), v.minValue(-1), v.maxValue(900)) }),
  accounts: v.array(
    v.object({
      account_type: v.string(),
      date_opened: day,
      date_closed: v.nullish(day),
      sanctioned_amount: rupees,
      current_balance: rupees,
      amount_overdue: rupees,
      days_past_due: v.pipe(v.number(), v.integer(), v.minValue(0)),
      written_off_settled_status: v.nullish(v.picklist(['written_off', 'settled'])),
      suit_filed_wilful_default: v.nullish(v.picklist(['suit_filed', 'wilful_default'])),
    }),
  ),
  enquiries: v.array(v.object({ date: day, amount: rupees })),
});

/**
 * A bureau's consumer report API over HTTPS (the shape of the CICs' JSON enquiry APIs and the aggregators in
 * front of them): POST the consumer's identifiers and the enquiry with a bearer key; the answer carries the
 * score, the accounts (tradelines) and the enquiries. A failure names the status or the bureau's error code,
 * never the customer.
 */
export function httpBureauProvider(
  settings: { url: string; apiKey: string; timeoutMs?: number },
  fetchImpl: typeof fetch = fetch,
): BureauProvider {
  return {
    name: 'http',
    async report(enquiry) {
      let response: Response;
      try {
        response = await fetchImpl(settings.url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            Authorization: `Bearer ${settings.apiKey}`,
          },
          body: JSON.stringify({
            enquiry_purpose: 'personal_loan',
            enquiry_amount: enquiry.amountRupees,
            consumer: {
              name: enquiry.fullName,
              pan: enquiry.pan,
              date_of_birth: enquiry.dob,
              mobile: enquiry.mobile,
            },
          }),
          signal: AbortSignal.timeout(settings.timeoutMs ?? 20_000),
        });
      } catch (error) {
        const name = (error as Error).name;
        throw new BureauUnavailable(
          name === 'TimeoutError' ? 'bureau did not answer in time' : `bureau unreachable: ${name}`,
        );
      }
      const body: unknown = await response.json().catch(() => undefined);
      if (!response.ok) {
        const code = (body as { error?: { code?: unknown } } | undefined)?.error?.code;
        throw new BureauUnavailable(
          `bureau answered ${response.status}${typeof code === 'string' ? ` (${code.slice(0, 40)})` : ''}`,
        );
      }
      const parsed = v.safeParse(ReportAnswer, body);
      if (!parsed.success) {
        throw new BureauUnavailable(
          `bureau answered an unreadable report (${v.getDotPath(parsed.issues[0]) ?? 'body'})`,
        );
      }
      const report = parsed.output;
      return {
        bureau: report.bureau,
        reference: report.report_id,
        score: report.score.value >= 300 ? report.score.value : null,
        accounts: report.accounts.map((a) => ({
          type: a.account_type,
          openedOn: a.date_opened,
          closedOn: a.date_closed ?? null,
          sanctionedRupees: a.sanctioned_amount,
          currentBalanceRupees: a.current_balance,
          amountOverdueRupees: a.amount_overdue,
          daysPastDue: a.days_past_due,
          standing: a.suit_filed_wilful_default ?? a.written_off_settled_status ?? 'standard',
        })),
        enquiries: report.enquiries
          .map((e) => ({ on: e.date, amountRupees: e.amount }))
          .sort((a, b) => b.on.localeCompare(a.on)),
      };
    },
  };
}
