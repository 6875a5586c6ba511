/**
 * One application as submitted (/Api/Staff/application): applicant, quote, terms asked, employment,
 * bank, documents (pictures and PDFs in the page, each with a link to open it), statements and history;
 * and credit's decisions on the version read: approve, send back, reject.
 */
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type * as v from 'valibot';
import { agreementFileName } from '../../../lib/agreement.ts';
import { STAFF_API } from '../../../lib/api/staffPaths.ts';
import { LOAN_DOCUMENTS } from '../../../lib/documents.ts';
import { formatDate, formatNumber, formatPercent } from '../../../lib/format.ts';
import { formatRupees } from '../../../lib/money.ts';
import type { StaffListAnswer } from '../../../lib/schemas/answers/staff.ts';
import type { ApplicationAnswer } from '../../../lib/schemas/answers/staffApplications.ts';
import { ActionForm } from '../components/ActionForm.tsx';
import { CreditReport } from '../components/CreditReport.tsx';
import { dateAndTime } from '../components/dateAndTime.ts';
import { BusyButton, CallNotice, ConsoleLink, Facts, focusHeading } from '../components/parts.tsx';
import type { StaffScreenProps } from '../navigation/screenProps.ts';
import { staffPath } from '../navigation/screens.ts';
import styles from '../Staff.module.css';
import { staffFile } from '../state/api.ts';
import { useLoad } from '../state/useLoad.ts';
import { type CallMessage, useStaffCall } from '../state/useStaffCall.ts';

type Application = v.InferOutput<typeof ApplicationAnswer>;

/** Where a sent-back application reopens (src/server/application/staff.ts SEND_BACK_STEPS). */
const SEND_BACK_STEPS = [
  ['loan_quotation_decision', 'Quote'],
  ['employment_details', 'Employment'],
  ['documents', 'Documents'],
  ['banking_details', 'Bank account'],
] as const;

const INCOME_TYPES: Record<number, string> = { 1: 'Salaried', 2: 'Self-employed' };
const SALARY_MODES: Record<number, string> = { 1: 'Bank transfer', 2: 'Cheque', 3: 'Cash' };

/** snake_case keys of the stored JSON as words: account_ifsc -> "Account ifsc". */
const words = (key: string) => {
  const text = key.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};
/** A stored value as shown: dates as DD-MM-YYYY (with India's time for an instant), the rest as text. */
const shown = (value: unknown): ReactNode => {
  if (value === null || value === undefined || value === '') return 'NA';
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  if (/^\d{4}-\d{2}-\d{2}T/.test(text)) return dateAndTime(text);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return formatDate(text);
  return text;
};
const objectRows = (object: Record<string, unknown> | null): [string, ReactNode][] =>
  object ? Object.entries(object).map(([key, value]) => [words(key), shown(value)]) : [];

const documentName = (docType: string) =>
  LOAN_DOCUMENTS.find((doc) => doc.doc_type === docType)?.name ?? words(docType);
const onlyPdf = (docType: string) => {
  const formats = LOAN_DOCUMENTS.find((doc) => doc.doc_type === docType)?.formats;
  return formats?.length === 1 && formats[0] === 'pdf';
};

/**
 * A document in the page. The file is fetched from its signed address and shown from memory: a
 * picture inline, a PDF framed in the browser's own viewer (the staff pages' policy allows frames
 * of blob: addresses, docs/decisions.md), each with a link that opens it in a tab (the API serves
 * PDFs as attachments, which a link to them would only download). When the fetch fails, the signed
 * address itself is shown (a picture) or linked.
 */
const CHECK_OUTCOMES: Record<string, string> = {
  verified: 'Verified',
  name_mismatch: 'Name does not match the PAN',
  account_invalid: 'Account refused by the bank',
  provider_failed: 'Provider failed',
};

/** The account's penny-drops, newest first: finance disburses only into a verified one. */
function BankChecks({ checks }: { checks: Application['bank_checks'] }) {
  if (checks.length === 0) return <p>Not verified: disbursal is refused until the account is verified.</p>;
  return (
    <ul>
      {checks.map((check) => (
        <li key={`${check.checked_at}-${check.reference ?? ''}`}>
          <strong>{CHECK_OUTCOMES[check.outcome] ?? check.outcome}</strong>, {dateAndTime(check.checked_at)}: account
          ending {check.account_last4} at {check.account_ifsc}
          {check.branch && ` (${check.branch})`}; name at bank {check.name_at_bank ?? 'not given'}, PAN name{' '}
          {check.pan_name}
          {check.detail && `; ${check.detail}`} ({check.provider}
          {check.reference && ` ${check.reference}`})
        </li>
      ))}
    </ul>
  );
}

/** The agreement's state as staff read it (src/lib/agreement.ts AGREEMENT_STATES), with when. */
function agreementState(agreement: NonNullable<Application['agreement']>): string {
  const at = agreement.decided_at ? dateAndTime(agreement.decided_at) : 'NA';
  switch (agreement.status) {
    case 'unsigned':
      return 'Awaiting signature: drawn, not yet sent to the e-sign provider';
    case 'pending':
      return `Awaiting signature at the e-sign provider since ${agreement.requested_at ? dateAndTime(agreement.requested_at) : 'NA'}`;
    case 'signed':
      return `Signed on ${at}`;
    case 'declined':
      return `Declined by the customer on ${at}`;
    case 'expired':
      return `Expired on ${at}: the signing request lapsed`;
  }
}

const AGREEMENT_LANGUAGES: Record<NonNullable<Application['agreement']>['language'], string> = {
  en: 'English',
  hi: 'Hindi',
};

/**
 * The signed agreement, fetched with the staff session (/Api/Staff/agreementPdf) and offered from
 * memory as a download link, as the documents above are shown from memory.
 */
function SignedAgreementLink({ leadId, agreementNo }: { leadId: number; agreementNo: string }) {
  const [file, setFile] = useState<{ url: string } | { failure: string } | null>(null);

  useEffect(() => {
    let live = true;
    let url: string | undefined;
    void staffFile(STAFF_API.agreementPdf, { lead_id: leadId }).then((answer) => {
      if (!live) return;
      if (!answer.ok) return setFile({ failure: answer.Message });
      url = URL.createObjectURL(new Blob([answer.blob], { type: 'application/pdf' }));
      setFile({ url });
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [leadId]);

  if (!file) return <p>Getting the signed agreement…</p>;
  if ('failure' in file) {
    return (
      <p role="alert" className={styles.error}>
        {file.failure}
      </p>
    );
  }
  return (
    <p>
      <a className="button button--ghost" href={file.url} download={agreementFileName(agreementNo, true)}>
        Download the signed agreement {agreementNo} (PDF)
      </a>
    </p>
  );
}

/** The loan agreement of the current statement: where it stands, and the signed PDF once signed. */
function LoanAgreement({ leadId, agreement }: { leadId: number; agreement: Application['agreement'] }) {
  return (
    <section className={styles.card} aria-labelledby="agreement-heading">
      <h2 id="agreement-heading">Loan agreement</h2>
      {!agreement ? (
        <p>
          Not yet drawn: it is drawn once the customer has accepted the Key Fact Statement. Disbursal needs it signed.
        </p>
      ) : (
        <>
          <Facts
            rows={[
              ['Agreement', agreement.agreement_no],
              ['State', agreementState(agreement)],
              ['Language', AGREEMENT_LANGUAGES[agreement.language]],
            ]}
          />
          <p className={styles.hint}>
            Document SHA-256 <code className={styles.quote}>{agreement.document_sha256}</code>
          </p>
          {agreement.status === 'signed' && (
            <SignedAgreementLink leadId={leadId} agreementNo={agreement.agreement_no} />
          )}
        </>
      )}
    </section>
  );
}

function DocumentView({ doc }: { doc: Application['documents'][number] }) {
  const name = documentName(doc.doc_type);
  const [file, setFile] = useState<{ kind: 'image' | 'pdf' | 'link'; url: string } | null>(null);

  useEffect(() => {
    let live = true;
    let url: string | undefined;
    fetch(doc.file_url, { credentials: 'omit' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`file ${response.status}`);
        const type = response.headers.get('Content-Type') ?? '';
        const pdf = type.includes('pdf');
        url = URL.createObjectURL(new Blob([await response.arrayBuffer()], { type: pdf ? 'application/pdf' : type }));
        if (live) setFile({ kind: pdf ? 'pdf' : 'image', url });
      })
      .catch(() => {
        if (live) setFile({ kind: onlyPdf(doc.doc_type) ? 'link' : 'image', url: doc.file_url });
      });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [doc.file_url, doc.doc_type]);

  return (
    <li>
      <figure>
        {!file ? (
          <p>Loading {name}…</p>
        ) : (
          <>
            {file.kind === 'image' && <img src={file.url} alt={name} />}
            {file.kind === 'pdf' && <iframe className={styles.pdfFrame} src={file.url} title={`${name} (PDF)`} />}
            <p>
              <a
                className={file.kind === 'image' ? undefined : 'button button--ghost'}
                href={file.url}
                onClick={(event) => {
                  // A new tab (the browser's PDF viewer for a PDF): a blob address opens only with its opener.
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  window.open(file.url, '_blank');
                }}
              >
                Open {name}
                {file.kind === 'image' ? ' full size' : ' (PDF)'}
                <span className="visually-hidden"> in a new tab</span>
              </a>
            </p>
          </>
        )}
        <figcaption>
          <strong>{name}</strong>, uploaded {formatDate(doc.uploaded_at)}
          {doc.note ? `: ${doc.note}` : ''}
        </figcaption>
      </figure>
    </li>
  );
}

function Decisions({
  application,
  reload,
  announce,
}: {
  application: Application;
  reload: () => Promise<void>;
  announce: StaffScreenProps['announce'];
}) {
  const approve = useStaffCall();
  const sendBack = useStaffCall();
  const reject = useStaffCall();
  const { asked, quote, lead_id, version } = application;
  const [amount, setAmount] = useState(String(asked.amount ?? quote.min_loan_amount));
  const [tenure, setTenure] = useState(String(asked.tenure ?? quote.min_loan_tenure));
  const [rate, setRate] = useState(String(asked.daily_rate_percent ?? quote.daily_rate_percent));
  const [backReason, setBackReason] = useState('');
  const [step, setStep] = useState('documents');
  const [rejectReason, setRejectReason] = useState('');

  useEffect(() => {
    setAmount(String(asked.amount ?? quote.min_loan_amount));
    setTenure(String(asked.tenure ?? quote.min_loan_tenure));
    setRate(String(asked.daily_rate_percent ?? quote.daily_rate_percent));
  }, [asked, quote]);

  const clearMessages = () => {
    approve.setMessage(null);
    sendBack.setMessage(null);
    reject.setMessage(null);
  };
  const stale = (message: CallMessage | null) =>
    message?.tone === 'error' &&
    (message.error === 'stale_version' || message.text.includes('changed since you read it'));
  const reloadButton = (
    <button type="button" className="button button--ghost" onClick={() => void reload()}>
      Reload the application
    </button>
  );

  async function onApprove(event: FormEvent) {
    event.preventDefault();
    const answer = await approve.run(STAFF_API.approve, {
      lead_id,
      version,
      amount: Number(amount),
      tenure: Number(tenure),
      roi: Number(rate),
    });
    if (answer?.ok) {
      // The form goes away with the decision: the shell's live region says it instead.
      clearMessages();
      announce(answer.Message);
      await reload();
      focusHeading();
    }
  }
  async function onSendBack(event: FormEvent) {
    event.preventDefault();
    const answer = await sendBack.run(STAFF_API.sendBack, { lead_id, version, reason: backReason, step });
    if (answer?.ok) {
      // The form goes away with the decision: the shell's live region says it instead.
      clearMessages();
      announce(answer.Message);
      await reload();
      focusHeading();
    }
  }
  async function onReject(event: FormEvent) {
    event.preventDefault();
    const answer = await reject.run(STAFF_API.reject, { lead_id, version, reason: rejectReason });
    if (answer?.ok) {
      // The form goes away with the decision: the shell's live region says it instead.
      clearMessages();
      announce(answer.Message);
      await reload();
      focusHeading();
    }
  }

  return (
    <section className={styles.card} aria-labelledby="decision-heading">
      <h2 id="decision-heading">Decision</h2>
      <p className={styles.hint}>You decide on version {version} of this application, the one shown here.</p>

      <form className={styles.form} onSubmit={onApprove} aria-labelledby="approve-heading">
        <h3 id="approve-heading">Approve</h3>
        <div className={styles.row}>
          <div className={styles.field}>
            <label htmlFor="approve-amount">Amount (₹)</label>
            <input
              id="approve-amount"
              className={styles.input}
              inputMode="numeric"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              aria-describedby="approve-amount-hint"
            />
            <span id="approve-amount-hint" className={styles.hint}>
              Quote: {formatRupees(quote.min_loan_amount)} to {formatRupees(quote.max_loan_amount)}
            </span>
          </div>
          <div className={styles.field}>
            <label htmlFor="approve-tenure">Tenure (days)</label>
            <input
              id="approve-tenure"
              className={styles.input}
              inputMode="numeric"
              value={tenure}
              onChange={(event) => setTenure(event.target.value)}
              aria-describedby="approve-tenure-hint"
            />
            <span id="approve-tenure-hint" className={styles.hint}>
              Quote: {quote.min_loan_tenure} to {quote.max_loan_tenure} days
            </span>
          </div>
          <div className={styles.field}>
            <label htmlFor="approve-rate">Daily rate (%)</label>
            <input
              id="approve-rate"
              className={styles.input}
              inputMode="decimal"
              value={rate}
              onChange={(event) => setRate(event.target.value)}
              aria-describedby="approve-rate-hint"
            />
            <span id="approve-rate-hint" className={styles.hint}>
              Income tier: {formatPercent(quote.daily_rate_percent)} a day
            </span>
          </div>
        </div>
        <CallNotice message={approve.message}>{stale(approve.message) && reloadButton}</CallNotice>
        <div>
          <BusyButton busy={approve.busy} busyText="Approving…">
            Approve
          </BusyButton>
        </div>
      </form>

      <form className={styles.form} onSubmit={onSendBack} aria-labelledby="send-back-heading">
        <h3 id="send-back-heading">Send back for changes</h3>
        <div className={styles.field}>
          <label htmlFor="send-back-step">Step the customer does again</label>
          <select
            id="send-back-step"
            className={styles.input}
            value={step}
            onChange={(event) => setStep(event.target.value)}
          >
            {SEND_BACK_STEPS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="send-back-reason">Reason the customer reads</label>
          <textarea
            id="send-back-reason"
            className={styles.input}
            rows={3}
            maxLength={500}
            value={backReason}
            onChange={(event) => setBackReason(event.target.value)}
          />
        </div>
        <CallNotice message={sendBack.message}>{stale(sendBack.message) && reloadButton}</CallNotice>
        <div>
          <BusyButton busy={sendBack.busy} busyText="Sending back…" ghost>
            Send back
          </BusyButton>
        </div>
      </form>

      <form className={styles.form} onSubmit={onReject} aria-labelledby="reject-heading">
        <h3 id="reject-heading">Reject</h3>
        <div className={styles.field}>
          <label htmlFor="reject-reason">Reason for rejecting</label>
          <textarea
            id="reject-reason"
            className={styles.input}
            rows={3}
            maxLength={500}
            value={rejectReason}
            onChange={(event) => setRejectReason(event.target.value)}
          />
        </div>
        <CallNotice message={reject.message}>{stale(reject.message) && reloadButton}</CallNotice>
        <div>
          <BusyButton busy={reject.busy} busyText="Rejecting…" ghost>
            Reject
          </BusyButton>
        </div>
      </form>
    </section>
  );
}

/** The open states (src/server/leads/store.ts OPEN_STATES): the applications an admin may reassign. */
const OPEN = new Set(['applied', 'submitted', 'sent_back', 'approved', 'accepted']);

/** An admin gives the application to another active credit member, the customer's new credit manager. */
function Reassign({ application, reload }: { application: Application; reload: () => Promise<void> }) {
  const call = useStaffCall();
  const members = useLoad<v.InferOutput<typeof StaffListAnswer>>(STAFF_API.staffList);
  const credit = (members.data?.staff ?? []).filter((member) => member.roles.includes('credit') && !member.disabled);
  const [chosen, setChosen] = useState('');
  const current = application.manager?.staff_id ?? '';
  const choice = chosen || credit.find((member) => member.staff_id !== current)?.staff_id || '';

  if (!OPEN.has(application.status)) return null;
  return (
    <section className={styles.card} aria-labelledby="reassign-heading">
      <h2 id="reassign-heading">Credit manager</h2>
      <p>
        {application.manager ? `${application.manager.name} is the credit manager.` : 'No credit manager is assigned.'}
      </p>
      {members.failure && (
        <p role="alert" className={styles.error}>
          {members.failure}
        </p>
      )}
      <ActionForm
        id="reassign-form-heading"
        title="Reassign"
        call={call}
        submit="Reassign"
        busyText="Reassigning…"
        reload={{ label: 'Reload the application', run: () => void reload() }}
        onSubmit={async () => {
          if (!choice) return call.setMessage({ text: 'Choose a credit member.', tone: 'error' });
          const answer = await call.run(STAFF_API.assign, { lead_id: application.lead_id, staff_id: choice });
          if (answer?.ok) await reload();
        }}
      >
        <div className={styles.field}>
          <label htmlFor="reassign-to">New credit manager</label>
          <select
            id="reassign-to"
            className={styles.input}
            value={choice}
            onChange={(event) => setChosen(event.target.value)}
          >
            {credit.map((member) => (
              <option key={member.staff_id} value={member.staff_id}>
                {member.name}
                {member.staff_id === current ? ' (now)' : ''}
              </option>
            ))}
          </select>
        </div>
      </ActionForm>
    </section>
  );
}

export default function CreditApplication({ search, session, announce }: StaffScreenProps) {
  const leadId = Number(new URLSearchParams(search).get('lead_id'));
  const valid = Number.isInteger(leadId) && leadId > 0;
  const { data, loading, failure, reload } = useLoad<Application>(STAFF_API.application, { lead_id: leadId });
  const roles = session?.roles ?? [];
  const credit = roles.includes('credit');

  if (!valid) {
    return (
      <>
        <h1>Application</h1>
        <p role="alert" className={styles.error}>
          No application is named in the address.
        </p>
        <ConsoleLink to={staffPath('applications')}>Back to the queue</ConsoleLink>
      </>
    );
  }

  const a = data;
  return (
    <>
      <h1>Application {leadId}</h1>
      <p>
        <ConsoleLink to={staffPath(roles.includes('finance') && !credit ? 'disbursals' : 'applications')}>
          Back to the queue
        </ConsoleLink>
      </p>
      <p role="status">{loading ? 'Loading the application…' : ''}</p>
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      {a && (
        <>
          <section className={styles.card} aria-labelledby="summary-heading">
            <h2 id="summary-heading">Summary</h2>
            <Facts
              rows={[
                ['Status', words(a.status)],
                ['Version', a.version],
                ['Customer', a.user_type === 'repeat' ? 'Repeat customer' : words(a.user_type)],
                ['Submitted', formatDate(a.submitted_at)],
                ['Credit manager', a.manager?.name || 'Not assigned'],
                ...(a.sent_back_reason ? [['Last sent back for', a.sent_back_reason] as [string, ReactNode]] : []),
              ]}
            />
          </section>
          {credit && a.status === 'submitted' && <Decisions application={a} reload={reload} announce={announce} />}
          {roles.includes('admin') && <Reassign application={a} reload={reload} />}
          <section className={styles.card} aria-labelledby="applicant-heading">
            <h2 id="applicant-heading">Applicant</h2>
            {a.applicant.selfie_url && (
              <img className={styles.selfie} src={a.applicant.selfie_url} alt="The applicant's selfie" />
            )}
            <Facts
              rows={[
                ['Name', a.applicant.name],
                ['Mobile', a.applicant.mobile],
                ['E-mail', a.applicant.email],
                ['PAN', a.applicant.pancard],
                ['Date of birth', formatDate(a.applicant.dob)],
                [
                  'Monthly income',
                  a.applicant.monthly_income === null ? 'NA' : formatRupees(a.applicant.monthly_income),
                ],
                ['Income type', INCOME_TYPES[a.applicant.income_type_id ?? 0] ?? 'NA'],
                ['Salary paid by', SALARY_MODES[a.applicant.salary_mode_id ?? 0] ?? 'NA'],
                ['Residence', a.applicant.residence],
              ]}
            />
          </section>
          <section className={styles.card} aria-labelledby="terms-heading">
            <h2 id="terms-heading">Quote and terms asked</h2>
            <Facts
              rows={[
                ['Amount asked', a.asked.amount === null ? 'NA' : formatRupees(a.asked.amount)],
                ['Tenure asked', a.asked.tenure === null ? 'NA' : `${formatNumber(a.asked.tenure)} days`],
                [
                  'Daily rate asked',
                  a.asked.daily_rate_percent === null ? 'NA' : formatPercent(a.asked.daily_rate_percent),
                ],
                ['Purpose', a.asked.purpose_id ?? 'NA'],
                [
                  'Quote amount',
                  `${formatRupees(a.quote.min_loan_amount)} to ${formatRupees(a.quote.max_loan_amount)}`,
                ],
                ['Quote tenure', `${a.quote.min_loan_tenure} to ${a.quote.max_loan_tenure} days`],
                ['Income tier rate', `${formatPercent(a.quote.daily_rate_percent)} a day`],
              ]}
            />
          </section>
          <section className={styles.card} aria-labelledby="employment-heading">
            <h2 id="employment-heading">Employment</h2>
            {a.employment ? <Facts rows={objectRows(a.employment)} /> : <p>Not given.</p>}
          </section>
          <section className={styles.card} aria-labelledby="bank-heading">
            <h2 id="bank-heading">Bank account</h2>
            {a.bank ? <Facts rows={objectRows(a.bank)} /> : <p>Not given.</p>}
            <h3>Verification by penny-drop</h3>
            <BankChecks checks={a.bank_checks} />
          </section>
          <section className={styles.card} aria-labelledby="credit-report-heading">
            <h2 id="credit-report-heading">Credit report</h2>
            <CreditReport checks={a.bureau_checks} />
          </section>
          <section className={styles.card} aria-labelledby="documents-heading">
            <h2 id="documents-heading">Documents ({formatNumber(a.documents.length)})</h2>
            {a.documents.length === 0 ? (
              <p>No documents.</p>
            ) : (
              <ul className={styles.documents}>
                {a.documents.map((doc) => (
                  <DocumentView key={`${doc.doc_type}-${doc.uploaded_at}`} doc={doc} />
                ))}
              </ul>
            )}
          </section>
          <section className={styles.card} aria-labelledby="statements-heading">
            <h2 id="statements-heading">Key Fact Statements</h2>
            {a.statements.length === 0 ? (
              <p>None issued.</p>
            ) : (
              <ul>
                {a.statements.map((row) => (
                  <li key={row.kfs_no}>
                    <strong>{row.kfs_no}</strong>
                    {row.current ? ' (current)' : ''}: {row.reason}, issued {formatDate(row.issued_at)};{' '}
                    {row.acknowledged_at ? `acknowledged ${formatDate(row.acknowledged_at)}` : 'not acknowledged'}
                    {row.superseded_at ? `; superseded ${formatDate(row.superseded_at)}` : ''}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <LoanAgreement leadId={a.lead_id} agreement={a.agreement} />
          <section className={styles.card} aria-labelledby="history-heading">
            <h2 id="history-heading">History</h2>
            {a.history.length === 0 && <p>No staff action is recorded on this application yet.</p>}
            {a.history.length > 0 && (
              <ol>
                {a.history.map((row) => (
                  <li key={`${row.at}-${row.action}-${row.actor}`}>
                    {dateAndTime(row.at)}: {row.action} by {row.actor}
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
