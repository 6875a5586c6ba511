/**
 * /thanku's receipt: after the inline script has shown the status from the address, this asks the
 * server for THIS payment (by the address's transaction id) with the dashboard's session or the
 * repay page's, and shows the amount, the loan, the date, the reference and the balance left. The
 * server's status wins over the address's. A payment still being confirmed is asked again a few
 * times with its progress shown; without a session that may read it, the page says to sign in.
 */
import { fetchPdf, saveFile } from '../islands/shared/pdfDownload.ts';
import { callApi, failureMessage, NetworkError } from '../lib/api/client.ts';
import { isSessionDead, STATUS } from '../lib/api/envelope.ts';
import { API } from '../lib/api/paths.ts';
import { formatDate } from '../lib/format.ts';
import { formatPaise } from '../lib/money.ts';
import { RECEIPT_PATH, REPAY_TOKEN_KEY, type Receipt, type ReceiptStatus } from '../lib/receipt.ts';
import { receiptFileName } from '../lib/receiptPdf.ts';
import { readSession } from '../lib/session.ts';

/** The waits between checks while a payment is being confirmed: soon at first, then less often (35 s in all). */
const WAITS_MS = [2_000, 3_000, 5_000, 5_000, 10_000, 10_000];
const CHECKS = WAITS_MS.length + 1;

const STATUS_WORDS: Record<ReceiptStatus, string> = {
  SUCCESS: 'Successful',
  PENDING: 'Being confirmed',
  FAILED: 'Failed',
  CANCEL: 'Cancelled',
  REFUND: 'Received, to be refunded',
};
/** Which block of the card each status shows. */
const BLOCKS: Record<ReceiptStatus, 'success' | 'pending' | 'failure' | 'refund'> = {
  SUCCESS: 'success',
  PENDING: 'pending',
  FAILED: 'failure',
  CANCEL: 'failure',
  REFUND: 'refund',
};

const root = document.querySelector<HTMLElement>('[data-payment-result="thanku"]');
const query = new URLSearchParams(location.search);
const txnId = (query.get('txnId') ?? '').trim();
/**
 * A payment the provider reported failed or cancelled took no money through us: its id is often one we
 * never recorded (a provider's failed attempt), so looking it up would only answer "no payment of
 * yours" under the id the page shows (issue 25). The page keeps the address's outcome and the id.
 */
const unpaid = ['FAILED', 'CANCEL'].includes((query.get('txnStatus') ?? '').trim().toUpperCase());
if (root && !unpaid && /^[\w-]{1,80}$/.test(txnId) && txnId !== 'N/A') void start(root);

async function start(card: HTMLElement) {
  const note = card.querySelector<HTMLElement>('[data-receipt-note]') as HTMLElement;
  const progress = card.querySelector<HTMLProgressElement>('[data-receipt-progress]') as HTMLProgressElement;
  const again = card.querySelector<HTMLButtonElement>('[data-receipt-again]') as HTMLButtonElement;
  const signIn = card.querySelector<HTMLElement>('[data-receipt-sign-in]') as HTMLElement;
  const download = card.querySelector<HTMLButtonElement>('[data-receipt-download]') as HTMLButtonElement;
  /** The session that read this payment, and its reference: the receipt PDF is asked with them. */
  let reader: { token: string; reference: string } | null = null;
  // The note stays in the page (a live region that appears late may go unannounced); empty, it takes no room.
  const say = (text: string) => {
    note.textContent = text;
  };
  const show = (name: string, visible: boolean) => {
    for (const el of card.querySelectorAll<HTMLElement>(`[data-show="${name}"]`)) el.hidden = !visible;
  };
  const fact = (name: string, value: string | null) => {
    const row = card.querySelector<HTMLElement>(`[data-fact="${name}"]`);
    const cell = row?.querySelector('dd');
    if (!row || !cell) return;
    row.hidden = value === null;
    cell.textContent = value ?? '';
  };

  // The dashboard's session first; then the repay page's (a payer may repay a loan not their own sign-in's).
  let token: string | null = null;
  try {
    token = sessionStorage.getItem(REPAY_TOKEN_KEY);
  } catch {}
  const tokens = [readSession('token'), token].filter((value): value is string => Boolean(value));
  if (tokens.length === 0) {
    signIn.hidden = false;
    return;
  }

  const render = (receipt: Receipt) => {
    const block = BLOCKS[receipt.status];
    for (const name of ['success', 'pending', 'failure', 'refund']) show(name, name === block);
    show('cancel', receipt.status === 'CANCEL');
    show('failed', receipt.status === 'FAILED');
    card.dataset.receiptStatus = receipt.status;
    // A credited payment's receipt (issue 23): the PDF with what it paid and what was left.
    download.hidden = receipt.status !== 'SUCCESS';
    fact('status', STATUS_WORDS[receipt.status]);
    fact('amount', formatPaise(receipt.amount_paise));
    // Only money that arrived is "paid".
    const amountLabel = card.querySelector('[data-fact="amount"] dt');
    if (amountLabel)
      amountLabel.textContent = receipt.status === 'SUCCESS' || receipt.status === 'REFUND' ? 'Amount paid' : 'Amount';
    fact('loan', receipt.loan_no);
    fact('date', formatDate(receipt.date));
    fact('reference', receipt.reference);
    fact(
      'balance',
      receipt.balance_paise === null
        ? null
        : receipt.loan_closed
          ? `${formatPaise(receipt.balance_paise)} (loan closed)`
          : formatPaise(receipt.balance_paise),
    );
  };

  /** One answer for this payment: the first session that may read it, or the last refusal. */
  const ask = async (): Promise<{ receipt: Receipt } | { refused: string; signIn: boolean }> => {
    let refusal = { refused: '', signIn: false };
    for (const candidate of tokens) {
      const reply = await callApi<Receipt>(RECEIPT_PATH, { txnId }, { token: candidate });
      if (reply.Status === STATUS.ok) {
        reader = { token: candidate, reference: reply.Data.reference };
        return { receipt: reply.Data };
      }
      refusal = { refused: failureMessage(reply), signIn: isSessionDead(reply) };
    }
    return refusal;
  };

  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    again.hidden = true;
    progress.hidden = true;
    say('Loading the details of your payment…');
    card.setAttribute('aria-busy', 'true');
    try {
      for (let attempt = 1; ; attempt += 1) {
        const answer = await ask();
        if ('refused' in answer) {
          say(answer.refused);
          signIn.hidden = !answer.signIn;
          return;
        }
        render(answer.receipt);
        if (answer.receipt.status !== 'PENDING') return say('');
        if (attempt >= CHECKS) {
          again.hidden = false;
          return say(
            'Your payment is still being confirmed by the payment service. It usually takes a few minutes: check again shortly. You will not be charged twice.',
          );
        }
        progress.hidden = false;
        progress.max = CHECKS;
        progress.value = attempt;
        say(`Waiting for the payment service to confirm your payment (check ${attempt} of ${CHECKS})…`);
        await new Promise((resolve) => setTimeout(resolve, WAITS_MS[attempt - 1]));
      }
    } catch (error) {
      say(
        error instanceof NetworkError
          ? `${error.message} The details of your payment will show here.`
          : 'We could not load the details of your payment. Please try again.',
      );
      again.hidden = false;
    } finally {
      progress.hidden = true;
      card.removeAttribute('aria-busy');
      running = false;
    }
  };
  again.addEventListener('click', () => void check());
  download.addEventListener('click', async () => {
    if (!reader || download.disabled) return;
    download.disabled = true;
    say('Preparing your receipt…');
    try {
      const answer = await fetchPdf(API.receiptPdf, { reference: reader.reference }, reader.token);
      if ('error' in answer) {
        say(answer.error);
        signIn.hidden = !answer.sessionDead;
        return;
      }
      const filename = receiptFileName(reader.reference);
      saveFile(answer.blob, filename);
      say(`Saved ${filename}.`);
    } finally {
      download.disabled = false;
    }
  });
  await check();
}
