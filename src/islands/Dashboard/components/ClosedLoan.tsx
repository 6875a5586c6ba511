import { useCallback, useId } from 'react';
import { formatDate } from '../../../lib/format.ts';
import { screenPath } from '../navigation/screens.ts';
import { detailsLink, loadLoanDetails, rupees } from '../state/loans.ts';
import type { Profile } from '../state/profile.ts';
import { useLoaded } from '../state/useLoaded.ts';
import styles from './ActiveLoanSummary.module.css';
import { Link } from './Link.tsx';
import { LoanOffer } from './LoanOffer.tsx';
import { ProfileState } from './ProfileState.tsx';
import screen from './Screen.module.css';
import { StatementDownloads } from './StatementDownloads.tsx';

/**
 * The loan home once the last loan is repaid (issue 25, finding 2): that loan's card, with its
 * no-dues certificate and statement, then "Apply again". The loan's figures are getLeadDetail's, for
 * the latest application getProfile names (lead_details.lead_id); nothing new is asked of the server.
 * "Apply again" leads with what a new application would get today (getProfile's loan_offer), as the
 * eligible home does.
 */
export function ClosedLoan({ leadId, offer }: { leadId: number; offer?: Profile['loan_offer'] }) {
  const id = useId();
  const load = useCallback(() => loadLoanDetails(String(leadId)), [leadId]);
  const { data, loading, error, retry } = useLoaded(load);
  const detail = data?.detail;

  return (
    <>
      <ProfileState loading={loading && !data} error={error} retry={retry} />
      {detail && (
        <>
          <section className={styles.loan} aria-labelledby={id}>
            <h2 id={id}>Your loan {detail.loan_no} is closed</h2>
            <p>Your loan is fully repaid and nothing is due on it. Thank you.</p>
            <p data-testid="closed-loan-figures">
              {rupees(detail.loan_amount)} borrowed
              {detail.lead_final_disbursed_date && <>, paid out on {formatDate(detail.lead_final_disbursed_date)}</>}
              {detail.collected !== undefined && <>; {rupees(detail.collected)} repaid</>}.
            </p>
            <ul className={styles.links} aria-label="About this loan">
              <li>
                <Link {...detailsLink(leadId)}>Loan details and payments</Link>
              </li>
            </ul>
          </section>
          <StatementDownloads
            detail={{
              lead_id: leadId,
              loan_no: detail.loan_no,
              status: detail.status,
              loan_status: detail.loan_status,
            }}
          />
        </>
      )}
      {!loading && (
        <div className={screen.panel}>
          <h2>Need another loan?</h2>
          {offer && <LoanOffer offer={offer} />}
          <p>
            You are eligible to apply again, in the same four steps: choose the amount and the tenure, tell us about
            your employer, upload your documents and give your bank details.
          </p>
          <Link to={screenPath('calculate-loan')} className="button">
            Apply again
          </Link>
        </div>
      )}
    </>
  );
}
