/**
 * Working days from the calendar in content/holidays.json (issue 23; docs/decisions.md "Working days
 * from a calendar"): not a Sunday, not the second or fourth Saturday of its month, not a listed public
 * holiday (the central government's compulsory holidays; lunar ones corrected when notified; a year
 * not listed counts only the weekly days off). Every count of working days (the Key Fact Statement's
 * validity, …) goes through here. The file's shape is checked by tests/unit/workingDays.test.ts, not
 * here: this module is in the dashboard's JavaScript.
 */
import calendar from '../../content/holidays.json' with { type: 'json' };
import { addDays } from './dates.ts';

const holidays = new Map(calendar.holidays.map((holiday) => [holiday.date, holiday.name]));

/** The public holiday on `date` (YYYY-MM-DD), if there is one. */
export function holidayOn(date: string): string | undefined {
  return holidays.get(date);
}

/** Whether `date` (YYYY-MM-DD, India) is a working day. */
export function isWorkingDay(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`);
  const weekday = day.getUTCDay();
  if (weekday === 0 && calendar.weeklyOff.sundays) return false;
  // The n-th Saturday of the month: the 8th to the 14th is the second, the 22nd to the 28th the fourth.
  if (weekday === 6 && calendar.weeklyOff.saturdaysOfTheMonth.includes(Math.ceil(day.getUTCDate() / 7))) return false;
  return !holidays.has(date);
}

/** The `count`-th working day after `date` (the day itself not counted). */
export function addWorkingDays(date: string, count: number): string {
  let day = date;
  for (let counted = 0; counted < count; ) {
    day = addDays(day, 1);
    if (isWorkingDay(day)) counted += 1;
  }
  return day;
}
