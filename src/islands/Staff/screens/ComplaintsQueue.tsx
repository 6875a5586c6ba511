/**
 * Support's queue (/Api/Staff/complaints): complaints not yet resolved, oldest first, each with the
 * RBI's clock (days open, the answer's due date, whether the customer may now go to the RBI's
 * portal); support answers one, leaving it answered (still open) or resolving it.
 */
import { useState } from 'react';
import type * as v from 'valibot';
import { STAFF_API } from '../../../lib/api/staffPaths.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import type { StaffComplaintsAnswer } from '../../../lib/schemas/answers/complaint.ts';
import { ActionForm, TextField } from '../components/ActionForm.tsx';
import { dateAndTime } from '../components/dateAndTime.ts';
import { focusHeading } from '../components/parts.tsx';
import { QueueControls } from '../components/QueueControls.tsx';
import type { StaffScreenProps } from '../navigation/screenProps.ts';
import styles from '../Staff.module.css';
import { useLoad } from '../state/useLoad.ts';
import { useStaffCall } from '../state/useStaffCall.ts';

type ComplaintsQueue = v.InferOutput<typeof StaffComplaintsAnswer>;
type ComplaintRow = ComplaintsQueue['items'][number];

/** Where the complaint stands against the RBI's 30 days. */
function clock(row: ComplaintRow): string {
  const days = `${formatNumber(row.days_open)} ${row.days_open === 1 ? 'day' : 'days'} open`;
  if (row.rbi_portal_open) return `${days}: past the 30 days, the customer may take it to the RBI's portal.`;
  return `${days}: answer due by ${formatDate(row.answer_due_on)}; the grievance officer, then the nodal officer, if the customer is not satisfied.`;
}

function AnswerForm({ row, done }: { row: ComplaintRow; done: (message: string | null) => void }) {
  const call = useStaffCall();
  const [answer, setAnswer] = useState('');
  const [resolved, setResolved] = useState(true);
  const id = `answer-${row.complaint_id}`;

  async function submit() {
    if (!answer.trim()) return call.setMessage({ text: 'Write the answer the customer reads.', tone: 'error' });
    const reply = await call.run(STAFF_API.answerComplaint, {
      complaint_id: row.complaint_id,
      answer: answer.trim(),
      resolved,
    });
    if (reply?.ok) done(reply.Message);
  }

  return (
    <ActionForm
      id={`${id}-heading`}
      title={`Answer ${row.complaint_no}`}
      // The screen says what the answer did (`done`), as the deletion queue does: the form says only a
      // refusal, so the message is never shown twice, whether the complaint stays (still open) or leaves.
      call={{ busy: call.busy, message: call.message?.tone === 'ok' ? null : call.message }}
      submit={`Send the answer to ${row.complaint_no}`}
      busyText="Sending…"
      onSubmit={submit}
      reload={{ label: 'Reload the complaints', run: () => done(null) }}
    >
      <TextField
        id={`${id}-text`}
        label="Answer the customer reads"
        rows={4}
        maxLength={4000}
        value={answer}
        onChange={setAnswer}
      />
      <fieldset className={styles.field}>
        <legend>Status after this answer</legend>
        <div className={styles.checks}>
          <label>
            <input type="radio" name={`${id}-status`} checked={resolved} onChange={() => setResolved(true)} /> Resolved
          </label>
          <label>
            <input type="radio" name={`${id}-status`} checked={!resolved} onChange={() => setResolved(false)} />{' '}
            Answered, still open
          </label>
        </div>
      </fieldset>
    </ActionForm>
  );
}

export default function ComplaintsQueue({ announce }: StaffScreenProps) {
  const [sort, setSort] = useState<'oldest' | 'newest'>('oldest');
  const { data, loading, failure, reload } = useLoad<ComplaintsQueue>(STAFF_API.complaints);
  const items = data ? (sort === 'newest' ? [...data.items].reverse() : data.items) : [];

  return (
    <>
      <h1>Complaints</h1>
      <QueueControls id="complaints-sort" order={sort} onOrder={setSort} onRefresh={() => void reload()} />
      <p role="status">
        {loading
          ? 'Loading the complaints…'
          : data
            ? `${formatNumber(data.count)} ${data.count === 1 ? 'complaint' : 'complaints'} not resolved.`
            : ''}
      </p>
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      {items.length > 0 && (
        <ul className={styles.plainList}>
          {items.map((row) => (
            <li key={row.complaint_id} className={styles.card}>
              <h2>
                {row.complaint_no}: {row.subject}
              </h2>
              <p className={row.rbi_portal_open ? styles.yours : undefined}>{clock(row)}</p>
              <p>
                From {row.name} ({row.channel}), raised {dateAndTime(row.raised_at)}; {row.status}.
              </p>
              <blockquote className={styles.quote}>{row.message}</blockquote>
              {row.answer && (
                <p>
                  Answered {row.answered_at ? dateAndTime(row.answered_at) : ''}: {row.answer}
                </p>
              )}
              <AnswerForm
                row={row}
                done={(message) => {
                  // The answered complaint may leave the queue with its form: the shell says what happened.
                  if (message) announce(`${row.complaint_no}: ${message}`);
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
