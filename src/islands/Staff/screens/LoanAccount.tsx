/**
 * One loan as collections work it (/Api/Staff/loan): the account today with the figures the
 * customer sees, its payments and contact history; a contact note with an optional promise to pay,
 * and (collections only) an offline receipt. A refusal because the loan changed offers Reload.
 */
import { useState } from 'react';
import type * as v from 'valibot';
import { STAFF_API } from '../../../lib/api/staffPaths.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { formatRupees } from '../../../lib/money.ts';
import type { LoanAccountAnswer } from '../../../lib/schemas/answers/staffLoans.ts';
import { ActionForm, TextField } from '../components/ActionForm.tsx';
import { dateAndTime } from '../components/dateAndTime.ts';
import { ConsoleLink, Facts } from '../components/parts.tsx';
import type { StaffScreenProps } from '../navigation/screenProps.ts';
import { staffPath } from '../navigation/screens.ts';
import styles from '../Staff.module.css';
import { useLoad } from '../state/useLoad.ts';
import { useStaffCall } from '../state/useStaffCall.ts';
import { bucketName } from './CollectionsQueue.tsx';

type Loan = v.InferOutput<typeof LoanAccountAnswer>;

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

/** The automatic messages' kinds and delivery states in words (src/server/reminders/). */
const MESSAGE_KINDS: Record<string, string> = {
  due_in_3: 'Reminder 3 days before the due date',
  due_in_1: 'Reminder 1 day before the due date',
  due_today: 'Reminder on the due date',
  overdue_1: 'Notice 1 day past the due date',
  overdue_7: 'Notice 7 days past the due date',
  receipt: 'Payment receipt',
  bureau_notice: 'Notice before reporting to the credit bureaus',
  overdue_class: 'Notice of the overdue class (SMA or NPA) the loan entered',
};
const DELIVERY: Record<string, string> = {
  waiting: 'waiting to be sent',
  queued: 'queued',
  sending: 'being sent',
  sent: 'sent',
  failed: 'not delivered',
  skipped: 'not sent',
};

function ContactNoteForm({ loanNo, done }: { loanNo: string; done: () => Promise<void> }) {
  const call = useStaffCall();
  const [note, setNote] = useState('');
  const [promisedOn, setPromisedOn] = useState('');
  const [promisedAmount, setPromisedAmount] = useState('');

  async function submit() {
    const refuse = (text: string) => call.setMessage({ text, tone: 'error' });
    if (!note.trim()) return refuse('Write what was said.');
    if (Boolean(promisedOn) !== Boolean(promisedAmount.trim()))
      return refuse('A promise to pay needs both its date and its amount.');
    if (promisedAmount.trim() && !(AMOUNT.test(promisedAmount.trim()) && Number(promisedAmount) >= 1))
      return refuse('Enter the promised amount in rupees, at least ₹1.');
    const answer = await call.run(STAFF_API.contactNote, {
      loan_no: loanNo,
      note: note.trim(),
      ...(promisedOn && { promised_on: promisedOn, promised_amount: Number(promisedAmount) }),
    });
    if (answer?.ok) {
      setNote('');
      setPromisedOn('');
      setPromisedAmount('');
      await done();
    }
  }

  return (
    <ActionForm
      id="note-heading"
      title="Add a contact note"
      call={call}
      submit="Add note"
      busyText="Adding…"
      onSubmit={submit}
    >
      <TextField id="note-text" label="What was said" rows={3} maxLength={1000} value={note} onChange={setNote} />
      <fieldset className={styles.field}>
        <legend>Promise to pay (optional)</legend>
        <div className={styles.row}>
          <TextField id="promised-on" label="Promised on" type="date" value={promisedOn} onChange={setPromisedOn} />
          <TextField
            id="promised-amount"
            label="Promised amount (₹)"
            inputMode="decimal"
            value={promisedAmount}
            onChange={setPromisedAmount}
          />
        </div>
      </fieldset>
    </ActionForm>
  );
}

function ReceiptForm({ loanNo, done }: { loanNo: string; done: () => Promise<void> }) {
  const call = useStaffCall();
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');

  async function submit() {
    if (!AMOUNT.test(amount.trim()))
      return call.setMessage({ text: 'Enter the amount in rupees, e.g. 1500 or 1500.50.', tone: 'error' });
    const answer = await call.run(STAFF_API.recordReceipt, {
      loan_no: loanNo,
      amount: amount.trim(),
      reference: reference.trim(),
    });
    if (answer?.ok) {
      setAmount('');
      setReference('');
      await done();
    }
  }

  return (
    <ActionForm
      id="receipt-heading"
      title="Record an offline receipt"
      call={call}
      submit="Record receipt"
      busyText="Recording…"
      onSubmit={submit}
      reload={{ label: 'Reload the loan', run: () => void done() }}
    >
      <div className={styles.row}>
        <TextField
          id="receipt-amount"
          label="Amount received (₹)"
          inputMode="decimal"
          value={amount}
          onChange={setAmount}
        />
        <TextField
          id="receipt-reference"
          label="Bank reference"
          value={reference}
          onChange={setReference}
          hint="4 to 40 letters, digits, dashes or underscores."
        />
      </div>
    </ActionForm>
  );
}

export default function LoanAccount({ search, session }: StaffScreenProps) {
  const loanNo = new URLSearchParams(search).get('loan_no') ?? '';
  const valid = /^KCL\d{1,12}$/.test(loanNo);
  const { data, loading, failure, reload } = useLoad<Loan>(STAFF_API.loan, { loan_no: loanNo });
  const collections = session?.roles.includes('collections') ?? false;
  const back = (
    <p>
      <ConsoleLink to={staffPath('loans')}>Back to the loans</ConsoleLink>
    </p>
  );

  if (!valid) {
    return (
      <>
        <h1>Loan</h1>
        <p role="alert" className={styles.error}>
          No loan is named in the address.
        </p>
        {back}
      </>
    );
  }

  const loan = data;
  return (
    <>
      <h1>Loan {loanNo}</h1>
      {back}
      <p role="status">{loading ? 'Loading the loan…' : ''}</p>
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      {loan && (
        <>
          <section className={styles.card} aria-labelledby="account-heading">
            <h2 id="account-heading">Account today</h2>
            <Facts
              rows={[
                ['Status', loan.status],
                ['Days past due', `${formatNumber(loan.days_past_due)} (${bucketName(loan.bucket)})`],
                ['Due date', formatDate(loan.due_date)],
                ['Principal', formatRupees(loan.principal)],
                ['Due on the due date', formatRupees(loan.due_on_due_date)],
                ['Outstanding today', formatRupees(loan.to_close_today)],
                ['Collected', formatRupees(loan.collected)],
                ['Excess to refund', formatRupees(loan.excess_to_refund)],
              ]}
            />
          </section>
          <section className={styles.card} aria-labelledby="class-heading">
            <h2 id="class-heading">RBI classification</h2>
            <Facts
              rows={[
                [
                  'Class',
                  loan.classification.since
                    ? `${loan.classification.name} since ${formatDate(loan.classification.since)}`
                    : loan.classification.name,
                ],
                [
                  'At the last end of day',
                  loan.classification.classified_on
                    ? `${formatNumber(loan.classification.days_past_due)} days past due (run ${formatDate(loan.classification.classified_on)})`
                    : 'not yet classified',
                ],
                ...loan.classification.history.map((row): [string, string] => [
                  row.name,
                  `${formatDate(row.began_on)} to ${row.ended_on ? formatDate(row.ended_on) : 'now'}; ${row.told_at ? `borrower told ${dateAndTime(row.told_at)}` : 'borrower not told'}`,
                ]),
              ]}
            />
          </section>
          {collections && loan.status === 'active' && (
            <section className={styles.card} aria-labelledby="collect-heading">
              <h2 id="collect-heading">Collect</h2>
              <ReceiptForm loanNo={loanNo} done={reload} />
            </section>
          )}
          <section className={styles.card} aria-labelledby="payments-heading">
            <h2 id="payments-heading">Payments ({formatNumber(loan.payments.length)})</h2>
            {loan.payments.length === 0 ? (
              <p>No payment yet.</p>
            ) : (
              <ul>
                {loan.payments.map((row, index) => (
                  <li key={`${row.value_date}-${row.reference ?? index}`}>
                    {formatDate(row.value_date)}: {formatRupees(row.amount)} ({row.source}
                    {row.reference ? `, ${row.reference}` : ''})
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className={styles.card} aria-labelledby="contacts-heading">
            <h2 id="contacts-heading">Contact history</h2>
            {loan.notes.length === 0 ? (
              <p>No contact is recorded yet.</p>
            ) : (
              <ol className={styles.plainList}>
                {loan.notes.map((row) => (
                  <li key={`${row.at}-${row.by}`} className={styles.note}>
                    <p>
                      <strong>{dateAndTime(row.at)}</strong>, {row.by}: {row.note}
                    </p>
                    {row.promised_on && row.promised_amount !== null && (
                      <p>
                        Promised {formatRupees(row.promised_amount)} by {formatDate(row.promised_on)}.
                      </p>
                    )}
                  </li>
                ))}
              </ol>
            )}
            {collections && <ContactNoteForm loanNo={loanNo} done={reload} />}
          </section>
          <section className={styles.card} aria-labelledby="messages-heading">
            <h2 id="messages-heading">Automatic messages ({formatNumber(loan.messages.length)})</h2>
            {loan.messages.length === 0 ? (
              <p>No reminder or receipt has been sent yet.</p>
            ) : (
              <ol className={styles.plainList}>
                {loan.messages.map((row) => (
                  <li key={`${row.kind}-${row.channel}-${row.at}`} className={styles.note}>
                    <p>
                      <strong>{dateAndTime(row.at)}</strong>, {MESSAGE_KINDS[row.kind] ?? row.kind} by{' '}
                      {row.channel === 'sms' ? 'SMS' : 'e-mail'}: {DELIVERY[row.status] ?? row.status}
                      {row.outcome ? ` (${row.outcome})` : ''}
                      {row.amount !== null ? `, stated ${formatRupees(row.amount)}` : ''}.
                    </p>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </>
  );
}
