import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { STATUS } from '../../lib/api/envelope.ts';
import { API } from '../../lib/api/paths.ts';
import { requiredMessage } from '../../lib/schemas/fields.ts';
import { clearAlerts, DOCUMENT_ALERT_MS, showAlert } from './alerts.ts';
import { dashboardCall, registrationEvent, SessionEnded } from './api.ts';
import { type ApplicationAnswer, afterApplicationStep } from './application.ts';
import { BusyButton } from './components/BusyButton.tsx';
import { DocumentField } from './components/DocumentField.tsx';
import { TextField } from './components/Fields.tsx';
import formStyles from './components/Form.module.css';
import { Link } from './components/Link.tsx';
import { ProfileState } from './components/ProfileState.tsx';
import styles from './components/Screen.module.css';
import { ScreenTitle } from './components/ScreenTitle.tsx';
import { digitsOnly, type FieldErrors, useFocusFirstError } from './forms.ts';
import docStyles from './MandatoryDocuments.module.css';
import { navigate } from './router.ts';
import { screenPath } from './routes.ts';
import type { ScreenProps } from './screenProps.ts';
import { type ChosenFile, type FileFormat, isUpdate, percentTransport } from './uploads.ts';
import { useRequest } from './useRequest.ts';

/** One document the policy asks for (dashboard.md §3 "Mandatory document", with what is on file). */
interface MandatoryDocument {
  name: string;
  allowed_format: FileFormat;
  event_name: string;
  doc_type: string;
  uploaded: boolean;
}

/** dashboard.md §5 and §8, word for word. */
const FETCH_FAILED = 'Failed to fetch required documents.';
const UPLOAD_ALL = 'Please upload all required documents.';
const failedOne = (name: string) => `Failed to upload ${name}. Please try again.`;
const SOME_FAILED = 'Some documents failed to upload. Please try again.';
const UPLOAD_ERROR = 'An error occurred while uploading documents. Please try again.';
const ALL_UPLOADED = 'All documents uploaded successfully';
const NONE_REQUIRED = 'No documents are required at this moment.';
/** The server's own words for a wrong Aadhaar entry. */
const LAST4_INVALID = 'Give only the last four digits of the Aadhaar number.';
const AADHAAR_LAST4 = 'aadhaar_last4';

const isAadhaar = (doc: MandatoryDocument) => doc.doc_type.startsWith('aadhaar');

/**
 * "Complete Your KYC" (adhar-upload): the documents the policy asks of this customer, each by its
 * own registration event with its progress; what is already on file can be replaced.
 */
export default function MandatoryDocuments({ route, location }: ScreenProps) {
  const update = isUpdate(location);
  const form = useRef<HTMLFormElement>(null);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const focusFirstError = useFocusFirstError(form);
  const [docs, setDocs] = useState<MandatoryDocument[] | null>(null);
  const [listState, setListState] = useState<'loading' | 'failed' | 'ready'>('loading');
  const [files, setFiles] = useState<Record<string, ChosenFile>>({});
  const [passwords, setPasswords] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [replacing, setReplacing] = useState<Record<string, boolean>>({});
  const [toFocus, setToFocus] = useState<string | null>(null);
  const [last4, setLast4] = useState('');
  const { busy, run } = useRequest<'upload'>();

  const load = useCallback(async () => {
    setListState('loading');
    try {
      const envelope = await dashboardCall<MandatoryDocument[]>(API.mandatoryDocuments);
      if (envelope.Status !== STATUS.ok || !Array.isArray(envelope.Data)) {
        setListState('failed');
        return;
      }
      setDocs(envelope.Data);
      setListState('ready');
    } catch (failure) {
      if (!(failure instanceof SessionEnded)) setListState('failed');
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  // Replace opens the document's file input and moves the focus to it.
  useEffect(() => {
    if (!toFocus) return;
    inputs.current.get(toFocus)?.focus();
    setToFocus(null);
  }, [toFocus]);

  const setOne =
    <T,>(setter: (update: (current: Record<string, T>) => Record<string, T>) => void) =>
    (key: string, value: T | undefined) =>
      setter((current) => {
        const next = { ...current };
        if (value === undefined) delete next[key];
        else next[key] = value;
        return next;
      });
  const setFile = setOne(setFiles);
  const setError = setOne(setErrors);
  const setPercent = setOne(setProgress);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !docs) return;
    const problems: FieldErrors = {};
    for (const doc of docs) {
      if (!doc.uploaded && !files[doc.doc_type]) problems[doc.doc_type] = requiredMessage(doc.name);
    }
    const missing = Object.keys(problems).length > 0;
    if (last4 && !/^\d{4}$/.test(last4)) problems[AADHAAR_LAST4] = LAST4_INVALID;
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      if (missing) showAlert({ type: 'error', msg: UPLOAD_ALL });
      focusFirstError();
      return;
    }
    setErrors({});
    clearAlerts();
    const chosen = docs.filter((doc) => files[doc.doc_type]);
    // Everything is on file and nothing is to be replaced: on to the bank details.
    if (chosen.length === 0) {
      navigate(screenPath('bank-detail'));
      return;
    }
    // After a refusal the focus goes to the first refused file, once the inputs are enabled again.
    let refused = false;
    await run('upload', async () => {
      const failed: MandatoryDocument[] = [];
      let last: ApplicationAnswer | null = null;
      try {
        // One at a time: the server answers each with the next step, and the last answer decides.
        for (const doc of chosen) {
          const file = files[doc.doc_type] as ChosenFile;
          setPercent(doc.doc_type, 0);
          try {
            const envelope = await registrationEvent<ApplicationAnswer>(
              doc.event_name,
              {
                doc_type: doc.doc_type,
                file: file.base64,
                file_ext: file.ext || (doc.allowed_format === 'pdf' ? 'PDF' : 'JPEG'),
                password: passwords[doc.doc_type] || 'N/A',
                ...(isAadhaar(doc) && last4 !== '' && { aadhaar_last4: last4 }),
              },
              { transport: percentTransport((percent) => setPercent(doc.doc_type, percent)) },
            );
            if (envelope.Status !== STATUS.ok) {
              failed.push(doc);
              setError(doc.doc_type, envelope.Message || failedOne(doc.name));
              continue;
            }
            last = envelope.Data;
            // Uploaded: a retry after a later failure sends only what is still missing.
            setFile(doc.doc_type, undefined);
            setReplacing((current) => ({ ...current, [doc.doc_type]: false }));
            setDocs(
              (current) => current?.map((d) => (d.doc_type === doc.doc_type ? { ...d, uploaded: true } : d)) ?? null,
            );
          } finally {
            setPercent(doc.doc_type, undefined);
          }
        }
      } catch (failure) {
        if (failure instanceof SessionEnded) throw failure;
        showAlert({ type: 'error', msg: UPLOAD_ERROR });
        return;
      }
      if (failed.length > 0) {
        showAlert({
          type: 'error',
          msg: failed.length === 1 ? failedOne((failed[0] as MandatoryDocument).name) : SOME_FAILED,
        });
        refused = true;
        return;
      }
      if (last) afterApplicationStep(last, ALL_UPLOADED, undefined, DOCUMENT_ALERT_MS);
    });
    if (refused) focusFirstError();
  };

  const hasAadhaar = docs?.some(isAadhaar) ?? false;
  return (
    <>
      <p className={styles.backRow}>
        <Link to={screenPath('eligibility')} className={styles.back}>
          ← Back to your eligibility
        </Link>
      </p>
      <ScreenTitle>{route.title}</ScreenTitle>
      <p className={styles.intro}>
        The documents we need for your loan. Pictures may be JPEG or PNG; statements and slips are PDF files.
      </p>
      <ProfileState
        loading={listState === 'loading'}
        error={listState === 'failed' ? FETCH_FAILED : null}
        retry={load}
      />
      {listState === 'ready' && docs?.length === 0 && (
        <div className={styles.panel}>
          <p role="status">{NONE_REQUIRED}</p>
          <button type="button" className="button" onClick={() => navigate(screenPath('bank-detail'))}>
            Continue
          </button>
        </div>
      )}
      {listState === 'ready' && docs && docs.length > 0 && (
        <form ref={form} className={`${styles.panel} ${formStyles.form}`} onSubmit={submit} noValidate>
          <ul className={docStyles.list} aria-label="Documents to upload">
            {docs.map((doc) => (
              <li key={doc.doc_type} className={docStyles.item}>
                {doc.uploaded && !replacing[doc.doc_type] ? (
                  <p className={docStyles.uploaded}>
                    <strong>{doc.name}</strong>
                    <span className={docStyles.done}>Uploaded</span>
                    <button
                      type="button"
                      className="button button--ghost"
                      disabled={busy !== null}
                      onClick={() => {
                        setReplacing((current) => ({ ...current, [doc.doc_type]: true }));
                        setToFocus(doc.doc_type);
                      }}
                    >
                      Replace<span className="visually-hidden"> {doc.name}</span>
                    </button>
                  </p>
                ) : (
                  <DocumentField
                    inputRef={(element) => {
                      if (element) inputs.current.set(doc.doc_type, element);
                      else inputs.current.delete(doc.doc_type);
                    }}
                    label={doc.name}
                    format={doc.allowed_format}
                    hint={doc.uploaded ? 'Already uploaded: the file chosen here replaces it.' : undefined}
                    error={errors[doc.doc_type]}
                    percent={progress[doc.doc_type] ?? null}
                    password={passwords[doc.doc_type] ?? ''}
                    onPassword={(value) => setPasswords((current) => ({ ...current, [doc.doc_type]: value }))}
                    disabled={busy !== null}
                    onFile={(file, problem) => {
                      setFile(doc.doc_type, file ?? undefined);
                      setError(doc.doc_type, problem ?? undefined);
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
          {hasAadhaar && (
            <TextField
              label="Last four digits of your Aadhaar number (optional)"
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              value={last4}
              onValue={(value) => setLast4(digitsOnly(value, 4))}
              hint="We keep only these four digits, never the whole number."
              error={errors[AADHAAR_LAST4]}
            />
          )}
          <div className={formStyles.actions}>
            <BusyButton busy={busy === 'upload'} busyText="Uploading…">
              {update ? 'Update' : 'Continue'}
            </BusyButton>
          </div>
        </form>
      )}
    </>
  );
}
