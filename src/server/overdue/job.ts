/** The overdue jobs (src/server/jobs/all.ts): the end of day's classification, then the day's notices. */
import type { JobDefinition } from '../jobs/definition.ts';
import { classifyLoan, inNoticeHours, noticeClass } from './service.ts';
import { loansToClassify, loansToNotify } from './store.ts';

/** After midnight in India, each loan's class as of the day that begins. */
export const endOfDayJob: JobDefinition = {
  name: 'end-of-day',
  cron: '5 0 * * *',
  keys: (deps) => loansToClassify(deps.db),
  async run(_deps, unit) {
    await classifyLoan(unit.tx, unit.key, unit.day);
  },
};

/** Within the hours, the notices of classes not yet told (hourly, so a class entered at midnight is told from 08:30). */
export const overdueNoticesJob: JobDefinition = {
  name: 'overdue-notices',
  cron: '30 8-18 * * *',
  keys: async (deps, day) => (inNoticeHours(day.now) ? loansToNotify(deps.db) : []),
  async run(deps, unit) {
    await noticeClass(deps, unit.tx, unit.key, unit.now, unit.afterCommit);
  },
};
