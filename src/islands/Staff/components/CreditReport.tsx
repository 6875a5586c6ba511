/** The credit reports asked before the eligibility decision (issue 24), newest first, as credit reads them. */
import type * as v from 'valibot';
import site from '../../../../content/site.json' with { type: 'json' };
import { formatNumber } from '../../../lib/format.ts';
import { formatRupees } from '../../../lib/money.ts';
import type { BureauCheckAnswer } from '../../../lib/schemas/answers/bureauCheck.ts';
import { dateAndTime } from './dateAndTime.ts';
import { Facts } from './parts.tsx';

type Check = v.InferOutput<typeof BureauCheckAnswer>;

const { enquiries } = site.creditReport;

function Report({ check }: { check: Check }) {
  const s = check.summary;
  if (check.outcome === 'failed' || !s) {
    return (
      <p>
        <strong>No report</strong>, {dateAndTime(check.asked_at)}: {check.failure ?? 'the bureau did not answer'} (
        {check.provider})
      </p>
    );
  }
  return (
    <>
      <p>
        <strong>{check.bureau}</strong> report {check.reference}, {dateAndTime(check.asked_at)} ({check.provider})
      </p>
      <Facts
        rows={[
          ['Score', s.score === null ? 'No history to score' : formatNumber(s.score)],
          ['Accounts (open)', `${formatNumber(s.accounts)} (${formatNumber(s.openAccounts)})`],
          ['Accounts overdue', formatNumber(s.accountsOverdue)],
          ['Most days past due', formatNumber(s.maxDaysPastDue)],
          ['Written off, settled or suit filed', formatNumber(s.defaults)],
          [`Enquiries in ${enquiries.withinDays} days`, formatNumber(s.recentEnquiries)],
          ['Owed on open accounts', formatRupees(s.balanceRupees)],
          ['Decided', check.finding],
        ]}
      />
    </>
  );
}

export function CreditReport({ checks }: { checks: Check[] }) {
  if (checks.length === 0) return <p>No credit report was asked (decided before reports were asked).</p>;
  return (
    <ol reversed>
      {checks.map((check) => (
        <li key={`${check.asked_at}-${check.reference ?? check.outcome}`}>
          <Report check={check} />
        </li>
      ))}
    </ol>
  );
}
