/**
 * Development's day at once (issue 23): `run-day --date YYYY-MM-DD` asks the running server to run
 * every scheduled job for that day (end of day, notices, reminders, …) through /__dev/run-day, which
 * first moves the development clock forward to 10:00 that day in India. Not in production: the route
 * is not there.
 */
import { isCalendarDate } from '../../../lib/dates.ts';
import { formatDate } from '../../../lib/format.ts';
import { option, UsageError } from '../arguments.ts';
import type { OpsServerContext } from '../context.ts';
import { printAnswer, table } from '../table.ts';

/** The development route (src/server/dev/routes.ts, DEV_RUN_DAY_PATH). */
const RUN_DAY_PATH = '/__dev/run-day';

interface RunDay {
  day: string;
  now: string;
  jobs: { job: string; done: number; skipped: number; failed: number }[];
}

export function runDayArguments(args: string[]) {
  const date = option(args, 'date');
  if (!date || !isCalendarDate(date)) throw new UsageError('Usage: npm run ops -- run-day --date YYYY-MM-DD');
  return { date };
}

export async function runDayOnServer(ops: OpsServerContext, args: string[]) {
  const { date } = runDayArguments(args);
  const answer = await ops.server.call<RunDay>(RUN_DAY_PATH, { date });
  printAnswer(ops, answer, () => {
    ops.write.out(`The jobs of ${formatDate(answer.data.day)}, the server's clock at ${answer.data.now}:`);
    ops.write.out(
      table(
        answer.data.jobs.map((job) => ({
          job: job.job,
          done: String(job.done),
          'done before': String(job.skipped),
          failed: String(job.failed),
        })),
      ),
    );
  });
}
