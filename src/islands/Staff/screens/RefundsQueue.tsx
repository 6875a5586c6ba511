/**
 * Finance's refunds under four eyes (issues 22 and 23): money to refund (paid beyond the dues,
 * second payments held), each requested with the bank transfer's reference or through its provider;
 * and requests waiting for a second finance member, whose approval records the refund paid. Each
 * shows the day it is due (7 days after the money arrived unless configured); those past it come
 * first, marked overdue.
 */
import { type FormEvent, useState } from 'react';
import type * as v from 'valibot';
import { STAFF_API } from '../../../lib/api/staffPaths.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { formatRupees } from '../../../lib/money.ts';
import type { RefundsAnswer } from '../../../lib/schemas/answers/refunds.ts';
import { TextField } from '../components/ActionForm.tsx';
import { age, BusyButton, CallNotice, focusHeading } from '../components/parts.tsx';
import { QueueControls, type QueueOrder } from '../components/QueueControls.tsx';
import type { StaffScreenProps } from '../navigation/screenProps.ts';
import styles from '../Staff.module.css';
import { useLoad } from '../state/useLoad.ts';
import { useStaffCall } from '../state/useStaffCall.ts';

type Refunds = v.InferOutput<typeof RefundsAnswer>;
type ToRequest = Refunds['to_request']['items'][number];
type ToApprove = Refunds['to_approve']['items'][number];

type Method = ToApprove['method'];
const PROVIDERS = { razorpay: 'Razorpay', payu: 'PayU' } as const;

/** "Due by 27-11-2026", or, past it, a mark that says so before it. */
function DueBy({ item }: { item: { due_on: string; overdue: boolean } }) {
  return item.overdue ? (
    <>
      <span className={styles.overdue}>Overdue</span>: it was due by {formatDate(item.due_on)}.
    </>
  ) : (
    <>Due by {formatDate(item.due_on)}.</>
  );
}

const WHY = { excess: 'paid beyond the dues', second_payment: 'a second payment on a paid order' } as const;

function RequestRow({ item, done }: { item: ToRequest; done: () => void }) {
  const { busy, message, run } = useStaffCall();
  const [amount, setAmount] = useState(String(item.to_refund));
  const [reference, setReference] = useState('');
  // A provider's payment goes back the way it came by default; any payment may go by bank transfer.
  const provider = item.source === 'razorpay' || item.source === 'payu' ? item.source : null;
  const [method, setMethod] = useState<Method>(provider ?? 'bank_transfer');
  const id = `refund-${item.collection_id}`;
  async function submit(event: FormEvent) {
    event.preventDefault();
    const answer = await run(STAFF_API.requestRefund, {
      collection_id: item.collection_id,
      amount: amount.trim(),
      method,
      ...(method === 'bank_transfer' && { reference: reference.trim() }),
    });
    if (answer?.ok) done();
  }
  return (
    <li className={styles.card}>
      <h3>
        Loan <span className={styles.loanNo}>{item.loan_no}</span>: {item.borrower || 'NA'}
      </h3>
      <p>
        {formatRupees(item.to_refund)} to refund of {formatRupees(item.amount)} received on{' '}
        {formatDate(item.received_on)} (ref. {item.reference}), {WHY[item.why]}; {age(item.age_hours)} ago.{' '}
        <DueBy item={item} />
      </p>
      <form className={styles.form} onSubmit={submit}>
        <div className={styles.field}>
          <label htmlFor={`${id}-amount`}>Amount to refund (₹)</label>
          <input
            id={`${id}-amount`}
            className={styles.input}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </div>
        {provider && (
          <fieldset className={styles.field}>
            <legend>How</legend>
            <div className={styles.checks}>
              <label>
                <input
                  type="radio"
                  name={`${id}-method`}
                  checked={method === provider}
                  onChange={() => setMethod(provider)}
                />{' '}
                Through {PROVIDERS[provider]}, to the payer's card or account
              </label>
              <label>
                <input
                  type="radio"
                  name={`${id}-method`}
                  checked={method === 'bank_transfer'}
                  onChange={() => setMethod('bank_transfer')}
                />{' '}
                By bank transfer
              </label>
            </div>
          </fieldset>
        )}
        {method === 'bank_transfer' && (
          <TextField
            id={`${id}-reference`}
            label="Bank transfer reference (UTR)"
            value={reference}
            onChange={setReference}
            hint="The transfer's reference: 6 to 40 letters, digits or dashes."
          />
        )}
        <CallNotice message={message} />
        <div>
          <BusyButton busy={busy} busyText="Requesting…">
            Request refund
          </BusyButton>
        </div>
      </form>
    </li>
  );
}

function ApproveRow({ item, done }: { item: ToApprove; done: (withdrawn: boolean) => void }) {
  const { busy, message, run } = useStaffCall();
  async function decide(path: string) {
    const answer = await run(path, { request_id: item.request_id });
    if (answer?.ok) done(path === STAFF_API.cancelRefund);
  }
  return (
    <li className={styles.card}>
      <h3>
        Loan <span className={styles.loanNo}>{item.loan_no}</span>: {formatRupees(item.amount)} to{' '}
        {item.borrower || 'NA'}
      </h3>
      <p>
        {item.method === 'bank_transfer' ? `Bank transfer ref. ${item.reference}` : `Through ${PROVIDERS[item.method]}`}{' '}
        for the payment ref. {item.payment_reference} received on {formatDate(item.received_on)}; requested by{' '}
        {item.requested_by} {age(item.age_hours)} ago. <DueBy item={item} />
        {item.status === 'sending' && item.method !== 'bank_transfer' && (
          <> Approved and being sent to {PROVIDERS[item.method]}: if it still is in two minutes, approve it again.</>
        )}
        {item.requested_by_you && (
          <>
            {' '}
            <span className={styles.yours}>yours — another finance member must approve</span>
          </>
        )}
      </p>
      <CallNotice message={message} />
      <div className={styles.actions}>
        <BusyButton type="button" busy={busy} busyText="Working…" onClick={() => void decide(STAFF_API.approveRefund)}>
          Approve refund on loan {item.loan_no}
        </BusyButton>
        <BusyButton
          type="button"
          ghost
          busy={busy}
          busyText="Working…"
          onClick={() => void decide(STAFF_API.cancelRefund)}
        >
          Withdraw request on loan {item.loan_no}
        </BusyButton>
      </div>
    </li>
  );
}

export default function RefundsQueue({ announce }: StaffScreenProps) {
  const [sort, setSort] = useState<QueueOrder>('oldest');
  const { data, loading, failure, reload } = useLoad<Refunds>(STAFF_API.refunds, { sort });

  return (
    <>
      <h1>Refunds</h1>
      <QueueControls id="refund-sort" order={sort} onOrder={setSort} onRefresh={() => void reload()} />
      <p role="status">{loading ? 'Loading the refunds…' : ''}</p>
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      {data && (
        <>
          <h2>To approve ({formatNumber(data.to_approve.count)})</h2>
          {data.to_approve.items.length === 0 ? (
            <p>No refund is waiting for a second approver.</p>
          ) : (
            <ul className={styles.plainList}>
              {data.to_approve.items.map((item) => (
                <ApproveRow
                  key={item.request_id}
                  item={item}
                  done={(withdrawn) => {
                    announce(
                      withdrawn
                        ? `Withdrew the refund request on loan ${item.loan_no}: it is back in the refunds to pay.`
                        : `Refund of ${formatRupees(item.amount)} on loan ${item.loan_no} recorded as paid.`,
                    );
                    void reload().then(focusHeading);
                  }}
                />
              ))}
            </ul>
          )}
          <h2>To pay ({formatNumber(data.to_request.count)})</h2>
          {data.to_request.items.length === 0 ? (
            <p>No money is waiting to be refunded.</p>
          ) : (
            <ul className={styles.plainList}>
              {data.to_request.items.map((item) => (
                <RequestRow
                  key={item.collection_id}
                  item={item}
                  done={() => {
                    announce(`Requested the refund on loan ${item.loan_no}: another finance member must approve it.`);
                    void reload().then(focusHeading);
                  }}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}
