/**
 * What a credit report decides (issue 24; docs/decisions.md "The credit report before the decision"): the
 * thresholds are content/site.json's `creditReport`, which the pages state. A report refuses for every
 * reason it has at once, each saying what the customer can do; otherwise it sets the share of the
 * income-based loan offered (by score band) and, with no history to score, the most offered.
 */
import { addDays, daysBetween } from '../../lib/dates.ts';
import { formatDate } from '../../lib/format.ts';
import { formatRupees } from '../../lib/money.ts';
import { site } from '../../lib/site.ts';
import type { CreditFinding } from '../eligibility/policy.ts';
import type { BureauReport } from './provider.ts';

export type CreditRules = typeof site.creditReport;

/** The figures of a report staff and the decision read (also stored with it). */
export interface ReportSummary {
  score: number | null;
  accounts: number;
  openAccounts: number;
  /** Open accounts with an amount overdue, and the most days past due among them. */
  accountsOverdue: number;
  maxDaysPastDue: number;
  /** Accounts written off, settled, suit filed or wilful default. */
  defaults: number;
  /** Lenders' enquiries within the rules' window (before ours). */
  recentEnquiries: number;
  /** Balance owed on open accounts, whole rupees. */
  balanceRupees: number;
}

export function summarise(report: BureauReport, asOf: string, rules: CreditRules = site.creditReport): ReportSummary {
  const open = report.accounts.filter((a) => !a.closedOn);
  const overdue = open.filter((a) => a.amountOverdueRupees > 0 || a.daysPastDue > 0);
  return {
    score: report.score,
    accounts: report.accounts.length,
    openAccounts: open.length,
    accountsOverdue: overdue.length,
    maxDaysPastDue: Math.max(0, ...open.map((a) => a.daysPastDue)),
    defaults: report.accounts.filter((a) => a.standing !== 'standard').length,
    recentEnquiries: recentEnquiries(report, asOf, rules).length,
    balanceRupees: open.reduce((sum, a) => sum + a.currentBalanceRupees, 0),
  };
}

/** Enquiries within the window ending on `asOf`, oldest first. */
function recentEnquiries(report: BureauReport, asOf: string, rules: CreditRules) {
  return report.enquiries
    .filter((e) => daysBetween(e.on, asOf) < rules.enquiries.withinDays && e.on <= asOf)
    .sort((a, b) => a.on.localeCompare(b.on));
}

export function creditFinding(
  report: BureauReport,
  asOf: string,
  rules: CreditRules = site.creditReport,
): CreditFinding {
  const summary = summarise(report, asOf, rules);
  const reasons: string[] = [];
  const retryOn = formatDate(addDays(asOf, rules.reportValidDays));
  if (summary.defaults > 0) {
    reasons.push(
      'Your credit report shows a loan written off, settled, taken to court or in wilful default. We cannot lend while it stands; if it is wrong, ask the credit bureau to correct it.',
    );
  }
  if (summary.maxDaysPastDue > rules.maxDaysPastDue) {
    reasons.push(
      `Your credit report shows a loan ${summary.maxDaysPastDue} days past due with another lender; we lend when none is more than ${rules.maxDaysPastDue} days past due. Bring it up to date, then check again from ${retryOn}.`,
    );
  }
  if (summary.accountsOverdue > rules.maxAccountsOverdue) {
    reasons.push(
      `Your credit report shows ${summary.accountsOverdue} loans with payments overdue; we lend with at most ${rules.maxAccountsOverdue}. Pay what is overdue, then check again from ${retryOn}.`,
    );
  }
  if (summary.score !== null && summary.score < rules.minScore) {
    reasons.push(
      `Your credit score is ${summary.score}; we lend from a score of ${rules.minScore}. Paying every due on time raises it; you can check again from ${retryOn}.`,
    );
  }
  const enquiries = recentEnquiries(report, asOf, rules);
  if (enquiries.length > rules.enquiries.max) {
    // The day enough of them have left the window to bring the count down to the most we accept.
    const leaving = enquiries[enquiries.length - rules.enquiries.max - 1];
    const from = leaving ? addDays(leaving.on, rules.enquiries.withinDays) : asOf;
    reasons.push(
      `${enquiries.length} lenders asked for your credit report in the last ${rules.enquiries.withinDays} days; we lend with at most ${rules.enquiries.max}. You can check again from ${formatDate(from > asOf ? from : asOf)}.`,
    );
  }
  if (reasons.length > 0) return { eligible: false, message: reasons.join(' ') };
  if (summary.score === null) {
    // No history to score: a first, smaller loan builds one.
    return { eligible: true, loanShare: 1, maxRupees: rules.noHistoryMaxRupees };
  }
  const band = rules.scoreBands.find((b) => (summary.score ?? 0) >= b.minScore);
  return { eligible: true, loanShare: band?.loanShare ?? 1, maxRupees: null };
}

/** The finding in a line for staff: what the report let us offer, or why it refused. */
export function findingText(finding: CreditFinding, rules: CreditRules = site.creditReport): string {
  if (!finding.eligible) return finding.message;
  if (finding.maxRupees !== null) return `No credit history to score: at most ${formatRupees(finding.maxRupees)}.`;
  return finding.loanShare === 1
    ? 'The full amount the income allows.'
    : `${Math.round(finding.loanShare * 100)}% of the amount the income allows (score band from ${
        rules.scoreBands.find((b) => b.loanShare === finding.loanShare)?.minScore ?? rules.minScore
      }).`;
}
