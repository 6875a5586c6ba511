/** Every scheduled job, in the order a day runs them (`npm run ops -- run-day` runs them in this order too). */
import { bureauFileJob } from '../bureau/job.ts';
import { endOfDayJob, overdueNoticesJob } from '../overdue/job.ts';
import { loanMessagesJob, remindersJob } from '../reminders/job.ts';
import type { JobDefinition } from './definition.ts';

export const allJobs: readonly JobDefinition[] = [
  endOfDayJob,
  overdueNoticesJob,
  remindersJob,
  loanMessagesJob,
  bureauFileJob,
];
