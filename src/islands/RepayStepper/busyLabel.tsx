import type { ReactNode } from 'react';
import styles from './RepayStepper.module.css';
import type { Busy } from './useRepayFlow.ts';

/** What a button shows while its request runs. */
export function Waiting() {
  return (
    <>
      <span className={styles.spinner} aria-hidden="true" />
      Please wait…
    </>
  );
}

/** The stepper's button labels while `busy` runs: a button's own label, or Waiting for the running one. */
export const busyLabels =
  (busy: Busy) =>
  (kind: Busy, label: ReactNode): ReactNode =>
    busy === kind ? <Waiting /> : label;
