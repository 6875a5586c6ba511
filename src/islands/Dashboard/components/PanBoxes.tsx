import { useState } from 'react';
import { CharacterBoxes } from '../../shared/CharacterBoxes.tsx';
import { useCharacterBoxes } from '../../shared/useCharacterBoxes.ts';
import panStyles from './PanBoxes.module.css';

const PAN_LENGTH = 10;

/** product.md §5: boxes 1 to 5 take letters, 6 to 9 digits, 10 a letter. */
const isDigitBox = (index: number) => index >= 5 && index <= 8;
const fits = (index: number, character: string) =>
  isDigitBox(index) ? /^\d$/.test(character) : /^[A-Z]$/.test(character);
/** Upper-cased letters and digits; a PAN inside longer text ("PAN: abcpe 1234 f") is taken on its own. */
function clean(text: string): string {
  const plain = text.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return /[A-Z]{5}\d{4}[A-Z]/.exec(plain)?.[0] ?? plain;
}
const kindOf = (index: number) => (isDigitBox(index) ? 'a digit' : 'a letter');
/** Said when a character does not fit its box, so a refused key is never silent. */
const wrongKind = (index: number) =>
  isDigitBox(index) ? 'Characters 6 to 9 of a PAN are digits.' : 'This character of a PAN is a letter.';

/** The PAN's ten boxes' state; `onEdit` runs on every change the person makes. */
export function usePanBoxes(onEdit?: () => void) {
  const [refused, setRefused] = useState('');
  const boxes = useCharacterBoxes({
    length: PAN_LENGTH,
    clean,
    fits,
    onEdit: () => {
      setRefused('');
      onEdit?.();
    },
    onRefuse: (index) => setRefused(wrongKind(index)),
  });
  return { ...boxes, refused };
}

export interface PanBoxesProps {
  pan: ReturnType<typeof usePanBoxes>;
  idPrefix: string;
  invalid: boolean;
}

/**
 * The PAN in ten boxes, grouped as on the card (5 letters, 4 digits, 1 letter). Each box asks for the
 * keyboard of what it takes (docs/decisions.md, "The smaller phone findings (issue 25)"): letters for
 * 1 to 5 and 10, the number pad for 6 to 9; the groups are drawn apart and named under the boxes, and
 * each box's label says what it takes, so the change of keyboard comes where the card changes.
 */
export function PanBoxes({ pan, idPrefix, invalid }: PanBoxesProps) {
  return (
    <div className={panStyles.wrap}>
      <CharacterBoxes
        boxes={pan}
        length={PAN_LENGTH}
        idPrefix={idPrefix}
        label={(index) => `PAN character ${index + 1} of ${PAN_LENGTH}, ${kindOf(index)}`}
        classes={{ boxes: panStyles.boxes, box: panStyles.box }}
        input={(index) => ({
          inputMode: isDigitBox(index) ? 'numeric' : 'text',
          ...(isDigitBox(index) ? { pattern: '[0-9]*' } : { autoCapitalize: 'characters' }),
          autoComplete: 'off',
          autoCorrect: 'off',
          spellCheck: false,
          'aria-invalid': invalid ? true : undefined,
        })}
      />
      <div className={panStyles.groups} aria-hidden="true">
        <span className={panStyles.letters}>Letters</span>
        <span className={panStyles.digits}>Digits</span>
        <span className={panStyles.last}>Letter</span>
      </div>
      <p className={panStyles.refused} role="status">
        {pan.refused}
      </p>
    </div>
  );
}
