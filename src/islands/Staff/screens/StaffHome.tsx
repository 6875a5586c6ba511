/** The console's home: the work queues the member's roles allow, each with its count. */
import { useEffect, useState } from 'react';
import { STAFF_API } from '../../../lib/api/staffPaths.ts';
import { formatNumber } from '../../../lib/format.ts';
import { ConsoleLink } from '../components/parts.tsx';
import type { StaffScreenProps } from '../navigation/screenProps.ts';
import { staffPath, WORK_QUEUES } from '../navigation/screens.ts';
import styles from '../Staff.module.css';
import { staffCall } from '../state/api.ts';

type Counts = Partial<Record<string, number>>;

/** Each queue's count, from the queue's own route. */
async function countsFor(roles: readonly string[]): Promise<Counts | null> {
  const counts: Counts = {};
  if (roles.includes('credit')) {
    const answer = await staffCall<{ count: number }>(STAFF_API.applications);
    if (answer.ended) return null;
    if (answer.ok) counts['Applications to decide'] = answer.Data?.count;
  }
  if (roles.includes('finance')) {
    const answer = await staffCall<{ to_request: { count: number }; to_approve: { count: number } }>(
      STAFF_API.disbursals,
    );
    if (answer.ended) return null;
    if (answer.ok) {
      counts['Disbursals to request'] = answer.Data?.to_request.count;
      counts['Disbursals to approve'] = answer.Data?.to_approve.count;
    }
  }
  if (roles.includes('collections')) {
    const answer = await staffCall<{ count: number; counts: Record<string, number> }>(STAFF_API.loans);
    if (answer.ended) return null;
    // Collections' work: the loans past their due date (every class but the current one).
    if (answer.ok && answer.Data) counts['Loans overdue'] = answer.Data.count - (answer.Data.counts.current ?? 0);
  }
  if (roles.includes('support')) {
    const answer = await staffCall<{ count: number }>(STAFF_API.complaints);
    if (answer.ended) return null;
    if (answer.ok) counts['Complaints to answer'] = answer.Data?.count;
    const requests = await staffCall<{ count: number }>(STAFF_API.privacyRequests);
    if (requests.ended) return null;
    if (requests.ok) counts['Data deletion requests'] = requests.Data?.count;
  }
  if (roles.includes('finance')) {
    const answer = await staffCall<{ to_request: { count: number }; to_approve: { count: number } }>(STAFF_API.refunds);
    if (answer.ended) return null;
    if (answer.ok) {
      counts['Refunds to pay'] = answer.Data?.to_request.count;
      counts['Refunds to approve'] = answer.Data?.to_approve.count;
    }
  }
  if (roles.includes('admin')) {
    const answer = await staffCall<{ count: number }>(STAFF_API.staffList);
    if (answer.ended) return null;
    if (answer.ok) counts['Staff members'] = answer.Data?.count;
  }
  return counts;
}

export default function StaffHome({ session }: StaffScreenProps) {
  const roles = session?.roles ?? [];
  const queues = WORK_QUEUES.filter((queue) => roles.includes(queue.role));
  const [counts, setCounts] = useState<Counts | null>(null);
  const roleKey = roles.join();

  useEffect(() => {
    let live = true;
    void countsFor(roleKey.split(',')).then((found) => {
      if (live && found) setCounts(found);
    });
    return () => {
      live = false;
    };
  }, [roleKey]);

  return (
    <>
      <h1>Staff console</h1>
      <p>
        Welcome, {session?.name}. Your roles: {roles.join(', ')}.
      </p>
      <h2>Your work queues</h2>
      {queues.length === 0 ? (
        <p>There is no work queue for your roles in the console yet.</p>
      ) : (
        <>
          {!counts && <p role="status">Counting the work in your queues…</p>}
          <ul className={styles.queues}>
            {queues.map((queue) => {
              const count = counts?.[queue.name];
              return (
                <li key={queue.name}>
                  <ConsoleLink to={staffPath(queue.slug)}>
                    <span>{queue.name}</span>
                    <span className={styles.count}>
                      {count === undefined ? (
                        <>
                          <span aria-hidden="true">…</span>
                          <span className="visually-hidden">counting</span>
                        </>
                      ) : (
                        formatNumber(count)
                      )}
                    </span>
                  </ConsoleLink>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </>
  );
}
