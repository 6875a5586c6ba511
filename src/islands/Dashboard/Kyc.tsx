import { useStore } from '@nanostores/react';
import { ProfileState } from './components/ProfileState.tsx';
import styles from './components/Screen.module.css';
import { ScreenTitle } from './components/ScreenTitle.tsx';
import kycStyles from './components/Table.module.css';
import type { ScreenProps } from './screenProps.ts';
import { $session } from './sessionStore.ts';
import { currentStepIndex } from './steps.ts';
import { useProfile } from './useProfile.ts';

/** Documents the loan application asks for later (dashboard.md §3 document ids); none is requested yet. */
const LOAN_DOCUMENTS = [
  'Aadhar card (front and back)',
  'PAN card copy',
  'Bank statement',
  'Salary slip',
  'Utility bill',
];
const NOT_REQUESTED = 'Not yet requested';

/** The customer's document checklist with each document's state (decisions.md §8). */
export default function Kyc({ route }: ScreenProps) {
  const session = useStore($session);
  const { profile, loading, error, retry } = useProfile();
  const step = currentStepIndex(session.nextStep);
  const panVerified = Boolean(profile?.profile_details.pancard) || step > 0;
  const selfieGiven = Boolean(profile?.profile_pic) || step > 4;
  const rows: [string, string, boolean][] = [
    ['PAN', panVerified ? 'Verified' : 'Pending', panVerified],
    ['Selfie', selfieGiven ? 'Uploaded' : 'Pending', selfieGiven],
    ...LOAN_DOCUMENTS.map((name): [string, string, boolean] => [name, NOT_REQUESTED, false]),
  ];
  return (
    <>
      <ScreenTitle>{route.title}</ScreenTitle>
      <p className={styles.intro}>
        The documents we hold for you and those we will ask for when your loan application reaches them.
      </p>
      <ProfileState loading={loading && !profile} error={error} retry={retry} />
      <table className={kycStyles.table}>
        <caption className="visually-hidden">Your KYC documents and their state</caption>
        <thead>
          <tr>
            <th scope="col">Document</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, state, done]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td className={done ? kycStyles.done : kycStyles.waiting}>{state}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
