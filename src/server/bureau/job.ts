/**
 * The scheduled credit bureau file (issue 23): each day at 09:00 in India (inside the hours borrowers
 * may be told of a default, src/server/reminders/service.ts), the file as on the latest reporting date
 * before today (src/server/config/bureauSchedule.ts) unless it was made already. Its key is that date,
 * so the file is made once; finance fetches it with `npm run ops -- bureau-file`.
 */
import { previousReportingDate } from '../config/bureauSchedule.ts';
import type { JobDefinition } from '../jobs/definition.ts';
import { inContactWindow } from '../reminders/service.ts';
import { makeBureauFile } from './service.ts';
import { runAsOf } from './store.ts';

export const bureauFileJob: JobDefinition = {
  name: 'bureau-file',
  cron: '0 9 * * *',
  async keys(deps, { day, now }) {
    const date = previousReportingDate(day);
    if (!date || !inContactWindow(now) || (await runAsOf(deps.db, date))) return [];
    return [date];
  },
  async run(deps, unit) {
    await makeBureauFile(deps, unit.key, 'job:bureau-file', {
      day: unit.day,
      tx: unit.tx,
      afterCommit: (work) => unit.afterCommit(work),
    });
  },
};
