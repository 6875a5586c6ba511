/**
 * The payment method dialog (src/islands/shared/payment/MethodDialog.tsx): a native <dialog> whose
 * close event is queued. Closed (Escape, Cancel) and opened again at once, as a quick keyboard user
 * does with Escape and then Enter on Proceed to Pay, the close event of the first close arrives with
 * the dialog open again: it must not close it.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import site from '../../content/site.json' with { type: 'json' };
import { MethodDialog, type MethodDialogProps } from '../../src/islands/shared/payment/MethodDialog.tsx';

const container = document.createElement('div');
afterEach(() => container.remove());

it('closed and opened again before the close event comes: it stays open, and only the close asked for is told', async () => {
  document.body.append(container);
  const root = createRoot(container);
  let closes = 0;
  const props: MethodDialogProps = {
    open: true,
    providers: site.payments.providers as MethodDialogProps['providers'],
    busy: null,
    summary: 'You will pay the whole due of ₹5,025.',
    busyLabel: (_kind, label) => label,
    onRazorpay: () => {},
    onPayu: () => {},
    onClose: () => {
      closes += 1;
    },
  };
  flushSync(() => root.render(<MethodDialog {...props} />));
  const dialog = container.querySelector('dialog') as HTMLDialogElement;
  expect(dialog.open).toBe(true);
  // Closed by the page and opened again in the same task: the first close's event is still queued.
  flushSync(() => root.render(<MethodDialog {...props} open={false} />));
  expect(dialog.open).toBe(false);
  flushSync(() => root.render(<MethodDialog {...props} open />));
  await new Promise((done) => setTimeout(done, 50));
  expect(dialog.open).toBe(true);
  expect(closes).toBe(0);
  root.unmount();
});
