/**
 * Collections' queue (/Api/Staff/loans): active loans by days past due in the RBI's classes (0,
 * 1-30, 31-60, 61-90, 90+) with each class's count, the most overdue first (or the least).
 */
import { useState } from 'react';
import type * as v from 'valibot';
import { STAFF_API } from '../../../lib/api/staffPaths.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { formatRupees } from '../../../lib/money.ts';
import type { LoansQueueAnswer } from '../../../lib/schemas/answers/staffLoans.ts';
import { ConsoleLink } from '../components/parts.tsx';
import { QueueControls } from '../components/QueueControls.tsx';
import type { StaffScreenProps } from '../navigation/screenProps.ts';
import { staffPath } from '../navigation/screens.ts';
import styles from '../Staff.module.css';
import { useLoad } from '../state/useLoad.ts';

/** The API's classes (src/server/staff/loanRoutes.ts) as staff read them. */
export const BUCKETS = [
  ['current', '0 days'],
  ['1-30', '1–30 days'],
  ['31-60', '31–60 days'],
  ['61-90', '61–90 days'],
  ['90+', '90+ days'],
] as const;
type Bucket = (typeof BUCKETS)[number][0];
export const bucketName = (bucket: string) => BUCKETS.find(([key]) => key === bucket)?.[1] ?? bucket;

type Loans = v.InferOutput<typeof LoansQueueAnswer>;

export default function CollectionsQueue(_: StaffScreenProps) {
  const [sort, setSort] = useState<'oldest' | 'newest'>('oldest');
  const [bucket, setBucket] = useState<Bucket | null>(null);
  const { data, loading, failure, reload } = useLoad<Loans>(STAFF_API.loans, bucket ? { bucket } : {});
  // The API answers the most overdue first; "newest" is the least overdue first.
  const items = data ? (sort === 'newest' ? [...data.items].reverse() : data.items) : [];
  const total = data ? Object.values(data.counts).reduce((sum, n) => sum + n, 0) : 0;

  return (
    <>
      <h1>Loans</h1>
      <section aria-labelledby="buckets-heading">
        <h2 id="buckets-heading">Days past due</h2>
        <ul className={styles.buckets}>
          {[[null, 'All active'] as const, ...BUCKETS].map(([key, name]) => (
            <li key={name}>
              <button
                type="button"
                className="button button--ghost"
                aria-pressed={bucket === key}
                onClick={() => setBucket(key)}
              >
                {name}{' '}
                <span className={styles.count}>{data ? formatNumber(key ? (data.counts[key] ?? 0) : total) : '…'}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <QueueControls id="loans-sort" order={sort} onOrder={setSort} onRefresh={() => void reload()} />
      <p role="status">
        {loading
          ? 'Loading the loans…'
          : data
            ? `${formatNumber(data.count)} ${data.count === 1 ? 'loan' : 'loans'}${bucket ? ` ${bucketName(bucket)} past due` : ' active'}.`
            : ''}
      </p>
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
      {items.length > 0 && (
        <table className={`${styles.table} ${styles.stacked}`}>
          <caption className="visually-hidden">
            Active loans, {sort === 'oldest' ? 'most' : 'least'} overdue first
          </caption>
          <thead>
            <tr>
              <th scope="col">Loan</th>
              <th scope="col">Borrower</th>
              <th scope="col">Due date</th>
              <th scope="col" className={styles.number}>
                Days past due
              </th>
              <th scope="col" className={styles.number}>
                To close today
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.loan_no}>
                <td data-label="Loan">
                  <ConsoleLink to={`${staffPath('loan')}?loan_no=${item.loan_no}`}>
                    Open loan {item.loan_no}
                  </ConsoleLink>
                </td>
                <td data-label="Borrower">{item.borrower || 'NA'}</td>
                <td data-label="Due date">{formatDate(item.due_date)}</td>
                <td data-label="Days past due" className={styles.number}>
                  {formatNumber(item.days_past_due)} ({bucketName(item.bucket)})
                </td>
                <td data-label="To close today" className={styles.number}>
                  {formatRupees(item.to_close_today)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
