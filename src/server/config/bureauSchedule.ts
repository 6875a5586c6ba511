/**
 * The RBI's reporting dates for credit information (docs/decisions.md "Credit bureau reporting"), as
 * data: each period of rules names the first day it applies and the days of the month that are
 * reporting dates ("last": the month's last day). A credit information file is made as on each.
 *
 * - Fortnightly from 1 January 2025: as on the 15th and the last day of each month, submitted within
 *   seven calendar days (RBI circular of 8 August 2024; the Credit Information Reporting Directions, 2025).
 * - Weekly from 1 July 2026: as on the 9th, 16th, 23rd and last day of each month; the month-end file
 *   by the 5th of the next month, the others within four calendar days (RBI (Non-Banking Financial
 *   Companies – Credit Information Reporting) Amendment Directions, 2025, 4 December 2025).
 *
 * A new rule from the RBI is a new line here, with the day it applies from.
 */
import { addDays } from '../../lib/dates.ts';

type ReportingDay = number | 'last';

interface SchedulePeriod {
  /** YYYY-MM-DD: the first day these dates apply. */
  from: string;
  days: readonly ReportingDay[];
  /** Calendar days after the date by which the file must reach the bureaus. */
  submitWithinDays: number;
  /** The month-end file (the full file) instead by this day of the next month. */
  monthEndByDay?: number;
}

export const BUREAU_SCHEDULE: readonly SchedulePeriod[] = [
  { from: '2025-01-01', days: [15, 'last'], submitWithinDays: 7 },
  { from: '2026-07-01', days: [9, 16, 23, 'last'], submitWithinDays: 4, monthEndByDay: 5 },
];

const periodOn = (date: string) => [...BUREAU_SCHEDULE].reverse().find((period) => period.from <= date);
const isMonthEnd = (date: string) => addDays(date, 1).slice(8, 10) === '01';

/** Whether `date` (YYYY-MM-DD) is a reporting date. */
export function isReportingDate(date: string): boolean {
  const period = periodOn(date);
  if (!period) return false;
  const day = Number(date.slice(8, 10));
  return period.days.some((d) => (d === 'last' ? isMonthEnd(date) : d === day));
}

/** The reporting date before `date` (the day the previous file was as on); a year back at most. */
export function previousReportingDate(date: string): string | null {
  for (let back = 1; back <= 366; back += 1) {
    const day = addDays(date, -back);
    if (isReportingDate(day)) return day;
  }
  return null;
}

/** By when the file as on `date` must reach the bureaus. */
export function submitBy(date: string): string {
  const period = periodOn(date);
  if (period?.monthEndByDay && isMonthEnd(date)) {
    return `${addDays(date, 1).slice(0, 8)}${String(period.monthEndByDay).padStart(2, '0')}`;
  }
  return addDays(date, period?.submitWithinDays ?? 7);
}
