/**
 * Support's queue of data deletion requests (issue 24; /Api/Staff/privacyRequests), oldest first:
 * who asked, when, their note, and what they were told is kept. Support deletes what the law does
 * not require us to keep and tells the customer; the customer's page shows their consents.
 */
import type * as v from 'valibot';
import { STAFF_API } from '../../../lib/api/staffPaths.ts';
import { formatNumber } from '../../../lib/format.ts';
import type { StaffPrivacyRequestsAnswer } from '../../../lib/schemas/answers/consent.ts';
import { dateAndTime } from '../components/dateAndTime.ts';
import { ConsoleLink } from '../components/parts.tsx';
import type { StaffScreenProps } from '../navigation/screenProps.ts';
import { staffPath } from '../navigation/screens.ts';
import styles from '../Staff.module.css';
import { useLoad } from '../state/useLoad.ts';

type Queue = v.InferOutput<typeof StaffPrivacyRequestsAnswer>;

export default function PrivacyRequestsQueue(_: StaffScreenProps) {
  const { data, loading, failure } = useLoad<Queue>(STAFF_API.privacyRequests);
  return (
    <>
      <h1>Data deletion requests</h1>
      <p role="status">
        {loading
          ? 'Loading the requests…'
          : data
            ? `${formatNumber(data.count)} ${data.count === 1 ? 'request' : 'requests'} waiting.`
            : ''}
      </p>
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      <p>
        Delete what the law does not require us to keep, then tell the customer what was deleted and what was kept. Find
        the customer by mobile on the <ConsoleLink to={staffPath('customer')}>customer page</ConsoleLink> to see what
        they agreed to.
      </p>
      {data && data.items.length > 0 && (
        <ul className={styles.plainList}>
          {data.items.map((row) => (
            <li key={row.request_no} className={styles.card}>
              <h2>
                {row.request_no}: {row.name || 'Name not given'}
              </h2>
              <p>
                Mobile {row.mobile}, asked {dateAndTime(row.requested_at)}.
              </p>
              {row.note && <blockquote className={styles.quote}>{row.note}</blockquote>}
              <details>
                <summary>What the customer was told we keep</summary>
                <blockquote className={styles.quote}>{row.kept}</blockquote>
              </details>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
