import { ActiveLoanSummary } from '../components/ActiveLoanSummary.tsx';
import { APPLICATION_STEPS, ApplicationCards } from '../components/ApplicationCards.tsx';
import { ApplicationTimeline } from '../components/ApplicationTimeline.tsx';
import { ClosedLoan } from '../components/ClosedLoan.tsx';
import { NextStep } from '../components/NextStep.tsx';
import { ProfileState } from '../components/ProfileState.tsx';
import { ScreenTitle } from '../components/ScreenTitle.tsx';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { applicationStage } from '../state/applicationStage.ts';
import { useProfile } from '../state/useProfile.ts';

/**
 * The eligible customer's home (guarded by the router: eligibility 1 only; the sidebar's Dashboard,
 * product.md §2), one state at a time with its one action first (issue 25): an active or overdue loan
 * with its dues and Pay Now; a repaid loan's card with its certificate and statement, then Apply again;
 * otherwise where the application stands (applying, under review, approved, refused), what to do
 * next, and the loan application's four step cards (locked once complete).
 */
export default function LoanHome({ route }: ScreenProps) {
  const { profile, loading, error, retry } = useProfile();
  const loan = profile?.active_loan_details ?? null;
  const where = profile ? applicationStage(profile) : null;
  const closedLeadId = where?.previous === 'repaid' ? (profile?.lead_details.lead_id ?? null) : null;

  return (
    <>
      <ScreenTitle>{route.title}</ScreenTitle>
      <ProfileState loading={loading && !profile} error={error} retry={retry} />
      {loan && <ActiveLoanSummary loan={loan} />}
      {profile && where && !loan && closedLeadId !== null && (
        <ClosedLoan leadId={closedLeadId} offer={profile.loan_offer} />
      )}
      {profile && where && !loan && closedLeadId === null && (
        <>
          <NextStep where={where} profile={profile} />
          <ApplicationTimeline stage={where.stage} />
          <ApplicationCards
            current={where.step ?? APPLICATION_STEPS.length}
            percent={where.started ? profile.application_filled_percent : 0}
          />
        </>
      )}
    </>
  );
}
