import { useCallback } from 'react';
import { formatRupees } from '../../../lib/money.ts';
import { type LoanDetail, loadLoanDetails } from '../state/loans.ts';
import { useLoaded } from '../state/useLoaded.ts';
import own from './NextStep.module.css';

type Figures = Pick<LoanDetail, 'loan_amount' | 'tenure' | 'amount_credited' | 'amount_repayable'>;

/**
 * What the application's Key Fact Statement states (getLeadDetail's amount_credited and amount_repayable,
 * issue 25), in the loan calculator's words; none before an amount is chosen.
 */
export function statementFacts(detail: Figures | undefined): [string, string][] {
  if (detail?.amount_credited === undefined) return [];
  return [
    ['You receive, after fee and GST', formatRupees(detail.amount_credited)],
    ...(detail.amount_repayable === undefined
      ? []
      : [['Payable amount', formatRupees(detail.amount_repayable)] as [string, string]]),
  ];
}

/** The amount chosen and its tenure, then what reaches the account and what is repaid. */
function amountFacts(detail: Figures | undefined): [string, string][] {
  const facts = statementFacts(detail);
  if (!detail || facts.length === 0) return [];
  const tenure = detail.tenure ? ` for ${detail.tenure} days` : '';
  return [['Amount chosen', `${formatRupees(detail.loan_amount)}${tenure}`], ...facts];
}

/**
 * The loan home's application card's figures (the screens review's "fix next" 8): the amount chosen, what
 * reaches the bank account after the fee and GST, and what is repaid. Nothing while loading, on a failure
 * (the card's action stays) or before an amount is chosen.
 */
export function ApplicationFigures({ leadId }: { leadId: number }) {
  const load = useCallback(() => loadLoanDetails(String(leadId)), [leadId]);
  const { data } = useLoaded(load);
  const facts = amountFacts(data?.detail);
  if (facts.length === 0) return null;
  return (
    <dl className={own.facts} data-testid="application-figures">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
