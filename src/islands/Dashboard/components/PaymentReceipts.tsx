import { useState } from 'react';
import { API } from '../../../lib/api/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { receiptFileName } from '../../../lib/receiptPdf.ts';
import { fetchPdf, saveFile } from '../../shared/pdfDownload.ts';
import { useCall } from '../../shared/useCall.ts';
import { type Collection, rupees } from '../state/loans.ts';
import { $session, endSession } from '../state/sessionStore.ts';
import { BusyButton } from './BusyButton.tsx';
import form from './Form.module.css';
import styles from './Screen.module.css';
import own from './StatementDownloads.module.css';

/**
 * The receipt (PDF) of each payment applied to the loan, on its details screen (issue 23): the
 * amount, what it paid, what was left and the next date. Payments held for refund have none.
 */
export function PaymentReceipts({ collections }: { collections: Collection[] }) {
  const { busy, run } = useCall<string>();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState('');
  const applied = collections.filter((payment) => !payment.held_for_refund && payment.reference);
  if (applied.length === 0) return null;

  const download = (reference: string) =>
    run(reference, async () => {
      setError(null);
      setSaved('');
      const { token } = $session.get();
      if (!token) return endSession();
      const answer = await fetchPdf(API.receiptPdf, { reference }, token);
      if ('error' in answer) {
        if (answer.sessionDead) return endSession();
        return setError(answer.error);
      }
      const filename = receiptFileName(reference);
      saveFile(answer.blob, filename);
      setSaved(`Saved ${filename}.`);
    });

  return (
    <section className={styles.panel} aria-labelledby="payment-receipts" aria-busy={busy !== null}>
      <h2 id="payment-receipts">Receipts</h2>
      <p className={form.hint}>The receipt of each payment: what it paid, and what was left after it.</p>
      <div className={own.actions}>
        {applied.map((payment) => (
          <BusyButton
            key={`${payment.source}-${payment.reference}`}
            type="button"
            variant="ghost"
            busy={busy === payment.reference}
            disabled={busy !== null}
            busyText="Preparing…"
            onClick={() => download(payment.reference)}
          >
            Receipt of {rupees(payment.amount)} paid on {formatDate(payment.date)} (PDF)
          </BusyButton>
        ))}
      </div>
      {error && (
        <p className={own.error} role="alert">
          {error}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {saved}
      </p>
    </section>
  );
}
