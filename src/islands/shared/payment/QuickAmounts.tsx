import { formatRupees, paiseFromRupees, rupeesText } from '../../../lib/money.ts';
import styles from './QuickAmounts.module.css';

/** Close the loan today, pay the scheduled due, or another amount typed in the field. */
export type AmountChoice = 'close' | 'due' | 'other';

export interface QuickAmountsProps {
  /** The radios' name and the prefix of their ids. */
  name: string;
  /** The server's figure that closes the loan today, in rupees. */
  closeToday: number;
  /** The server's scheduled due, in rupees: offered only when it is less than the close-today figure. */
  due: number;
  choice: AmountChoice;
  onChoose: (choice: AmountChoice) => void;
}

/** Whether "Pay the due" is a choice of its own: at least ₹1 and less than what closes the loan today. */
const dueDiffers = (closeToday: number, due: number) =>
  paiseFromRupees(due) >= 100 && paiseFromRupees(due) < paiseFromRupees(closeToday);

/**
 * The amount the order asks for (rupees as typed; '' is the whole due): nothing is computed here,
 * each choice is one of the server's figures or what the payer typed.
 */
export function chosenAmount(choice: AmountChoice, typed: string, closeToday: number, due: number): string {
  if (choice === 'close') return '';
  if (choice === 'due' && dueDiffers(closeToday, due)) return rupeesText(paiseFromRupees(due));
  return typed;
}

/**
 * The quick amount choices of the repayment screen and the repay page (issue 25, finding 8):
 * "Close today ₹X", "Pay the due ₹Y" when it differs, and "Another amount" (the field below them).
 */
export function QuickAmounts({ name, closeToday, due, choice, onChoose }: QuickAmountsProps) {
  const options: [AmountChoice, string][] = [
    ['close', `Close today ${formatRupees(closeToday)}`],
    ...(dueDiffers(closeToday, due) ? [['due', `Pay the due ${formatRupees(due)}`] as [AmountChoice, string]] : []),
    ['other', 'Another amount'],
  ];
  return (
    <fieldset className={styles.choices}>
      <legend className={styles.legend}>How much do you want to pay?</legend>
      {options.map(([value, label]) => (
        <label key={value} className={styles.choice}>
          <input type="radio" name={name} value={value} checked={choice === value} onChange={() => onChoose(value)} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
