import { useCallback, useEffect, useRef, useState } from 'react';
import { STATUS } from '../../../lib/api/envelope.ts';
import { API } from '../../../lib/api/paths.ts';
import type { MandatoryDocument } from '../../../lib/documents.ts';
import { DocumentTile, type TileStatus, UPLOAD_ERROR, type UploadOutcome } from '../components/DocumentTile.tsx';
import type { PreparedFile } from '../components/documentFiles.ts';
import { TextField } from '../components/Fields.tsx';
import formStyles from '../components/Form.module.css';
import { EXAMPLE_MASKED, MaskedAadhaar } from '../components/MaskedAadhaar.tsx';
import { ProfileState } from '../components/ProfileState.tsx';
import styles from '../components/Screen.module.css';
import { StepScreen } from '../components/StepScreen.tsx';
import { type ApplicationAnswer, afterApplicationStep } from '../navigation/applicationSteps.ts';
import { navigate } from '../navigation/router.ts';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { screenPath } from '../navigation/screens.ts';
import { clearAlerts, closeAlert, DOCUMENT_ALERT_MS, showAlert } from '../state/alerts.ts';
import { dashboardCall, registrationEvent, SessionEnded } from '../state/api.ts';
import { digitsOnly } from '../state/forms.ts';
import { applicationLock, DOCUMENT_LOCKED } from '../state/heldSteps.ts';
import { isUpdate, percentTransport } from '../state/uploads.ts';
import { useProfile } from '../state/useProfile.ts';
import docStyles from './MandatoryDocuments.module.css';

/** product.md §5, §8, word for word. */
const FETCH_FAILED = 'Failed to fetch required documents.';
const UPLOAD_ALL = 'Please upload all required documents.';
const failedOne = (name: string) => `Failed to upload ${name}. Please try again.`;
const SOME_FAILED = 'Some documents failed to upload. Please try again.';
const ALL_UPLOADED = 'All documents uploaded successfully';
const NONE_REQUIRED = 'No documents are required at this moment.';
const STILL_UPLOADING = 'Please wait until the uploads finish.';
/** The server's own words for a wrong Aadhaar entry. */
const LAST4_INVALID = 'Give only the last four digits of the Aadhaar number.';

const LAST4_ID = 'aadhaar-last4';
/** Each Aadhaar tile's own words: choosing the file is the customer's word that it is masked. */
const AADHAAR_HINT = `Masked Aadhaar only (${EXAMPLE_MASKED}): by uploading it you confirm its first 8 digits are hidden.`;
/** The key of Continue's own failure banner among the documents'. */
const CONTINUE_ALERT = '';

const isAadhaar = (doc: MandatoryDocument) => doc.doc_type.startsWith('aadhaar');

/**
 * "Complete Your KYC" (adhar-upload): one tile per document the policy asks of this customer. Each
 * tile sends its file by its own registration event as soon as it is chosen, so a refusal never
 * loses the others; Continue goes on once every one is on file.
 */
export default function MandatoryDocuments({ route, location }: ScreenProps) {
  const update = isUpdate(location);
  // Under review the documents on file are held, not replaceable (issue 25; the server refuses a change).
  const lock = applicationLock(useProfile().profile);
  const [docs, setDocs] = useState<MandatoryDocument[] | null>(null);
  /** `none`: no application is open (none begun, or the last one made its loan): nothing to retry. */
  const [listState, setListState] = useState<'loading' | 'failed' | 'none' | 'ready'>('loading');
  const [statuses, setStatuses] = useState<Record<string, TileStatus>>({});
  const [missing, setMissing] = useState<Record<string, string>>({});
  const [last4, setLast4] = useState('');
  const [last4Error, setLast4Error] = useState<string | null>(null);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  // The newest answer of an upload: its next_step decides where Continue goes.
  const lastAnswer = useRef<ApplicationAnswer | null>(null);
  // The failure banner each document raised, and Continue's: a later success takes its own down (issue 25).
  const failureAlerts = useRef(new Map<string, number>());
  const failed = (docType: string, msg: string) => {
    failureAlerts.current.set(docType, showAlert({ type: 'error', msg }));
  };
  const succeeded = (docType: string) => {
    for (const key of [docType, CONTINUE_ALERT]) {
      const id = failureAlerts.current.get(key);
      if (id !== undefined) closeAlert(id);
      failureAlerts.current.delete(key);
    }
  };

  const load = useCallback(async () => {
    setListState('loading');
    try {
      const envelope = await dashboardCall<MandatoryDocument[]>(API.mandatoryDocuments);
      if (envelope.Status !== STATUS.ok || !Array.isArray(envelope.Data)) {
        setListState(envelope.error === 'no_application' ? 'none' : 'failed');
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

  const onStatus = useCallback((docType: string, status: TileStatus) => {
    setStatuses((current) => (current[docType] === status ? current : { ...current, [docType]: status }));
    if (status !== 'needed')
      setMissing((current) => {
        if (!(docType in current)) return current;
        const { [docType]: _, ...rest } = current;
        return rest;
      });
  }, []);

  const uploadOf =
    (doc: MandatoryDocument) =>
    async (file: PreparedFile, password: string, onPercent: (percent: number) => void): Promise<UploadOutcome> => {
      const withLast4 = isAadhaar(doc) && last4 !== '';
      if (withLast4 && !/^\d{4}$/.test(last4)) {
        setLast4Error(LAST4_INVALID);
        document.getElementById(LAST4_ID)?.focus();
        return { ok: false, reason: LAST4_INVALID };
      }
      try {
        const envelope = await registrationEvent<ApplicationAnswer & { error?: string }>(
          doc.event_name,
          {
            doc_type: doc.doc_type,
            file: file.base64,
            file_ext: file.ext,
            password: password || 'N/A',
            ...(withLast4 && { aadhaar_last4: last4 }),
          },
          { transport: percentTransport(onPercent) },
        );
        if (envelope.Status !== STATUS.ok) {
          failed(doc.doc_type, failedOne(doc.name));
          return { ok: false, reason: envelope.Message || failedOne(doc.name), code: envelope.error };
        }
        lastAnswer.current = envelope.Data;
        succeeded(doc.doc_type);
        return { ok: true };
      } catch (failure) {
        if (!(failure instanceof SessionEnded)) failed(doc.doc_type, UPLOAD_ERROR);
        throw failure;
      }
    };

  const proceed = () => {
    if (!docs) return;
    const notDone = docs.filter((doc) => statuses[doc.doc_type] !== 'done');
    if (notDone.length === 0) {
      clearAlerts();
      if (lastAnswer.current) afterApplicationStep(lastAnswer.current, ALL_UPLOADED, undefined, DOCUMENT_ALERT_MS);
      // Everything was on file already and nothing was replaced: on to the bank details.
      else navigate(screenPath('bank-detail'));
      return;
    }
    const refused = notDone.filter((doc) => statuses[doc.doc_type] === 'refused');
    const working = notDone.some((doc) => statuses[doc.doc_type] === 'working');
    const message = working
      ? STILL_UPLOADING
      : refused.length === 1
        ? failedOne((refused[0] as MandatoryDocument).name)
        : refused.length > 1
          ? SOME_FAILED
          : UPLOAD_ALL;
    failed(CONTINUE_ALERT, message);
    setMissing(
      Object.fromEntries(
        notDone
          .filter((doc) => statuses[doc.doc_type] === 'needed')
          .map((doc) => [doc.doc_type, `${doc.name} is required!`]),
      ),
    );
    const first = notDone.find((doc) => statuses[doc.doc_type] !== 'working');
    if (first) inputs.current.get(first.doc_type)?.focus();
  };

  const allDone = docs?.every((doc) => statuses[doc.doc_type] === 'done') ?? false;
  const hasAadhaar = docs?.some(isAadhaar) ?? false;
  return (
    <StepScreen
      back={{ to: screenPath('eligibility'), label: 'Back to your loan application' }}
      title={route.title}
      intro="The documents we need for your loan. Each one is sent as soon as you choose it or take its photo."
    >
      <ProfileState
        loading={listState === 'loading'}
        error={listState === 'failed' ? FETCH_FAILED : null}
        retry={load}
      />
      {listState === 'none' && (
        // The specification's message, with the way on instead of a Try again that would answer the same.
        <div className={styles.panel}>
          <p role="alert">{FETCH_FAILED}</p>
          <p>No loan application is waiting for documents. Your loan home shows where you are.</p>
          <button type="button" className="button" onClick={() => navigate(screenPath('eligibility'))}>
            Go to your loan home
          </button>
        </div>
      )}
      {listState === 'ready' && docs?.length === 0 && (
        <div className={styles.panel}>
          <p role="status">{NONE_REQUIRED}</p>
          <button type="button" className="button" onClick={() => navigate(screenPath('bank-detail'))}>
            Continue
          </button>
        </div>
      )}
      {listState === 'ready' && docs && docs.length > 0 && (
        <div className={`${styles.panel} ${formStyles.form}`}>
          {hasAadhaar && (
            <>
              <MaskedAadhaar headingId="masked-aadhaar-heading" />
              <TextField
                id={LAST4_ID}
                label="Last four digits of your Aadhaar number (optional)"
                inputMode="numeric"
                autoComplete="off"
                value={last4}
                onValue={(value) => {
                  // A whole number pasted keeps only its last four; no more than four ever stay in the page.
                  const digits = digitsOnly(value, 16);
                  setLast4(digits.length >= 12 ? digits.slice(-4) : digits.slice(0, 4));
                  setLast4Error(null);
                }}
                hint="The four digits your masked Aadhaar shows. We keep only these, never the whole number."
                error={last4Error ?? undefined}
              />
            </>
          )}
          <ul className={docStyles.list} aria-label="Documents to upload">
            {docs.map((doc) => (
              <DocumentTile
                key={doc.doc_type}
                doc={{
                  doc_type: doc.doc_type,
                  name: doc.name,
                  formats: doc.allowed_formats ?? [doc.allowed_format],
                  stored: doc.uploaded ? doc : null,
                }}
                upload={uploadOf(doc)}
                onStatus={onStatus}
                hint={isAadhaar(doc) ? AADHAAR_HINT : undefined}
                error={missing[doc.doc_type]}
                locked={lock && doc.uploaded ? DOCUMENT_LOCKED[lock] : undefined}
                chooseRef={(element) => {
                  if (element) inputs.current.set(doc.doc_type, element);
                  else inputs.current.delete(doc.doc_type);
                }}
              />
            ))}
          </ul>
          <p className={docStyles.summary}>
            {docs.filter((doc) => statuses[doc.doc_type] === 'done').length} of {docs.length} documents uploaded
          </p>
          <div className={formStyles.actions}>
            {/* Never disabled: pressed too early it says what is still missing (product.md §5); it looks secondary until then. */}
            <button type="button" className={allDone ? 'button' : 'button button--ghost'} onClick={proceed}>
              {update ? 'Update' : 'Continue'}
            </button>
          </div>
        </div>
      )}
    </StepScreen>
  );
}
