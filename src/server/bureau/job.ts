/**
 * The scheduled credit bureau file (issue 23): each day at 01:30 in India, after the end of day, the
 * file as on yesterday when yesterday was a reporting date (src/server/config/bureauSchedule.ts). Its
 * key is that date, so the file is made once; finance fetches it with `npm run ops -- bureau-file`.
 */
import { addDays } from '../../lib/dates.ts';
import { isReportingDate } from '../config/bureauSchedule.ts';
import type { JobDefinition } from '../jobs/definition.ts';
import { makeBureauFile } from './service.ts';

export const bureauFileJob: JobDefinition = {
  name: 'bureau-file',
  cron: '30 1 * * *',
  async keys(_deps, { day }) {
    const yesterday = addDays(day, -1);
    return isReportingDate(yesterday) ? [yesterday] : [];
  },
  async run(deps, unit) {
    await makeBureauFile(deps, unit.key, 'job:bureau-file', {
      day: unit.day,
      tx: unit.tx,
      afterCommit: (work) => unit.afterCommit(work),
    });
  },
};
