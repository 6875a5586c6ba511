import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { failureMessage } from '../../../lib/api/client.ts';
import { STATUS } from '../../../lib/api/envelope.ts';
import { API } from '../../../lib/api/paths.ts';
import { documentByDocsId, type KycDocuments } from '../../../lib/documents.ts';
import { DocumentTile, type TileStatus, UPLOAD_ERROR, type UploadOutcome } from '../components/DocumentTile.tsx';
import type { PreparedFile } from '../components/documentFiles.ts';
import formStyles from '../components/Form.module.css';
import { Link } from '../components/Link.tsx';
import styles from '../components/Screen.module.css';
import { StepScreen } from '../components/StepScreen.tsx';
import { DOCUMENT_SCREENS } from '../navigation/documentScreens.ts';
import { navigate } from '../navigation/router.ts';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { routeOf, screenPath } from '../navigation/screens.ts';
import { clearAlerts, DOCUMENT_ALERT_MS, showAlert } from '../state/alerts.ts';
import { dashboardCall, SessionEnded } from '../state/api.ts';
import { applicationLock, DOCUMENT_LOCKED } from '../state/heldSteps.ts';
import type { Profile } from '../state/profile.ts';
import { $session, updateSession } from '../state/sessionStore.ts';
import { isUpdate, percentTransport } from '../state/uploads.ts';
import { useProfile } from '../state/useProfile.ts';
import docStyles from './MandatoryDocuments.module.css';

/** One document of the KYC list: the shared list's entry, what is on file and whether the application asks for it. */
type KycDocument = KycDocuments['documents'][number];

/** What this screen reads of the profile: the open application's id and the customer's user_type (Steps data). */
type ApplicationProfile = Profile & { user_type?: string; lead_details?: { lead_id?: number | null } };

/** A label inside a sentence: "Bank statement" reads "bank statement", "PAN card" keeps its capitals. */
const inSentence = (label: string) => label.replace(/^[A-Z](?=[a-z])/, (first) => first.toLowerCase());

const NO_APPLICATION = 'Start your loan application with the loan calculator first.';
const STILL_LOADING = 'Your application is still loading. Please try again in a moment.';
const STILL_UPLOADING = 'Please wait until the upload finishes.';

/**
 * One document by the single-document upload (product.md §2, §3): PAN, bank statement, salary
 * slip or utility bill, by the address (navigation/documentScreens.ts), as one tile that sends the file as soon
 * as it is chosen. Its formats come from the server's document list (the shared list until it answers).
 */
export default function DocumentUpload({ route, location }: ScreenProps) {
  const screen = DOCUMENT_SCREENS[route.slug];
  const kind = screen ? documentByDocsId(screen.docsId) : undefined;
  const update = isUpdate(location);
  const session = useStore($session);
  const { profile, loading } = useProfile();
  const application = profile as ApplicationProfile | null;
  const leadId = session.leadId || String(application?.lead_details?.lead_id ?? '');
  const chooseInput = useRef<HTMLInputElement>(null);
  const [onFile, setOnFile] = useState<KycDocument | null>(null);
  const [listed, setListed] = useState(false);
  const [status, setStatus] = useState<TileStatus>('needed');
  const [error, setError] = useState<string | null>(null);

  // A session opened by sign-in has no lead id yet: the profile's open application gives it.
  useEffect(() => {
    const fromProfile = application?.lead_details?.lead_id;
    if (!session.leadId && fromProfile) updateSession({ leadId: String(fromProfile) });
  }, [application, session.leadId]);

  // What the server takes for this document, whether it has it and whether the application asks for it:
  // the same list as KYC Documents (issue 25), so the two screens never disagree. The tile waits for it.
  useEffect(() => {
    let live = true;
    dashboardCall<KycDocuments>(API.kycDocuments)
      .then((envelope) => {
        const found = Array.isArray(envelope.Data?.documents)
          ? envelope.Data.documents.find((doc) => doc.docs_id === screen?.docsId || doc.doc_type === kind?.doc_type)
          : undefined;
        if (live) setOnFile(found ?? null);
      })
      .catch(() => {})
      .finally(() => live && setListed(true));
    return () => {
      live = false;
    };
  }, [screen?.docsId, kind?.doc_type]);

  const onStatus = useCallback((_: string, next: TileStatus) => {
    setStatus(next);
    if (next !== 'needed') setError(null);
  }, []);

  if (!screen || !kind) return null;

  const upload = async (
    file: PreparedFile,
    password: string,
    onPercent: (percent: number) => void,
  ): Promise<UploadOutcome> => {
    if (!leadId) return { ok: false, reason: loading ? STILL_LOADING : NO_APPLICATION };
    clearAlerts();
    try {
      const envelope = await dashboardCall(
        API.singleDocument,
        {
          lead_id: leadId,
          token: session.token,
          file: file.base64,
          // Upper case, as read from the file (JPEG after scaling down), PDF for a PDF (product.md §3).
          ext: file.ext,
          password: password === '' ? 'N/A' : password,
          docs_id: screen.docsId,
        },
        { transport: percentTransport(onPercent) },
      );
      if (envelope.Status !== STATUS.ok) return { ok: false, reason: failureMessage(envelope), code: envelope.error };
      showAlert({ type: 'success', msg: envelope.Message, timeout: DOCUMENT_ALERT_MS });
      return { ok: true };
    } catch (failure) {
      if (!(failure instanceof SessionEnded)) showAlert({ type: 'error', msg: UPLOAD_ERROR });
      throw failure;
    }
  };

  // Neither on file nor asked for by the application (a repeat customer's new application asks less).
  const notAsked = onFile !== null && !onFile.uploaded && !onFile.requested;
  // On file for an application the customer can no longer change (issue 25): held, not replaceable.
  const lock = onFile?.uploaded ? applicationLock(profile) : null;
  const proceed = () => {
    if (lock) {
      navigate(screenPath('eligibility'));
      return;
    }
    if (status === 'done' || notAsked) {
      navigate(screenPath(screen.next(application?.user_type ?? 'NEW')));
      return;
    }
    if (status === 'working') {
      showAlert({ type: 'error', msg: STILL_UPLOADING });
      return;
    }
    setError(screen.missing);
    chooseInput.current?.focus();
  };

  const formats = onFile?.allowed_formats ?? kind.formats;
  return (
    <StepScreen
      back={{ to: screenPath(screen.back), label: `Back to ${routeOf(screen.back)?.title}` }}
      title={route.title}
      intro={screen.intro}
    >
      <div className={`${styles.panel} ${formStyles.form}`}>
        {listed && notAsked ? (
          <p role="status">
            No loan application of yours asks for your {inSentence(screen.label)} now: there is nothing to upload here.{' '}
            <Link to={screenPath('kyc')}>See which documents we hold and which are needed</Link>.
          </p>
        ) : listed ? (
          <ul className={docStyles.list} aria-label="Document to upload">
            <DocumentTile
              doc={{ doc_type: kind.doc_type, name: screen.label, formats, stored: onFile?.uploaded ? onFile : null }}
              upload={upload}
              onStatus={onStatus}
              hint={screen.hint}
              error={error}
              chooseRef={chooseInput}
              locked={lock ? DOCUMENT_LOCKED[lock] : undefined}
            />
          </ul>
        ) : (
          <p role="status">Loading…</p>
        )}
        <div className={formStyles.actions}>
          <button
            type="button"
            className={status === 'done' || notAsked || lock ? 'button' : 'button button--ghost'}
            onClick={proceed}
          >
            {lock ? 'Go to your loan' : update ? 'Update' : 'Continue'}
          </button>
        </div>
      </div>
    </StepScreen>
  );
}
