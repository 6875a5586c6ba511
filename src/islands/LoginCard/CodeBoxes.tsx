import { CharacterBoxes } from '../shared/CharacterBoxes.tsx';
import type { FieldErrors } from '../shared/fieldErrors.tsx';
import styles from './LoginCard.module.css';
import { CODE_DIGITS, type Field, type SignInFlow } from './useSignInFlow.ts';

interface CodeBoxesProps {
  id: string;
  code: SignInFlow['code'];
  errors: FieldErrors<Field>;
}

/** The code's four labelled numeric boxes and their error; the first offers the SMS's code to autofill. */
export function CodeBoxes({ id, code, errors }: CodeBoxesProps) {
  return (
    <>
      <fieldset className={styles.codeGroup}>
        <legend>One-time code</legend>
        <CharacterBoxes
          boxes={code}
          length={CODE_DIGITS}
          idPrefix={`${id}-digit`}
          label={(index) => `Digit ${index + 1} of ${CODE_DIGITS}`}
          classes={{ boxes: styles.boxes, box: styles.box }}
          input={(index) => ({
            inputMode: 'numeric',
            pattern: '[0-9]*',
            autoComplete: index === 0 ? 'one-time-code' : 'off',
            ...errors.inputProps('otp'),
          })}
        />
      </fieldset>
      {errors.message('otp', { role: 'alert' })}
    </>
  );
}
