import { useId } from 'react';
import { stepScreen } from '../navigation/screens.ts';
import { ProgressBar } from './ProgressBar.tsx';
import { type StepCard, StepCardList } from './StepCards.tsx';

/** The loan application's four steps in order (product.md §2), each opening its event's screen. */
export const APPLICATION_STEPS: readonly StepCard[] = [
  {
    key: 'generate_loan_quote',
    title: 'Loan Calculator',
    summary: 'Choose the purpose, the amount and the tenure, and read the Key Fact Statement.',
  },
  {
    key: 'employment_details',
    title: 'Employment Information',
    summary: 'Your employer, your designation and where you work.',
  },
  {
    // Every document event opens the one documents screen.
    key: 'aadhaar_upload',
    title: 'Upload Your Documents',
    summary: 'Aadhaar, PAN, bank statement, salary slip and utility bill, as asked.',
  },
  { key: 'banking_details', title: 'Banking Details', summary: 'The account your loan is paid into.' },
].map((step) => ({ ...step, screen: stepScreen(step.key) }));

export interface ApplicationCardsProps {
  /** The step to do now (0 to 3). */
  current: number;
  /** The application's progress (0 to 100); at 100 every step is done and locked (product.md §4). */
  percent: number;
}

/** The loan application section of the eligibility page: its progress and the four step cards. */
export function ApplicationCards({ current, percent }: ApplicationCardsProps) {
  const id = useId();
  const complete = percent >= 100;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>Loan Application</h2>
      <ProgressBar label="Application completed" percent={percent} />
      <StepCardList
        steps={APPLICATION_STEPS}
        current={complete ? APPLICATION_STEPS.length : current}
        allDisabled={complete}
      />
    </section>
  );
}
