import { Link } from './components/Link.tsx';
import styles from './components/Screen.module.css';
import { ScreenTitle } from './components/ScreenTitle.tsx';
import { screenPath } from './routes.ts';
import type { ScreenProps } from './screenProps.ts';

/** The eligible customer's start (guarded by the router: eligibility 1 only). */
export default function Eligibility({ route }: ScreenProps) {
  return (
    <>
      <ScreenTitle>{route.title}</ScreenTitle>
      <div className={styles.panel}>
        <h2>You are eligible for a loan</h2>
        <p>
          Continue with your loan application in four steps: choose the amount and the tenure, tell us about your
          employer, upload your documents and give your bank details.
        </p>
        <Link to={screenPath('calculate-loan')} className="button">
          Start Loan Application
        </Link>
      </div>
    </>
  );
}
