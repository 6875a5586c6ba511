/** Calendar dates as the business keeps them: India's date (Asia/Kolkata), as YYYY-MM-DD strings. */
const isoParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The date in India at this instant, e.g. '2026-11-21'. */
export function indiaDate(instant: Date): string {
  return isoParts.format(instant);
}

const DAY_MS = 86_400_000;
const utc = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`);

export function addDays(isoDate: string, days: number): string {
  return new Date(utc(isoDate) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from one date to a later one ('2026-11-01' to '2026-11-21' is 20). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}

/**
 * Whether a string is a date that exists on the calendar, as YYYY-MM-DD: the format alone lets
 * through 2000-02-31 or 1999-02-29, which the database then refuses.
 */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(2000, month - 1, day));
  // Set apart: Date.UTC reads years 0 to 99 as 1900 to 1999.
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
