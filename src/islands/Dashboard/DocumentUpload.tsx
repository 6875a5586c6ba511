import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { failureMessage } from '../../lib/api/client.ts';
import { STATUS } from '../../lib/api/envelope.ts';
import { API } from '../../lib/api/paths.ts';
import { clearAlerts, DOCUMENT_ALERT_MS, showAlert } from './alerts.ts';
import { dashboardCall } from './api.ts';
import { BusyButton } from './components/BusyButton.tsx';
import { DocumentField } from './components/DocumentField.tsx';
import formStyles from './components/Form.module.css';
import { Link } from './components/Link.tsx';
import styles from './components/Screen.module.css';
import { ScreenTitle } from './components/ScreenTitle.tsx';
import { DOCUMENT_SCREENS } from './documentScreens.ts';
import type { Profile } from './profile.ts';
import { navigate } from './router.ts';
import { routeOf, screenPath } from './routes.ts';
import type { ScreenProps } from './screenProps.ts';
import { $session, updateSession } from './sessionStore.ts';
import { type ChosenFile, isUpdate, percentTransport } from './uploads.ts';
import { useProfile } from './useProfile.ts';
import { useRequest } from './useRequest.ts';

/** What this screen reads of the profile: the open application's id and the customer's user_type (Steps data). */
type ApplicationProfile = Profile & { user_type?: string; lead_details?: { lead_id?: number | null } };

const NO_APPLICATION = 'Start your loan application with the loan calculator first.';
const STILL_LOADING = 'Your application is still loading. Please try again in a moment.';

/**
 * One document by the single-document upload (dashboard.md §2, §3): PAN, bank statement, salary
 * slip or utility bill, by the address (documentScreens.ts), sent with its progress.
 */
export default function DocumentUpload({ route, location }: ScreenProps) {
  const screen = DOCUMENT_SCREENS[route.slug];
  const update = isUpdate(location);
  const session = useStore($session);
  const { profile, loading } = useProfile();
  const application = profile as ApplicationProfile | null;
  const leadId = session.leadId || String(application?.lead_details?.lead_id ?? '');
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const { busy, run } = useRequest<'upload'>();

  // A session opened by sign-in has no lead id yet: the profile's open application gives it.
  useEffect(() => {
    const fromProfile = application?.lead_details?.lead_id;
    if (!session.leadId && fromProfile) updateSession({ leadId: String(fromProfile) });
  }, [application, session.leadId]);

  if (!screen) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!file) {
      setError(screen.missing);
      fileInput.current?.focus();
      return;
    }
    if (!leadId) {
      showAlert({ type: 'error', msg: loading ? STILL_LOADING : NO_APPLICATION });
      return;
    }
    clearAlerts();
    setError(null);
    setPercent(0);
    await run('upload', async () => {
      try {
        const envelope = await dashboardCall(
          API.singleDocument,
          {
            lead_id: leadId,
            token: session.token,
            file: file.base64,
            // Upper case; JPEG unless the file says otherwise, PDF for the statement and the slip (§3).
            ext: screen.format === 'pdf' ? 'PDF' : file.ext || 'JPEG',
            password: password === '' ? 'N/A' : password,
            docs_id: screen.docsId,
          },
          { transport: percentTransport(setPercent) },
        );
        if (envelope.Status !== STATUS.ok) {
          showAlert({ type: 'error', msg: failureMessage(envelope) });
          return;
        }
        showAlert({ type: 'success', msg: envelope.Message, timeout: DOCUMENT_ALERT_MS });
        navigate(screenPath(screen.next(application?.user_type ?? 'NEW')));
      } finally {
        setPercent(null);
      }
    });
  };

  return (
    <>
      <p className={styles.backRow}>
        <Link to={screenPath(screen.back)} className={styles.back}>
          ← Back to {routeOf(screen.back)?.title}
        </Link>
      </p>
      <ScreenTitle>{route.title}</ScreenTitle>
      <p className={styles.intro}>{screen.intro}</p>
      <form className={`${styles.panel} ${formStyles.form}`} onSubmit={submit} noValidate>
        <DocumentField
          inputRef={fileInput}
          label={screen.label}
          format={screen.format}
          hint={screen.hint}
          error={error ?? undefined}
          percent={percent}
          password={password}
          onPassword={setPassword}
          disabled={busy !== null}
          onFile={(chosen, problem) => {
            setFile(chosen);
            setError(problem);
          }}
        />
        <div className={formStyles.actions}>
          <BusyButton busy={busy === 'upload'} busyText={`Uploading… ${percent ?? 0}%`}>
            {update ? 'Update' : 'Continue'}
          </BusyButton>
        </div>
      </form>
    </>
  );
}
