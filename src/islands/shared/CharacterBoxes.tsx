import type { InputHTMLAttributes } from 'react';
import type { useCharacterBoxes } from './useCharacterBoxes.ts';

export interface CharacterBoxesProps {
  /** The boxes' value and handlers. */
  boxes: ReturnType<typeof useCharacterBoxes>;
  length: number;
  /** Box `index`'s id is `${idPrefix}-${index}`. */
  idPrefix: string;
  /** Each box's own (visually hidden) label: "Digit 1 of 4". */
  label: (index: number) => string;
  /** The row's and each box's classes; `spacer` marks the boxes that start a new group (the PAN's). */
  classes: { boxes: string | undefined; box: string | undefined; spacer?: (index: number) => string | undefined };
  /** The attributes every box shares, or box `index`'s own. */
  input: (index: number) => InputHTMLAttributes<HTMLInputElement>;
}

/**
 * A value typed one character per box (useCharacterBoxes): the sign-in code's four digits and the
 * PAN's ten characters draw the same row of labelled boxes.
 */
export function CharacterBoxes({ boxes, length, idPrefix, label, classes, input }: CharacterBoxesProps) {
  return (
    <div className={classes.boxes}>
      {Array.from({ length }, (_, index) => index).map((index) => (
        <span key={index} className={classes.spacer?.(index)}>
          <label htmlFor={`${idPrefix}-${index}`} className="visually-hidden">
            {label(index)}
          </label>
          <input
            {...boxes.boxProps(index)}
            id={`${idPrefix}-${index}`}
            className={classes.box}
            type="text"
            {...input(index)}
          />
        </span>
      ))}
    </div>
  );
}
