import { formatDate } from '../../../lib/format.ts';
import cards from '../components/Cards.module.css';
import { Link } from '../components/Link.tsx';
import { NoLoanYetFresh } from '../components/NoLoanYet.tsx';
import { ProfileState } from '../components/ProfileState.tsx';
import styles from '../components/Screen.module.css';
import { ScreenTitle } from '../components/ScreenTitle.tsx';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { detailsLink, firstLeadList, loadLeads, NO_LOAN_HISTORY, rupees, statusLabel } from '../state/loans.ts';
import { useLoaded } from '../state/useLoaded.ts';

/** Loan history (product.md §2.9): a card per application; a card opens its details. */
export default function Leads({ route }: ScreenProps) {
  // The cards the page's first paint drew, when it did: the screen draws the same at once (issue 25).
  const { data: leads, loading, error, retry } = useLoaded(loadLeads, firstLeadList());
  return (
    <>
      <ScreenTitle>{route.title}</ScreenTitle>
      <ProfileState loading={loading && !leads} error={error} retry={retry} />
      {leads && leads.length === 0 && (
        <div className={styles.panel}>
          <p>{NO_LOAN_HISTORY}</p>
          {/* With no application, the next step from the profile: finish it, check eligibility, or apply. */}
          <NoLoanYetFresh />
        </div>
      )}
      {leads && leads.length > 0 && (
        <ul className={cards.linkCards} aria-label="Your loans">
          {leads.map((lead) => {
            const link = detailsLink(lead.lead_id);
            return (
              <li key={lead.lead_id}>
                <Link to={link.to} state={link.state} className={cards.linkCard}>
                  <h2>Loan application {lead.lead_id}</h2>
                  <dl className={cards.pairs}>
                    {/* No "NA" before the amount is chosen (issue 25). */}
                    {lead.loan_amount !== null && (
                      <div>
                        <dt>Loan amount</dt>
                        <dd>{rupees(lead.loan_amount)}</dd>
                      </div>
                    )}
                    <div>
                      <dt>Status</dt>
                      <dd>{statusLabel(lead.status)}</dd>
                    </div>
                    <div>
                      <dt>Applied on</dt>
                      <dd>{formatDate(lead.lead_entry_date)}</dd>
                    </div>
                  </dl>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
