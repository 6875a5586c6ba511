import site from '../../../../content/site.json' with { type: 'json' };
import { screenPath } from '../navigation/screens.ts';
import type { ApplicationStage } from '../state/applicationStage.ts';
import type { Profile } from '../state/profile.ts';
import { APPLICATION_STEPS } from './ApplicationCards.tsx';
import { ApplicationFigures } from './ApplicationFigures.tsx';
import { Link } from './Link.tsx';
import { LoanOffer } from './LoanOffer.tsx';
import own from './NextStep.module.css';
import styles from './Screen.module.css';

/** The application's number and, once one is named, its credit manager (getProfile's lead_details and excutive_details). */
function ApplicationFacts({ profile }: { profile: Profile }) {
  const number = profile.lead_details.lead_id;
  const manager = profile.excutive_details;
  if (number === null && !manager) return null;
  return (
    <dl className={own.facts}>
      {number !== null && (
        <div>
          <dt>Application number</dt>
          <dd data-testid="application-number">{number}</dd>
        </div>
      )}
      {manager?.name && (
        <div>
          <dt>Your credit manager</dt>
          <dd data-testid="credit-manager">
            {manager.name}
            {manager.mobile && (
              <>
                , <a href={`tel:${manager.mobile}`}>{manager.mobile}</a>
              </>
            )}
            {manager.email && (
              <>
                , <a href={`mailto:${manager.email}`}>{manager.email}</a>
              </>
            )}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** What the customer does next at each stage: a sentence and the screen that does it. */
export function NextStep({ where, profile }: { where: ApplicationStage; profile: Profile }) {
  if (where.stage === 'review' || where.stage === 'approved') {
    const approved = where.stage === 'approved';
    return (
      <div className={styles.panel}>
        <h2>{approved ? 'Your loan is approved' : 'Your loan application is complete'}</h2>
        <p>
          {approved
            ? 'Accept the Key Fact Statement on your application preview if we ask you to; the money is then paid into your bank account.'
            : `Our team is reviewing it: there is nothing for you to do now. Most applications get a decision within ${site.loan.decisionHours} hours, and it shows here on your loan home.`}
        </p>
        <ApplicationFacts profile={profile} />
        {profile.lead_details.lead_id !== null && <ApplicationFigures leadId={profile.lead_details.lead_id} />}
        <Link to={screenPath('lead-preview')} className="button">
          View Your Application
        </Link>
      </div>
    );
  }
  const step = APPLICATION_STEPS[where.step ?? 0] ?? APPLICATION_STEPS[0];
  const refused = where.previous === 'rejected' && !where.started;
  const heading = where.started
    ? `Next: ${step?.title}`
    : refused
      ? 'We could not approve your last application'
      : 'You are eligible for a loan';
  return (
    <div className={styles.panel}>
      <h2>{heading}</h2>
      {!where.started && profile.loan_offer && <LoanOffer offer={profile.loan_offer} />}
      {where.sentBackReason && (
        <p role="status">
          <strong>Our team sent your application back:</strong> {where.sentBackReason} Make the change, then confirm
          your bank details to send it again.
        </p>
      )}
      {refused && (
        <>
          <ApplicationFacts profile={{ ...profile, excutive_details: null }} />
          <p>
            You are still eligible and may apply again now: a new application is looked at afresh, with your current
            income and documents.
          </p>
        </>
      )}
      {where.started && <ApplicationFacts profile={{ ...profile, excutive_details: null }} />}
      {where.started && profile.lead_details.lead_id !== null && (
        <ApplicationFigures leadId={profile.lead_details.lead_id} />
      )}
      <p>
        {where.started
          ? step?.summary
          : 'Apply in four steps: choose the amount and the tenure, tell us about your employer, upload your documents and give your bank details.'}
      </p>
      {step && (
        <Link to={screenPath(step.screen)} className="button">
          {where.started ? 'Continue Loan Application' : refused ? 'Apply again' : 'Start Loan Application'}
        </Link>
      )}
    </div>
  );
}
