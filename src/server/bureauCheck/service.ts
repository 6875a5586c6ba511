/**
 * The credit report in the eligibility decision (issue 24; docs/decisions.md "The credit report before the
 * decision"): asked only under a standing bureau consent, given now (the box beside Check Eligibility) or
 * earlier and not withdrawn; a report is used for creditReport.reportValidDays, so checking again after a
 * correction puts no new enquiry on the customer's file. The hard rules go first: a customer they refuse
 * is never looked up at a bureau.
 */
import { bureauConsent, bureauConsentText, NO_BUREAU_CONSENT } from '../../lib/consents/bureauCheck.ts';
import { addDays, indiaDate } from '../../lib/dates.ts';
import { site } from '../../lib/site.ts';
import { consentVersion, recordConsent, standingConsent } from '../consents/service.ts';
import { lockedActiveConsents } from '../consents/store.ts';
import type { Customer } from '../customers/store.ts';
import type { Database } from '../db/client.ts';
import { retryingTransaction } from '../db/retry.ts';
import { type Applicant, type CreditFinding, type Decision, decide } from '../eligibility/policy.ts';
import { ApiError } from '../http/respond.ts';
import type { EventCall } from '../registration/events.ts';
import { creditFinding, findingText, summarise } from './policy.ts';
import { type BureauReport, BureauUnavailable } from './provider.ts';
import { type BureauCheck, bureauChecksOf, insertBureauCheck, latestReport } from './store.ts';

/** The consent the dashboard shows, as the server builds it from the same module and facts. */
export function currentBureauConsent() {
  const text = bureauConsentText(bureauConsent(site.brand, site.legalName, site.creditReport.reportValidDays));
  return { text, version: consentVersion(text) };
}

const UNAVAILABLE =
  'We could not get your credit report from the credit bureau just now. Please try again in a few minutes.';

const findingOf = (check: BureauCheck) => creditFinding(check.report as BureauReport, check.asOf);

/**
 * The customer's standing bureau consent, recording the one ticked now when there is none of this text:
 * undefined when there is no consent at all.
 */
async function consentFor(call: EventCall, customer: Customer, givenNow: boolean) {
  const { deps } = call;
  const current = currentBureauConsent();
  const standing = await standingConsent(deps.db, customer.id, 'bureau_check');
  if (!givenNow || standing?.textVersion === current.version) return standing;
  return recordConsent(deps.db, {
    customerId: customer.id,
    kind: 'bureau_check',
    textVersion: current.version,
    text: current.text,
    at: deps.now(),
    address: call.address,
    userAgent: call.userAgent,
  });
}

/**
 * What the credit report says for this customer now: a refusal without consent (no bureau is asked),
 * else the recent report's finding or a new report's. A bureau that cannot answer is a 503, never a refusal.
 */
async function findingFor(
  call: EventCall,
  customer: Customer,
  consentGivenNow: boolean,
  amountRupees: number,
): Promise<CreditFinding> {
  const { deps } = call;
  const consent = await consentFor(call, customer, consentGivenNow);
  if (!consent) return { eligible: false, message: NO_BUREAU_CONSENT };
  const today = indiaDate(deps.now());
  const recent = await latestReport(deps.db, customer.id, addDays(today, 1 - site.creditReport.reportValidDays));
  if (recent) return findingOf(recent);
  if (!customer.pancard || !customer.fullName || !customer.dob) {
    throw new ApiError(409, 'Please complete all five steps of your profile first.', 'profile_incomplete');
  }
  const askedAt = deps.now();
  const base = {
    customerId: customer.id,
    consentId: consent.id,
    provider: deps.bureauCheck.name,
    askedAt,
    asOf: today,
  };
  let report: BureauReport;
  try {
    report = await deps.bureauCheck.report({
      pan: customer.pancard,
      fullName: customer.fullName,
      dob: customer.dob,
      mobile: customer.mobile,
      asOf: today,
      amountRupees,
    });
  } catch (error) {
    if (!(error instanceof BureauUnavailable)) throw error;
    await insertBureauCheck(deps.db, { ...base, outcome: 'failed', failure: error.message });
    call.log.error('bureau check failed', { reason: error.message });
    throw new ApiError(503, UNAVAILABLE, 'bureau_unavailable');
  }
  const finding = creditFinding(report, today);
  // Kept only if the consent still stands: a withdrawal while the bureau answered wins (its row locked here).
  const kept = await retryingTransaction(deps.db, async (tx) => {
    const standing = await lockedActiveConsents(tx, customer.id, 'bureau_check');
    if (!standing.some((row) => row.id === consent.id)) return false;
    await insertBureauCheck(tx, {
      ...base,
      outcome: 'report',
      bureau: report.bureau,
      reference: report.reference,
      score: report.score,
      summary: summarise(report, today),
      report,
      finding: findingText(finding),
    });
    return true;
  });
  call.log.info('bureau check', { provider: deps.bureauCheck.name, eligible: finding.eligible });
  return kept ? finding : { eligible: false, message: NO_BUREAU_CONSENT };
}

/**
 * register_now's decision: the hard rules, then, if they pass, the credit report under the bureau consent
 * (`consentGivenNow`: the box was ticked with this check).
 */
export async function decideWithCreditReport(
  call: EventCall,
  customer: Customer,
  applicant: Applicant,
  consentGivenNow: boolean,
): Promise<Decision> {
  const policy = call.deps.config.eligibilityPolicy;
  const first = decide(applicant, policy);
  if (!first.eligible) return first;
  const credit = await findingFor(call, customer, consentGivenNow, first.quote.max_loan_amount);
  return decide({ ...applicant, credit }, policy);
}

/**
 * The finding of the report the eligibility decision read, for a later quote (generate_loan_quote): the
 * customer's latest report, whatever its age (the decision stands on it). None: decided before reports were asked.
 */
export async function creditFindingOnRecord(call: Pick<EventCall, 'deps'>, customerId: string) {
  const latest = await latestReport(call.deps.db, customerId, '0001-01-01');
  return latest ? findingOf(latest) : undefined;
}

/** The customer's reports for staff: newest first, each with its figures and what it decided. */
export async function bureauChecksForStaff(db: Database, customerId: string) {
  const rows = await bureauChecksOf(db, customerId);
  return rows.map((row) => ({
    asked_at: row.askedAt.toISOString(),
    provider: row.provider,
    outcome: row.outcome as 'report' | 'failed',
    bureau: row.bureau,
    reference: row.reference,
    score: row.score,
    summary: (row.summary as ReturnType<typeof summarise> | null) ?? null,
    finding: row.finding,
    failure: row.failure,
  }));
}
