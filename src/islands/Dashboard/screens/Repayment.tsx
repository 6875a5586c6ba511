import { useState } from 'react';
import { formatDate, formatPercent } from '../../../lib/format.ts';
import { paiseFromRupees } from '../../../lib/money.ts';
import { acceptsAmountEntry } from '../../../lib/repayAmount.ts';
import { accountFacts, accountNotes, amountProblem, amountSummary } from '../../shared/payment/payment.ts';
import { type AmountChoice, chosenAmount, QuickAmounts } from '../../shared/payment/QuickAmounts.tsx';
import { type Fact, FactTable } from '../components/FactTable.tsx';
import { TextField } from '../components/Fields.tsx';
import { Link } from '../components/Link.tsx';
import { NoLoanYet } from '../components/NoLoanYet.tsx';
import { PayNow } from '../components/PayNow.tsx';
import { ProfileState } from '../components/ProfileState.tsx';
import styles from '../components/Screen.module.css';
import { ScreenTitle } from '../components/ScreenTitle.tsx';
import { StatementDownloads } from '../components/StatementDownloads.tsx';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { screenPath } from '../navigation/screens.ts';
import { dueWhen, whichToPay } from '../state/loanDues.ts';
import { detailsLink, type LoanDetails, loadLeads, loadLoanDetails, rupees } from '../state/loans.ts';
import type { ActiveLoan, Profile } from '../state/profile.ts';
import { type Loaded, useLoaded } from '../state/useLoaded.ts';
import { useProfile } from '../state/useProfile.ts';

/** The loan's dates, figures and what is due today (the keys only quiet the linter, which takes the rows for a list). */
const dues = (loan: ActiveLoan): Fact[] => [
  ['Disbursal date', formatDate(loan.disbursal_date)],
  ['Repayment date', `${formatDate(loan.repayment_date)}${dueWhen(loan) ? ` (${dueWhen(loan).toLowerCase()})` : ''}`],
  ['Loan amount', rupees(loan.loan_recommended)],
  ['Interest rate', `${formatPercent(loan.roi)} a day`],
  ['Amount due on the repayment date', rupees(loan.repayment_amount)],
  ...accountFacts(loan),
  ['Total due today', <strong key="total">{rupees(loan.total_due)}</strong>],
];

/** The last repaid loan (its no-dues certificate) or the application under way, whichever the customer has. */
async function loadPast(): Promise<Loaded<{ closed: LoanDetails | null; applications: number }>> {
  const leads = await loadLeads();
  if ('error' in leads) return leads;
  const closed = leads.data.find((lead) => lead.status === 'closed');
  if (!closed) return { data: { closed: null, applications: leads.data.length } };
  const details = await loadLoanDetails(String(closed.lead_id));
  if ('error' in details) return details;
  return { data: { closed: details.data, applications: leads.data.length } };
}

/**
 * Nothing due (issue 25: an empty state with its next step): after a repaid loan, its no-dues
 * certificate; with an application under way, the way to it; with none, the way to one.
 */
function NothingDue({ profile }: { profile: Profile }) {
  const { data, loading, error, retry } = useLoaded(loadPast);
  const closed = data?.closed?.detail;
  return (
    <>
      <div className={styles.panel}>
        <p>
          {closed
            ? `You have no amount due. Your loan ${closed.loan_no} is repaid in full. Thank you.`
            : data
              ? 'You have no amount due: you have not borrowed from us yet.'
              : 'You have no amount due.'}
        </p>
        {closed && (
          <p>
            <Link {...detailsLink(closed.lead_id)}>Loan details and payments</Link>
          </p>
        )}
        {data && !closed && data.applications > 0 && (
          <p>
            <Link to={screenPath('lead-preview')} className="button">
              View your application
            </Link>
          </p>
        )}
        {data && data.applications === 0 && <NoLoanYet profile={profile} />}
      </div>
      <ProfileState loading={loading && !data} error={error} retry={retry} />
      {closed && <StatementDownloads detail={closed} />}
    </>
  );
}

/**
 * Repayment, the target of Pay Now (product.md §2): the amount to pay (a quick choice of the server's
 * figures, or typed; empty is the whole due, as on the repay page), the same Pay popup and payment
 * flow, then the active loan's dues.
 */
export default function Repayment({ route, brand }: ScreenProps) {
  const { profile, loading, error, retry } = useProfile();
  const [amount, setAmount] = useState('');
  const [choice, setChoice] = useState<AmountChoice>('close');
  const [amountError, setAmountError] = useState<string | undefined>();
  const loan = profile?.active_loan_details ?? null;
  const duePaise = loan ? paiseFromRupees(loan.total_due) : 0;
  // The chosen figure is the server's (the close-today total or the scheduled due), or what was typed.
  const toPay = loan ? chosenAmount(choice, amount, loan.total_due, loan.repayment_amount) : amount;

  const check = () => {
    const problem = amountProblem(toPay) ?? undefined;
    setAmountError(problem);
    if (problem) document.getElementById('repay-amount')?.focus();
    return !problem;
  };

  return (
    <>
      <ScreenTitle>{route.title}</ScreenTitle>
      <ProfileState loading={loading && !profile} error={error} retry={retry} />
      {profile && (!loan || duePaise <= 0) && <NothingDue profile={profile} />}
      {loan && duePaise > 0 && (
        <>
          {/* What to pay first, within the first screen; the dues in full follow (issue 25, finding 8). */}
          <section className={styles.panel} aria-labelledby="repay-pay">
            <h2 id="repay-pay">Pay</h2>
            <PayNow loan={loan} brand={brand} amount={toPay} check={check} label="Proceed to Pay">
              <QuickAmounts
                name="repay-choice"
                closeToday={loan.total_due}
                due={loan.repayment_amount}
                choice={choice}
                onChoose={(next) => {
                  setChoice(next);
                  setAmountError(undefined);
                  if (next === 'other') document.getElementById('repay-amount')?.focus();
                  else setAmount('');
                }}
              />
              <TextField
                id="repay-amount"
                label="Amount to pay (₹)"
                value={amount}
                inputMode="decimal"
                autoComplete="off"
                placeholder="Enter payment amount"
                error={amountError}
                hint={
                  <>
                    For another amount: at least ₹1; less than the total due is a part payment.{' '}
                    <strong data-testid="amount-summary">{amountSummary(toPay, duePaise)}</strong>
                  </>
                }
                onValue={(typed) => {
                  if (acceptsAmountEntry(typed)) {
                    setAmount(typed);
                    setChoice('other');
                    setAmountError(undefined);
                  }
                }}
              />
            </PayNow>
          </section>
          <section className={styles.panel} aria-labelledby="repay-dues">
            <h2 id="repay-dues">Loan {loan.loan_no}</h2>
            <FactTable caption="Your loan's dues" rows={dues(loan)} />
            <p>
              <strong>{whichToPay(loan)}</strong>
            </p>
            {accountNotes(loan).map((note) => (
              <p key={note}>{note}</p>
            ))}
            {loan.lead_id && (
              <p>
                <Link {...detailsLink(loan.lead_id)}>Loan details and payments</Link>
              </p>
            )}
          </section>
        </>
      )}
    </>
  );
}
