/**
 * The job worker (src/server/jobs/): run in each API process or only in `npm run jobs` processes, and how
 * often it looks for work. The overdue class notice's DLT template is with every other text's, in ./sms.ts.
 */
import * as v from 'valibot';
import { int } from './values.ts';

export const JobsSchema = v.pipe(
  v.object({
    JOB_WORKER: v.optional(v.picklist(['inprocess', 'off'], 'must be inprocess or off'), 'inprocess'),
    JOB_POLL_SECONDS: int(5, 1, 600),
    JOB_RETRY_LIMIT: int(8, 0, 50),
  }),
  v.transform((e) => ({
    jobs: {
      worker: e.JOB_WORKER,
      pollSeconds: e.JOB_POLL_SECONDS,
      retryLimit: e.JOB_RETRY_LIMIT,
    },
  })),
);
