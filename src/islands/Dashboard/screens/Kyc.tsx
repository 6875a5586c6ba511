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
import type { ScreenProps } from '../navigation/screenProps.ts';
import { screenPath } from '../navigation/screens.ts';
import { dashboardCall, SessionEnded } from '../state/api.ts';

const FAILED = 'We could not load your documents. Please try again.';
const NOT_REQUESTED = 'Not yet requested';
const TYPE_NAMES: Record<StoredFileType, string> = { jpeg: 'JPEG image', png: 'PNG image', pdf: 'PDF' };

type Row = { name: string; state: string; done: boolean };

/** Each row of the checklist from the server's answer: what is on file, since when and as what. */
function rowsOf(kyc: KycDocuments): Row[] {
  return [
    { name: 'PAN', state: kyc.pan.verified ? 'Verified' : 'Pending', done: kyc.pan.verified },
    { name: 'Selfie', state: kyc.selfie.uploaded ? 'Uploaded' : 'Pending', done: kyc.selfie.uploaded },
    ...kyc.documents.map((doc) => ({
      name: doc.name,
      state: doc.uploaded
        ? `Uploaded on ${formatDate(doc.uploaded_at)}${doc.file_type ? ` (${TYPE_NAMES[doc.file_type]})` : ''}`
        : doc.requested
          ? 'Needed'
          : NOT_REQUESTED,
      done: doc.uploaded,
    })),
  ];
}

/** The customer's document checklist with each document's real state from the server (issue 14). */
export default function Kyc({ route }: ScreenProps) {
  const [kyc, setKyc] = useState<KycDocuments | null>(null);
  const [state, setState] = useState<'loading' | 'failed' | 'ready'>('loading');

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
            {rowsOf(kyc).map((row) => (
              <tr key={row.name}>
                <th scope="row">{row.name}</th>
                <td className={row.done ? kycStyles.done : kycStyles.waiting}>{row.state}</td>
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
