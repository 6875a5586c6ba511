/**
 * Finance makes the credit information file as on a reporting date (issue 23): the route the
 * command line's `bureau-file` calls. The answer carries the file, PANs and all, to finance alone;
 * the log never sees it.
 */
import * as v from 'valibot';
import { STAFF_API } from '../../lib/api/staffPaths.ts';
import { isCalendarDate } from '../../lib/dates.ts';
import { BureauFileAnswer } from '../../lib/schemas/answers/bureau.ts';
import { ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { staffActor } from '../staff/roles.ts';
import { staffOf } from '../staff/session.ts';
import { makeBureauFile } from './service.ts';

export const bureauRoutes = [
  defineRoute({
    method: 'post',
    path: STAFF_API.bureauFile,
    operationId: 'staffBureauFile',
    summary:
      'Makes the credit information file (the CICs’ uniform consumer format) as on a reporting date and records the run; the same date again answers the same file (finance)',
    tag: 'staff',
    auth: 'staff',
    roles: ['finance'],
    body: v.object({
      as_of: v.pipe(v.string('as_of is required'), v.check(isCalendarDate, 'as_of is a date, YYYY-MM-DD')),
    }),
    answer: BureauFileAnswer,
    async handle(c, input) {
      const deps = c.get('deps');
      const made = await makeBureauFile({ ...deps, log: c.get('log') }, input.as_of, staffActor(staffOf(c)));
      const { run } = made;
      return ok(
        c,
        {
          as_of: run.asOf,
          period_from: run.periodFrom,
          submit_by: made.submitBy,
          file_name: run.fileName,
          path: made.path,
          sha256: run.sha256,
          accounts: run.accounts,
          made: made.made,
          made_at: run.createdAt.toISOString(),
          content: made.content,
        },
        made.made
          ? `The file as on ${run.asOf} is made.`
          : `The file as on ${run.asOf} was made before: here it is again.`,
      );
    },
  }),
];
