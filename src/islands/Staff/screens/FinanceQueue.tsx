/**
 * Finance's disbursals under four eyes: accepted applications to request (with the payout
 * reference), and requests waiting for a second finance member, who approves and so makes the loan.
 */
import { type FormEvent, useState } from 'react';
import type * as v from 'valibot';
import { STAFF_API } from '../../../lib/api/staffPaths.ts';
import { formatNumber } from '../../../lib/format.ts';
import { formatRupees } from '../../../lib/money.ts';
import type { ApproveDisbursalAnswer, DisbursalsAnswer } from '../../../lib/schemas/answers/staffApplications.ts';
import { TextField } from '../components/ActionForm.tsx';
import { age, BusyButton, CallNotice, ConsoleLink, focusHeading } from '../components/parts.tsx';
import { QueueControls } from '../components/QueueControls.tsx';
import type { StaffScreenProps } from '../navigation/screenProps.ts';
import { staffPath } from '../navigation/screens.ts';
import styles from '../Staff.module.css';
import { useLoad } from '../state/useLoad.ts';
import { useStaffCall } from '../state/useStaffCall.ts';

type Disbursals = v.InferOutput<typeof DisbursalsAnswer>;
type ToRequest = Disbursals['to_request']['items'][number];
type ToApprove = Disbursals['to_approve']['items'][number];

const applicationLink = (leadId: number) => (
  <ConsoleLink to={`${staffPath('application')}?lead_id=${leadId}`}>Application {leadId}</ConsoleLink>
);

function RequestRow({ item, done }: { item: ToRequest; done: () => void }) {
  const { busy, message, run } = useStaffCall();
  const [reference, setReference] = useState('');
  const id = `payout-${item.lead_id}`;
  async function submit(event: FormEvent) {
    event.preventDefault();
    const answer = await run(STAFF_API.requestDisbursal, {
      lead_id: item.lead_id,
      version: item.version,
      payout_reference: reference.trim(),
    });
    if (answer?.ok) done();
  }
  return (
    <li className={styles.card}>
      <h3>
        {applicationLink(item.lead_id)}: {item.applicant || 'NA'}
      </h3>
      <p>
        {formatRupees(item.amount)} for {item.tenure === null ? 'NA' : `${item.tenure} days`}; accepted{' '}
        {age(item.age_hours)} ago.
      </p>
      <form className={styles.form} onSubmit={submit}>
        <TextField
          id={id}
          label="Payout reference"
          value={reference}
          onChange={setReference}
          hint="The bank transfer's reference: 6 to 40 letters, digits or dashes."
        />
        <CallNotice message={message} />
        <div>
          <BusyButton busy={busy} busyText="Requesting…">
            Request disbursal
          </BusyButton>
        </div>
      </form>
    </li>
  );
}

function ApproveRow({ item, done }: { item: ToApprove; done: (loanNo: string) => void }) {
  const { busy, message, run } = useStaffCall();
  async function approve() {
    const answer = await run<v.InferOutput<typeof ApproveDisbursalAnswer>>(STAFF_API.approveDisbursal, {
      request_id: item.request_id,
    });
    if (answer?.ok && answer.Data) done(answer.Data.loan_no);
  }
  return (
    <li className={styles.card}>
      <h3>
        {applicationLink(item.lead_id)}: {formatRupees(item.amount)}
      </h3>
      <p>
        Payout reference {item.payout_reference}; requested by {item.requested_by} {age(item.age_hours)} ago.
        {item.requested_by_you && (
          <>
            {' '}
            <span className={styles.yours}>yours — another finance member must approve</span>
          </>
        )}
      </p>
      <CallNotice message={message} />
      <BusyButton type="button" busy={busy} busyText="Approving…" onClick={() => void approve()}>
        Approve disbursal of application {item.lead_id}
      </BusyButton>
    </li>
  );
}

export default function FinanceQueue({ announce }: StaffScreenProps) {
  const [sort, setSort] = useState<'oldest' | 'newest'>('oldest');
  const { data, loading, failure, reload } = useLoad<Disbursals>(STAFF_API.disbursals, { sort });
  const [made, setMade] = useState<{ loanNo: string; leadId: number }[]>([]);

  return (
    <>
      <h1>Disbursals</h1>
      <QueueControls id="disbursal-sort" order={sort} onOrder={setSort} onRefresh={() => void reload()} />
      <p role="status">{loading ? 'Loading the disbursals…' : ''}</p>
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      {made.length > 0 && (
        <section className={styles.card} aria-labelledby="made-heading">
          <h2 id="made-heading">Loans made now</h2>
          <ul>
            {made.map((loan) => (
              <li key={loan.loanNo}>
                Application {loan.leadId}: loan <span className={styles.loanNo}>{loan.loanNo}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {data && (
        <>
          <h2>To approve ({formatNumber(data.to_approve.count)})</h2>
          {data.to_approve.items.length === 0 ? (
            <p>No requests are waiting for a second approver.</p>
          ) : (
            <ul className={styles.plainList}>
              {data.to_approve.items.map((item) => (
                <ApproveRow
                  key={item.request_id}
                  item={item}
                  done={(loanNo) => {
                    setMade((list) => [{ loanNo, leadId: item.lead_id }, ...list]);
                    announce(`Disbursed application ${item.lead_id} as loan ${loanNo}.`);
                    void reload().then(focusHeading);
                  }}
                />
              ))}
            </ul>
          )}
          <h2>To request ({formatNumber(data.to_request.count)})</h2>
          {data.to_request.items.length === 0 ? (
            <p>No accepted application is waiting for a disbursal request.</p>
          ) : (
            <ul className={styles.plainList}>
              {data.to_request.items.map((item) => (
                <RequestRow
                  key={item.lead_id}
                  item={item}
                  done={() => {
                    announce(
                      `Requested the disbursal of application ${item.lead_id}: another finance member must approve it.`,
                    );
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
