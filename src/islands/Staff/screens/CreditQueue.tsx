/** Credit's queue: the applications submitted for a decision, oldest or newest first, with their count. */
import { useState } from 'react';
import type * as v from 'valibot';
import { STAFF_API } from '../../../lib/api/staffPaths.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { formatRupees } from '../../../lib/money.ts';
import type { ApplicationsQueueAnswer } from '../../../lib/schemas/answers/staffApplications.ts';
import { age, ConsoleLink } from '../components/parts.tsx';
import { QueueControls } from '../components/QueueControls.tsx';
import type { StaffScreenProps } from '../navigation/screenProps.ts';
import { staffPath } from '../navigation/screens.ts';
import styles from '../Staff.module.css';
import { useLoad } from '../state/useLoad.ts';

type ApplicationsQueue = v.InferOutput<typeof ApplicationsQueueAnswer>;

export default function CreditQueue(_: StaffScreenProps) {
  const [sort, setSort] = useState<'oldest' | 'newest'>('oldest');
  const { data, loading, failure, reload } = useLoad<ApplicationsQueue>(STAFF_API.applications, {
    sort,
  });

  return (
    <>
      <h1>Applications to decide</h1>
      <QueueControls id="queue-sort" order={sort} onOrder={setSort} onRefresh={() => void reload()} />
      <p role="status">
        {loading
          ? 'Loading the queue…'
          : data
            ? `${formatNumber(data.count)} ${data.count === 1 ? 'application' : 'applications'} waiting.`
            : ''}
      </p>
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      {data && data.items.length > 0 && (
        <table className={`${styles.table} ${styles.stacked}`}>
          <caption id="credit-queue-caption" className="visually-hidden">
            Submitted applications, {sort} first
          </caption>
          <thead>
            <tr>
              <th scope="col">Application</th>
              <th scope="col">Applicant</th>
              <th scope="col" className={styles.number}>
                Amount
              </th>
              <th scope="col" className={styles.number}>
                Tenure
              </th>
              <th scope="col">Submitted</th>
              <th scope="col">Waiting</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((item) => (
              <tr key={item.lead_id}>
                <td data-label="Application">
                  <ConsoleLink to={`${staffPath('application')}?lead_id=${item.lead_id}`}>
                    Open application {item.lead_id}
                  </ConsoleLink>
                </td>
                <td data-label="Applicant">
                  {item.applicant || 'NA'} ({item.user_type})
                </td>
                <td data-label="Amount" className={styles.number}>
                  {item.amount === null ? 'NA' : formatRupees(item.amount)}
                </td>
                <td data-label="Tenure" className={styles.number}>
                  {item.tenure === null ? 'NA' : `${item.tenure} days`}
                </td>
                <td data-label="Submitted">{formatDate(item.submitted_at)}</td>
                <td data-label="Waiting">{age(item.age_hours)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
