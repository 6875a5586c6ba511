/**
 * The PAN's ten boxes of the dashboard's PAN screen (src/islands/Dashboard/components/PanBoxes.tsx),
 * typed and pasted into with the browser's own events (issue 25, finding 11): each box asks for the
 * keyboard of what it takes and says so, a whole PAN pasted into any box fills all ten, and a key the
 * box cannot take is refused with a reason instead of silently.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { PanBoxes, usePanBoxes } from '../../src/islands/Dashboard/components/PanBoxes.tsx';
import { type Drawn, draw } from './draw.tsx';

function Pan() {
  const pan = usePanBoxes();
  return (
    <>
      <PanBoxes pan={pan} idPrefix="pan" invalid={false} />
      <output aria-label="Value">{pan.value}</output>
    </>
  );
}

const NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const box = (n: number) => page.getByRole('textbox', { name: `PAN character ${n} of 10,` });
const values = () => Promise.all(NUMBERS.map((n) => (box(n).element() as HTMLInputElement).value));
const paste = (n: number, text: string) => {
  const data = new DataTransfer();
  data.setData('text/plain', text);
  box(n)
    .element()
    .dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
};

let drawn: Drawn;
beforeEach(() => {
  drawn = draw(<Pan />);
});
afterEach(() => drawn.remove());

describe('the PAN boxes', () => {
  it('ask for letters in boxes 1 to 5 and 10 and the number pad in 6 to 9, and each label says which', async () => {
    for (const n of NUMBERS) {
      const digit = n >= 6 && n <= 9;
      await expect
        .element(page.getByRole('textbox', { name: `PAN character ${n} of 10, ${digit ? 'a digit' : 'a letter'}` }))
        .toHaveAttribute('inputmode', digit ? 'numeric' : 'text');
    }
    // The keyboard changes where the card does: the groups are drawn apart and named under the boxes.
    await expect.element(page.getByText('Letters', { exact: true })).toBeVisible();
    await expect.element(page.getByText('Digits', { exact: true })).toBeVisible();
    const fifth = (box(5).element() as HTMLElement).getBoundingClientRect();
    const sixth = (box(6).element() as HTMLElement).getBoundingClientRect();
    const fourth = (box(4).element() as HTMLElement).getBoundingClientRect();
    expect(sixth.left - fifth.right).toBeGreaterThan(fifth.left - fourth.right);
  });

  it('a whole PAN pasted into any box fills all ten, also in lower case or inside other text', async () => {
    paste(7, 'abcpe1234f');
    await expect.poll(values).toEqual('ABCPE1234F'.split(''));
    await expect.element(page.getByRole('status', { name: 'Value' })).toHaveTextContent('ABCPE1234F');
    paste(3, 'PAN: XYZPQ 9876 K ');
    await expect.poll(values).toEqual('XYZPQ9876K'.split(''));
    paste(1, 'My PAN is BBBPB4321B.');
    await expect.poll(values).toEqual('BBBPB4321B'.split(''));
  });

  it('a whole PAN autofilled into the first box is spread over the ten', async () => {
    await userEvent.fill(box(1), 'ABCPE1234F');
    await expect.poll(values).toEqual('ABCPE1234F'.split(''));
  });

  it('typing advances through the groups; a letter in a digit box is refused with the reason', async () => {
    await box(1).click();
    await userEvent.keyboard('abcpe');
    await expect.element(box(6)).toHaveFocus();
    await userEvent.keyboard('x');
    await expect.element(box(6)).toHaveValue('');
    await expect.element(page.getByText('Characters 6 to 9 of a PAN are digits.')).toBeVisible();
    await userEvent.keyboard('1234');
    await expect.element(page.getByText('Characters 6 to 9 of a PAN are digits.')).not.toBeInTheDocument();
    await expect.element(box(10)).toHaveFocus();
    await userEvent.keyboard('7');
    await expect.element(page.getByText('This character of a PAN is a letter.')).toBeVisible();
    await userEvent.keyboard('f');
    expect(await values()).toEqual('ABCPE1234F'.split(''));
  });
});
