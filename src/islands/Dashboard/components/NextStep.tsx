import { screenPath } from '../navigation/screens.ts';
import type { ApplicationStage } from '../state/applicationStage.ts';
import { APPLICATION_STEPS } from './ApplicationCards.tsx';
import { Link } from './Link.tsx';
import styles from './Screen.module.css';

/** What the customer does next at each stage: a sentence and the screen that does it. */
export function NextStep({ where }: { where: ApplicationStage }) {
  if (where.stage === 'review' || where.stage === 'approved') {
    const approved = where.stage === 'approved';
    return (
      <div className={styles.panel}>
        <h2>{approved ? 'Your loan is approved' : 'Your loan application is complete'}</h2>
        <p>
          {approved
            ? 'Accept the Key Fact Statement on your application preview if we ask you to; the money is then paid into your bank account.'
            : 'Our team is reviewing it: there is nothing for you to do now. Every step is locked; you can follow the decision on your application preview.'}
        </p>
        <Link to={screenPath('lead-preview')} className="button">
          View Your Application
        </Link>
      </div>
    );
  }
  const step = APPLICATION_STEPS[where.step ?? 0] ?? APPLICATION_STEPS[0];
  return (
    <div className={styles.panel}>
      <h2>{where.started ? `Next: ${step?.title}` : 'You are eligible for a loan'}</h2>
      {where.sentBackReason && (
        <p role="status">
          <strong>Our team sent your application back:</strong> {where.sentBackReason} Make the change, then confirm
          your bank details to send it again.
        </p>
      )}
      {where.previous === 'repaid' && <p>Your last loan is fully repaid. Thank you.</p>}
      {where.previous === 'rejected' && <p>We could not approve your last application. You may apply again.</p>}
      <p>
        {where.started
          ? step?.summary
          : 'Apply in four steps: choose the amount and the tenure, tell us about your employer, upload your documents and give your bank details.'}
      </p>
      {step && (
        <Link to={screenPath(step.screen)} className="button">
          {where.started ? 'Continue Loan Application' : 'Start Loan Application'}
        </Link>
      )}
    </div>
  );
}
