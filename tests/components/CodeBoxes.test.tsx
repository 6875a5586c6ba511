/**
 * The sign-in code's four boxes (src/islands/LoginCard/CodeBoxes.tsx with the card's own box
 * options), typed into with the real keyboard of the browser: the behaviour a customer's thumbs meet,
 * without a page, a server and a code request before it. The card's whole flow stays in
 * tests/e2e/signIn.spec.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { CodeBoxes } from '../../src/islands/LoginCard/CodeBoxes.tsx';
import { CODE_BOXES, type Field } from '../../src/islands/LoginCard/useSignInFlow.ts';
import { fieldErrors } from '../../src/islands/shared/fieldErrors.tsx';
import { useCharacterBoxes } from '../../src/islands/shared/useCharacterBoxes.ts';
import { type Drawn, draw } from './draw.tsx';

function Code({ error }: { error?: string }) {
  const code = useCharacterBoxes(CODE_BOXES);
  const errors = fieldErrors<Field>('card', error ? { field: 'otp', text: error } : null);
  return <CodeBoxes id="card" code={code} errors={errors} />;
}

const box = (n: number) => page.getByRole('textbox', { name: `Digit ${n} of 4` });
const values = () => Promise.all([1, 2, 3, 4].map((n) => (box(n).element() as HTMLInputElement).value));

let drawn: Drawn;
beforeEach(async () => {
  drawn = draw(<Code />);
  await box(1).click();
});
afterEach(() => drawn.remove());

describe('the code boxes', () => {
  it('are four labelled numeric boxes; the first offers the SMS code to autofill', async () => {
    for (const n of [1, 2, 3, 4]) {
      await expect.element(box(n)).toHaveAttribute('inputmode', 'numeric');
      await expect.element(box(n)).toHaveAttribute('autocomplete', n === 1 ? 'one-time-code' : 'off');
      await expect.element(box(n)).toHaveValue('');
    }
    await expect.element(page.getByRole('group', { name: 'One-time code' })).toBeVisible();
  });

  it('typing advances from box to box, and letters are refused', async () => {
    await userEvent.keyboard('1');
    await expect.element(box(2)).toHaveFocus();
    await userEvent.keyboard('x');
    await expect.element(box(2)).toHaveValue('');
    await expect.element(box(2)).toHaveFocus();
    await userEvent.keyboard('234');
    expect(await values()).toEqual(['1', '2', '3', '4']);
    await expect.element(box(4)).toHaveFocus();
  });

  it('Backspace on an empty box clears the box before and moves there; in a filled box it deletes only its own', async () => {
    await userEvent.keyboard('12');
    await expect.element(box(3)).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    await expect.element(box(2)).toHaveFocus();
    expect(await values()).toEqual(['1', '', '', '']);
    await userEvent.keyboard('{Backspace}');
    await expect.element(box(1)).toHaveFocus();
    expect(await values()).toEqual(['', '', '', '']);
    await userEvent.keyboard('789');
    await box(2).click();
    await userEvent.keyboard('{End}{Backspace}');
    await expect.element(box(2)).toHaveFocus();
    expect(await values()).toEqual(['7', '', '9', '']);
  });

  it('the arrow keys move between the boxes and stop at either end; a digit typed into a filled box replaces it', async () => {
    await userEvent.keyboard('123');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect.element(box(2)).toHaveFocus();
    await userEvent.keyboard('9');
    expect(await values()).toEqual(['1', '9', '3', '']);
    await expect.element(box(3)).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect.element(box(4)).toHaveFocus();
    await box(1).click();
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(box(1)).toHaveFocus();
  });

  it('a code pasted into any box fills all four, whatever surrounds its digits', async () => {
    const third = box(3).element() as HTMLInputElement;
    const data = new DataTransfer();
    data.setData('text/plain', ' 48-21 ');
    third.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    await expect.poll(values).toEqual(['4', '8', '2', '1']);
  });

  it('a code autofilled whole into the first box is spread over the four', async () => {
    await userEvent.fill(box(1), '5678');
    await expect.poll(values).toEqual(['5', '6', '7', '8']);
  });
});

describe('the code boxes with an error', () => {
  it('every box is invalid and described by the message, which is an alert', async () => {
    drawn.remove();
    drawn = draw(<Code error="Please enter the 4-digit code." />);
    const alert = page.getByRole('alert');
    await expect.element(alert).toHaveTextContent('Please enter the 4-digit code.');
    const errorId = alert.element().id;
    expect(errorId).toBe('card-otp-error');
    for (const n of [1, 2, 3, 4]) {
      await expect.element(box(n)).toHaveAttribute('aria-invalid', 'true');
      await expect.element(box(n)).toHaveAttribute('aria-describedby', errorId);
    }
  });
});
