/**
 * The scheduled side of reminders and receipts (../jobs/all.ts):
 * - `reminders` at 08:00 in India: each loan with a reminder that day is a key; its messages are
 *   queued in the unit's transaction (once by loan, kind, due date and channel) and delivered after
 *   the commit. A run outside the hours (development's run-day at 21:00) queues them to leave at the
 *   next 08:00.
 * - `loan-messages` every minute: delivers whatever waited (the morning's reminders, receipts of
 *   payments just credited, e-mails to retry). Its key is the minute in India, so each minute's round
 *   runs once whatever the number of workers.
 */

import { eq } from 'drizzle-orm';
import { loans } from '../db/schema.ts';
import type { JobDefinition } from '../jobs/definition.ts';
import { deliverLoanMessages, loansToRemind, queueReminder } from './service.ts';

const minuteInIndia = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export const remindersJob: JobDefinition = {
  name: 'reminders',
  cron: '0 8 * * *',
  async keys(deps, { day }) {
    return (await loansToRemind(deps.db, day)).map((loan) => loan.loanNo);
  },
  async run(deps, unit) {
    const [loan] = await unit.tx.select().from(loans).where(eq(loans.loanNo, unit.key));
    if (!loan) return;
    await queueReminder(unit.tx, loan, { day: unit.day, now: unit.now });
    unit.afterCommit(async () => {
      await deliverLoanMessages(deps, unit.now);
    });
  },
};

export const loanMessagesJob: JobDefinition = {
  name: 'loan-messages',
  cron: '* * * * *',
  async keys(_deps, { now }) {
    return [minuteInIndia.format(now)];
  },
  async run(deps, unit) {
    unit.afterCommit(async () => {
      await deliverLoanMessages(deps, unit.now);
    });
  },
};
