import { useStore } from '@nanostores/react';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { safeParse } from 'valibot';
import { formatDate } from '../../../lib/format.ts';
import type { CustomerComplaint } from '../../../lib/schemas/answers/complaint.ts';
import { ComplaintRequest } from '../../../lib/schemas/complaint.ts';
import { BusyButton } from '../components/BusyButton.tsx';
import cards from '../components/Cards.module.css';
import { TextField } from '../components/Fields.tsx';
import formStyles from '../components/Form.module.css';
import { ProfileState } from '../components/ProfileState.tsx';
import styles from '../components/Screen.module.css';
import { StepScreen } from '../components/StepScreen.tsx';
import { TextAreaField } from '../components/TextAreaField.tsx';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { HOME, screenPath } from '../navigation/screens.ts';
import { complaintStatusLabel, loadComplaints, NO_COMPLAINTS, raiseComplaint } from '../state/complaints.ts';
import { fieldErrors, useStepForm } from '../state/forms.ts';
import { $session } from '../state/sessionStore.ts';
import { useLoaded } from '../state/useLoaded.ts';
import { useRequest } from '../state/useRequest.ts';
import own from './Complaints.module.css';

const EMPTY = { subject: '', message: '' };

/** Web addresses and e-mail addresses in the server's escalation text, as links. */
const LINKABLE = /(https?:\/\/\S*[^\s.,;)]|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)/;

function withLinks(text: string): ReactNode[] {
  // split with a capturing group: the odd parts are the addresses.
  return text.split(LINKABLE).map((part, index) => {
    if (index % 2 === 0) return part;
    const href = part.includes('@') && !part.startsWith('http') ? `mailto:${part}` : part;
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered.
      <a key={index} href={href} {...(href.startsWith('http') && { target: '_blank', rel: 'noopener noreferrer' })}>
        {part}
      </a>
    );
  });
}

/** One complaint: its number, subject, dates, status, support's answer, and whom to turn to next. */
function ComplaintCard({ complaint }: { complaint: CustomerComplaint }) {
  const headingId = useId();
  const resolved = complaint.status === 'resolved';
  return (
    <li>
      <article className={cards.tile} aria-labelledby={headingId}>
        <h3 id={headingId} className={own.number}>
          Complaint {complaint.complaint_no}
        </h3>
        <dl className={cards.pairs}>
          <div>
            <dt>Subject</dt>
            <dd>{complaint.subject}</dd>
          </div>
          <div>
            <dt>Raised on</dt>
            <dd>{formatDate(complaint.raised_at)}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <span className={`${own.status} ${resolved ? own.resolved : ''}`}>
                {complaintStatusLabel(complaint.status)}
              </span>
            </dd>
          </div>
          {!resolved && (
            <div>
              <dt>Answer due by</dt>
              <dd>{formatDate(complaint.answer_due_on)}</dd>
            </div>
          )}
          <div>
            <dt>Your message</dt>
            <dd className={own.text}>{complaint.message}</dd>
          </div>
          {complaint.answer && (
            <div>
              <dt>Our answer</dt>
              <dd className={own.text}>
                {complaint.answer}
                {complaint.answered_at && (
                  <span className={own.answeredOn}>Answered on {formatDate(complaint.answered_at)}</span>
                )}
              </dd>
            </div>
          )}
        </dl>
        {complaint.rbi_portal_open && (
          <p className={own.overdue}>
            It is {complaint.days_open} days since you raised this complaint and it is not resolved: you may now take it
            to the Reserve Bank of India, as below.
          </p>
        )}
        <p className={own.escalation}>{withLinks(complaint.escalation)}</p>
      </article>
    </li>
  );
}

/**
 * Complaints (issue 22): the customer raises one (a number at once, acknowledged by SMS and
 * e-mail) and reads each one's status and support's answer, newest first, with the grievance
 * officer, the nodal officer and the RBI's portal as the ways to escalate.
 */
export default function Complaints({ route }: ScreenProps) {
  const listHeadingId = useId();
  const eligible = useStore($session).eligibility === '1';
  const form = useRef<HTMLFormElement>(null);
  const { values, set, field, refuse, send } = useStepForm(form, EMPTY);
  const { busy, run } = useRequest<'raise'>();
  const { data: complaints, loading, error, retry } = useLoaded(loadComplaints);
  /** The answer's message with the new complaint's number; it stays until the next complaint. */
  const [raised, setRaised] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = safeParse(ComplaintRequest, values);
    if (!checked.success) return refuse(fieldErrors(checked.issues));
    setRaised('');
    await run('raise', async () => {
      const answer = await send(() => raiseComplaint(checked.output));
      if (!answer) return;
      setRaised(answer.Message);
      set('subject')('');
      set('message')('');
      await retry();
    });
  };

  return (
    <>
      <StepScreen
        back={{ to: screenPath(eligible ? HOME.loan : HOME.registration), label: 'Back to your dashboard' }}
        title={route.title}
        intro="Tell us what went wrong. You get a complaint number at once, also by SMS and e-mail, with the date we will answer by."
        onSubmit={submit}
        formRef={form}
      >
        <h2>Raise a complaint</h2>
        <TextField
          label="Subject"
          maxLength={150}
          {...field('subject')}
          hint="In a few words, e.g. “Wrong amount charged”."
        />
        <TextAreaField
          label="Message"
          maxLength={2000}
          {...field('message')}
          hint="What happened, and what you would like us to do. Up to 2,000 characters."
        />
        <div className={formStyles.actions}>
          <BusyButton busy={busy === 'raise'}>Raise complaint</BusyButton>
        </div>
        <p className={own.raised} role="status">
          {raised}
        </p>
      </StepScreen>
      <section aria-labelledby={listHeadingId}>
        <h2 id={listHeadingId}>Your complaints</h2>
        <ProfileState loading={loading && !complaints} error={error} retry={retry} />
        {complaints && complaints.length === 0 && (
          <div className={styles.panel}>
            <p>{NO_COMPLAINTS}</p>
          </div>
        )}
        {complaints && complaints.length > 0 && (
          <ul className={own.list}>
            {complaints.map((complaint) => (
              <ComplaintCard key={complaint.complaint_no} complaint={complaint} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
