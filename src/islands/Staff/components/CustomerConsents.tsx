/**
 * A customer's consents on record and their privacy requests (issue 24; /Api/Staff/customerConsents),
 * read-only: each consent's kind, time, text version, address and user agent, with the words agreed
 * to; each withdrawal or deletion request with what the customer was told is kept.
 */
import type * as v from 'valibot';
import { STAFF_API } from '../../../lib/api/staffPaths.ts';
import type { StaffConsentsAnswer } from '../../../lib/schemas/answers/consent.ts';
import styles from '../Staff.module.css';
import { useLoad } from '../state/useLoad.ts';
import { dateAndTime } from './dateAndTime.ts';

type Consents = v.InferOutput<typeof StaffConsentsAnswer>;

const REQUEST_KINDS: Record<string, string> = {
  withdraw_consent: 'Consent withdrawn',
  delete_data: 'Data deletion asked',
};

export function CustomerConsents({ mobile }: { mobile: string }) {
  const { data, loading, failure } = useLoad<Consents>(STAFF_API.customerConsents, { mobile });
  return (
    <section className={styles.card} aria-labelledby="consents-heading">
      <h2 id="consents-heading">What the customer agreed to</h2>
      <p role="status">{loading ? 'Loading the consents…' : ''}</p>
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      {data && data.consents.length === 0 && <p>No consent on record.</p>}
      {data && data.consents.length > 0 && (
        <ul className={styles.plainList}>
          {data.consents.map((consent) => (
            <li key={`${consent.kind}-${consent.given_at}-${consent.text_version}`}>
              <h3>{consent.label}</h3>
              <p>
                Given {dateAndTime(consent.given_at)}
                {consent.reference ? ` for ${consent.reference}` : ''} from {consent.address}
                {consent.withdrawn_at ? `; withdrawn ${dateAndTime(consent.withdrawn_at)}` : ''}.
              </p>
              <p className={styles.hint}>
                Text version <code className={styles.quote}>{consent.text_version}</code> ·{' '}
                {consent.user_agent || 'no user agent'}
              </p>
              {consent.text && (
                <details>
                  <summary>The words agreed to</summary>
                  <blockquote className={styles.quote}>{consent.text}</blockquote>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
      {data && data.requests.length > 0 && (
        <>
          <h3>Privacy requests</h3>
          <ul className={styles.plainList}>
            {data.requests.map((request) => (
              <li key={request.request_no}>
                <p>
                  {request.request_no}: {REQUEST_KINDS[request.kind] ?? request.kind}
                  {request.consent_kind ? ` (${request.consent_kind})` : ''}, {dateAndTime(request.requested_at)},{' '}
                  {request.status}, from {request.address}.
                </p>
                {request.note && <blockquote className={styles.quote}>{request.note}</blockquote>}
                <details>
                  <summary>What the customer was told we keep</summary>
                  <blockquote className={styles.quote}>{request.kept}</blockquote>
                </details>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
