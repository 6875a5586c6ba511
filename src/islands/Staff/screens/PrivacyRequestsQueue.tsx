/**
 * Support's queue of data deletion requests (issue 24; /Api/Staff/privacyRequests), oldest first:
 * who asked, when, their note, and what they were told is kept. Support (or an admin) erases what the
 * law lets us erase, then closes the request with its outcome (erased or kept) and a note the customer
 * reads on What you agreed to (/Api/Staff/closePrivacyRequest); a closed request leaves the queue.
 */
import { useState } from 'react';
import type * as v from 'valibot';
import { STAFF_API } from '../../../lib/api/staffPaths.ts';
import { formatNumber } from '../../../lib/format.ts';
import type { StaffPrivacyRequestsAnswer } from '../../../lib/schemas/answers/consent.ts';
import type { PrivacyOutcome } from '../../../lib/schemas/consent.ts';
import { ActionForm, TextField } from '../components/ActionForm.tsx';
import { dateAndTime } from '../components/dateAndTime.ts';
import { ConsoleLink, focusHeading } from '../components/parts.tsx';
import type { StaffScreenProps } from '../navigation/screenProps.ts';
import { staffPath } from '../navigation/screens.ts';
import styles from '../Staff.module.css';
import { useLoad } from '../state/useLoad.ts';
import { useStaffCall } from '../state/useStaffCall.ts';

type Queue = v.InferOutput<typeof StaffPrivacyRequestsAnswer>;
type RequestRow = Queue['items'][number];

function CloseForm({ row, done }: { row: RequestRow; done: (message: string | null) => void }) {
  const call = useStaffCall();
  const [outcome, setOutcome] = useState<PrivacyOutcome>('erased');
  const [note, setNote] = useState('');
  const id = `close-${row.request_no}`;

  async function submit() {
    if (!note.trim())
      return call.setMessage({
        text: 'Write what was done, for the customer: what was erased, or why we keep the records.',
        tone: 'error',
      });
    const reply = await call.run(STAFF_API.closePrivacyRequest, {
      request_no: row.request_no,
      outcome,
      note: note.trim(),
    });
    if (reply?.ok) done(reply.Message);
  }

  return (
    <ActionForm
      id={`${id}-heading`}
      title={`Close ${row.request_no}`}
      // Closed, the request leaves the queue with this form, and the screen says so (`done`): the form
      // says only a refusal, so the message is never shown twice while the queue reloads.
      call={{ busy: call.busy, message: call.message?.tone === 'ok' ? null : call.message }}
      submit={`Close ${row.request_no}`}
      busyText="Closing…"
      onSubmit={submit}
      reload={{ label: 'Reload the requests', run: () => done(null) }}
    >
      <fieldset className={styles.field}>
        <legend>Outcome</legend>
        <div className={styles.checks}>
          <label>
            <input
              type="radio"
              name={`${id}-outcome`}
              checked={outcome === 'erased'}
              onChange={() => setOutcome('erased')}
            />{' '}
            Erased: what the law lets us erase was erased
          </label>
          <label>
            <input
              type="radio"
              name={`${id}-outcome`}
              checked={outcome === 'kept'}
              onChange={() => setOutcome('kept')}
            />{' '}
            Kept: refused or deferred, the records must be kept
          </label>
        </div>
      </fieldset>
      <TextField
        id={`${id}-note`}
        label={outcome === 'kept' ? 'Reason the customer reads' : 'What was erased, as the customer reads it'}
        hint={
          outcome === 'kept'
            ? 'For example: an open loan, or the five years the RBI and the PMLA rules require us to keep records.'
            : 'Never erase loan, payment, Key Fact Statement, agreement, consent or audit records.'
        }
        rows={3}
        maxLength={1000}
        value={note}
        onChange={setNote}
      />
    </ActionForm>
  );
}

export default function PrivacyRequestsQueue({ announce }: StaffScreenProps) {
  const { data, loading, failure, reload } = useLoad<Queue>(STAFF_API.privacyRequests);
  return (
    <>
      <h1>Data deletion requests</h1>
      <p role="status">
        {loading
          ? 'Loading the requests…'
          : data
            ? `${formatNumber(data.count)} ${data.count === 1 ? 'request' : 'requests'} waiting.`
            : ''}
      </p>
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      <p>
        Erase what the law does not require us to keep, then close the request with what was erased, or why the records
        are kept: the customer reads it on What you agreed to. Find the customer by mobile on the{' '}
        <ConsoleLink to={staffPath('customer')}>customer page</ConsoleLink> to see what they agreed to.
      </p>
      {data && data.items.length > 0 && (
        <ul className={styles.plainList}>
          {data.items.map((row) => (
            <li key={row.request_no} className={styles.card}>
              <h2>
                {row.request_no}: {row.name || 'Name not given'}
              </h2>
              <p>
                Mobile {row.mobile}, asked {dateAndTime(row.requested_at)}.
              </p>
              {row.note && <blockquote className={styles.quote}>{row.note}</blockquote>}
              <details>
                <summary>What the customer was told we keep</summary>
                <blockquote className={styles.quote}>{row.kept}</blockquote>
              </details>
              <CloseForm
                row={row}
                done={(message) => {
                  // The closed request leaves the queue with its form: the shell says what happened.
                  if (message) announce(message);
                  void reload().then(() => {
                    if (message) focusHeading();
                  });
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
