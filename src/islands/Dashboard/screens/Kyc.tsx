import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { STATUS } from '../../../lib/api/envelope.ts';
import { API } from '../../../lib/api/paths.ts';
import type { KycDocuments, StoredFileType } from '../../../lib/documents.ts';
import { formatDate } from '../../../lib/format.ts';
import { Link } from '../components/Link.tsx';
import { ProfileState } from '../components/ProfileState.tsx';
import styles from '../components/Screen.module.css';
import { ScreenTitle } from '../components/ScreenTitle.tsx';
import kycStyles from '../components/Table.module.css';
import { DOCUMENT_SCREENS } from '../navigation/documentScreens.ts';
import { currentStepIndex, REGISTRATION_STEPS } from '../navigation/registrationSteps.ts';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { screenPath } from '../navigation/screens.ts';
import { dashboardCall, SessionEnded } from '../state/api.ts';
import { $session } from '../state/sessionStore.ts';
import own from './Kyc.module.css';

const FAILED = 'We could not load your documents. Please try again.';
const NOT_REQUESTED = 'Not yet requested';
/** What is on file in a borrower's words (issue 25), not the file's type ("PNG image"), as the upload cards. */
const TYPE_NAMES: Record<StoredFileType, string> = { jpeg: 'a picture', png: 'a picture', pdf: 'a PDF' };

/**
 * Where a pending item is taken: a link with the words to show and, for screen readers, what it is for
 * ("Upload" and the document's name, which its row shows already), with a line before it if needed.
 */
type Way = { to: string; text: string; hidden?: string; note?: string };
type Row = { name: string; state: string; done: boolean; way?: Way | undefined };

/** The screen that takes a loan document: its single-document screen, else (Aadhaar) Complete Your KYC. */
const uploadScreen = (docsId: number | null) =>
  Object.entries(DOCUMENT_SCREENS).find(([, screen]) => screen.docsId === docsId)?.[0] ?? 'adhar-upload';

/**
 * The way to a pending profile step (PAN is step 1, the selfie step 5): its screen once it is the step to
 * do now; before, the step to do now, since the server takes the steps in order (issue 25).
 */
function stepWay(index: number, current: number, text: string): Way {
  const step = REGISTRATION_STEPS[index];
  const now = REGISTRATION_STEPS[current];
  if (!step || !now || index <= current) return { to: screenPath(step?.screen ?? ''), text };
  return {
    to: screenPath(now.screen),
    text: `Continue to ${now.title}`,
    note: `Step ${index + 1} of your profile, after ${now.title}.`,
  };
}

/** Each row of the checklist from the server's answer: what is on file, since when and as what. */
function rowsOf(kyc: KycDocuments, current: number): Row[] {
  return [
    {
      name: 'PAN',
      state: kyc.pan.verified ? 'Verified' : 'Pending',
      done: kyc.pan.verified,
      way: kyc.pan.verified ? undefined : stepWay(0, current, 'Verify your PAN'),
    },
    {
      name: 'Selfie',
      state: kyc.selfie.uploaded ? 'Uploaded' : 'Pending',
      done: kyc.selfie.uploaded,
      way: kyc.selfie.uploaded ? undefined : stepWay(4, current, 'Take your selfie'),
    },
    ...kyc.documents.map((doc) => ({
      name: doc.name,
      state: doc.uploaded
        ? `Uploaded on ${formatDate(doc.uploaded_at)}${doc.file_type ? ` (${TYPE_NAMES[doc.file_type]})` : ''}`
        : doc.requested
          ? 'Needed'
          : NOT_REQUESTED,
      done: doc.uploaded,
      way:
        doc.requested && !doc.uploaded
          ? { to: screenPath(uploadScreen(doc.docs_id)), text: 'Upload', hidden: doc.name }
          : undefined,
    })),
  ];
}

/** The customer's document checklist with each document's real state from the server (issue 14). */
export default function Kyc({ route }: ScreenProps) {
  const [kyc, setKyc] = useState<KycDocuments | null>(null);
  const [state, setState] = useState<'loading' | 'failed' | 'ready'>('loading');
  const current = currentStepIndex(useStore($session).nextStep);

  const load = useCallback(async () => {
    setState('loading');
    try {
      const envelope = await dashboardCall<KycDocuments>(API.kycDocuments);
      if (envelope.Status !== STATUS.ok || !envelope.Data?.documents) {
        setState('failed');
        return;
      }
      setKyc(envelope.Data);
      setState('ready');
    } catch (failure) {
      if (!(failure instanceof SessionEnded)) setState('failed');
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const needed = kyc?.documents.some((doc) => doc.requested && !doc.uploaded) ?? false;
  return (
    <>
      <ScreenTitle>{route.title}</ScreenTitle>
      <p className={styles.intro}>
        The documents we hold for you and those we will ask for when your loan application reaches them.
      </p>
      <ProfileState loading={state === 'loading'} error={state === 'failed' ? FAILED : null} retry={load} />
      {kyc && (
        <table className={kycStyles.table}>
          <caption className="visually-hidden">Your KYC documents and their state</caption>
          <thead>
            <tr>
              <th scope="col">Document</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {rowsOf(kyc, current).map((row) => (
              <tr key={row.name}>
                <th scope="row">{row.name}</th>
                <td>
                  <span className={row.done ? kycStyles.done : kycStyles.waiting}>{row.state}</span>
                  {row.way && (
                    <span className={own.way}>
                      {row.way.note && <span>{row.way.note} </span>}
                      <Link to={row.way.to}>
                        {row.way.text}
                        {row.way.hidden && <span className="visually-hidden">{row.way.hidden}</span>}
                      </Link>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {needed && (
        <p>
          <Link to={screenPath('adhar-upload')} className="button">
            Upload the documents still needed
          </Link>
        </p>
      )}
    </>
  );
}
