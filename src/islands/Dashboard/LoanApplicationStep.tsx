import { Link } from './components/Link.tsx';
import styles from './components/Screen.module.css';
import { ScreenTitle } from './components/ScreenTitle.tsx';
import { screenPath } from './routes.ts';
import type { ScreenProps } from './screenProps.ts';

/** A loan application screen that is not built yet: its title and a plain note (the next issue builds them). */
export default function LoanApplicationStep({ route }: ScreenProps) {
  return (
    <>
      <ScreenTitle>{route.title}</ScreenTitle>
      <div className={styles.panel}>
        <p>This step opens after your loan application starts.</p>
        <Link to={screenPath('eligibility')}>Back to your eligibility</Link>
      </div>
    </>
  );
}
