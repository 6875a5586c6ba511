import type { FieldErrors } from '../shared/fieldErrors.tsx';
import card from '../shared/IslandCard.module.css';
import { busyLabels } from './busyLabel.tsx';
import styles from './RepayStepper.module.css';
import type { Field, RepayFlow } from './useRepayFlow.ts';

interface PanStepProps {
  /** The stepper's id, the prefix of its fields' ids. */
  id: string;
  flow: RepayFlow;
  errors: FieldErrors<Field>;
}

/** The first step: the borrower's PAN, for a code to the loan's mobile number. */
export function PanStep({ id, flow, errors }: PanStepProps) {
  return (
    <form className={card.form} noValidate onSubmit={flow.submitPan}>
      {flow.notice && <p className={styles.notice}>{flow.notice}</p>}
      <div className={card.field}>
        <label htmlFor={`${id}-pan`}>PAN</label>
        <input
          ref={flow.refs.panInput}
          id={`${id}-pan`}
          className={`${styles.input} ${styles.code}`}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={10}
          placeholder="ABCDE1234F"
          value={flow.pan}
          {...errors.inputProps('pan', `${id}-pan-hint`)}
          onChange={(event) => flow.typePan(event.target.value)}
        />
        <p id={`${id}-pan-hint`} className={card.hint}>
          The borrower's 10-character PAN. We send a one-time code to the mobile number registered with the loan.
        </p>
        {errors.message('pan')}
      </div>
      <button
        type="submit"
        className={`button ${card.submit}`}
        disabled={flow.busy !== null}
        aria-busy={flow.busy === 'send' ? true : undefined}
      >
        {busyLabels(flow.busy)('send', 'Get OTP')}
      </button>
    </form>
  );
}
