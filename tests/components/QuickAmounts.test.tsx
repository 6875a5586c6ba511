/**
 * The repayment screen's and the repay page's quick amounts (src/islands/shared/payment/QuickAmounts.tsx,
 * issue 25, findings 8 and 9) at the edges a live loan rarely reaches in a browser test: a due equal to
 * the close-today figure or under ₹1 is no choice of its own, and every figure is written one way
 * (paise only when there are paise).
 */
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { type AmountChoice, chosenAmount, QuickAmounts } from '../../src/islands/shared/payment/QuickAmounts.tsx';
import { type Drawn, draw } from './draw.tsx';

/** The choices as a screen keeps them, with the amount the order would ask for shown beside. */
function Choices({ closeToday, due }: { closeToday: number; due: number }) {
  const [choice, setChoice] = useState<AmountChoice>('close');
  return (
    <>
      <QuickAmounts name="t" closeToday={closeToday} due={due} choice={choice} onChoose={setChoice} />
      <output data-testid="asked">{chosenAmount(choice, '750.25', closeToday, due) || 'the whole due'}</output>
    </>
  );
}

const radios = () => page.getByRole('radio').all();
const names = async () => Promise.all((await radios()).map((radio) => radio.element().parentElement?.textContent));

let drawn: Drawn | undefined;
afterEach(() => drawn?.remove());

describe('the quick amounts', () => {
  it('offer the due when it is less than what closes the loan today, each figure with its paise only when it has them', async () => {
    drawn = draw(<Choices closeToday={21_853.88} due={20_150} />);
    expect(await names()).toEqual(['Close today ₹21,853.88', 'Pay the due ₹20,150', 'Another amount']);
    await expect.element(page.getByRole('radio', { name: 'Close today ₹21,853.88' })).toBeChecked();
    await expect.element(page.getByTestId('asked')).toHaveTextContent('the whole due');
    await page.getByRole('radio', { name: 'Pay the due ₹20,150' }).click();
    await expect.element(page.getByTestId('asked')).toHaveTextContent('20150.00');
    await page.getByRole('radio', { name: 'Another amount' }).click();
    await expect.element(page.getByTestId('asked')).toHaveTextContent('750.25');
  });

  it.each([
    ['equal to the close-today figure', 20_150, 20_150],
    ['more than it (before the repayment date)', 20_000, 20_600],
    ['under ₹1', 21_853.88, 0.5],
  ])('leave the due out when it is %s', async (_, closeToday, due) => {
    drawn = draw(<Choices closeToday={closeToday} due={due} />);
    expect(await names()).toHaveLength(2);
    await expect.element(page.getByRole('radio', { name: /^Pay the due/ })).not.toBeInTheDocument();
    await expect.element(page.getByRole('radio', { name: 'Another amount' })).toBeVisible();
  });
});
