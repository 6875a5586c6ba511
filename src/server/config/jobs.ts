/**
 * The job worker (src/server/jobs/): run in each API process or only in `npm run jobs` processes, how
 * often it looks for work, and the DLT template of the overdue class notice (src/server/overdue/).
 */
import * as v from 'valibot';
import { int } from './values.ts';

export const JobsSchema = v.pipe(
  v.object({
    JOB_WORKER: v.optional(v.picklist(['inprocess', 'off'], 'must be inprocess or off'), 'inprocess'),
    JOB_POLL_SECONDS: int(5, 1, 600),
    JOB_RETRY_LIMIT: int(8, 0, 50),
    SMS_DLT_TEMPLATE_OVERDUE_CLASS: v.optional(
      v.pipe(v.string(), v.regex(/^\d{19}$/, 'must be the 19-digit DLT template id')),
      '1007000000000000231',
    ),
  }),
  v.transform((e) => ({
    jobs: {
      worker: e.JOB_WORKER,
      pollSeconds: e.JOB_POLL_SECONDS,
      retryLimit: e.JOB_RETRY_LIMIT,
      overdueClassTemplateId: e.SMS_DLT_TEMPLATE_OVERDUE_CLASS,
    },
  })),
);
