import { describe, expect, it } from 'vitest';
import calendar from '../../content/holidays.json' with { type: 'json' };
import { isCalendarDate } from '../../src/lib/dates.ts';
import { kfsValidUntil } from '../../src/lib/kfs.ts';
import { addWorkingDays, holidayOn, isWorkingDay } from '../../src/lib/workingDays.ts';

describe('working days from the calendar (content/holidays.json)', () => {
  it('is a list editors can trust: real dates, in order, each named, every year listed covered', () => {
    const dates = calendar.holidays.map((holiday) => holiday.date);
    expect(dates.every(isCalendarDate)).toBe(true);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(dates.length);
    expect(calendar.holidays.every((holiday) => holiday.name.trim().length > 0)).toBe(true);
    for (const year of Object.keys(calendar.years)) {
      // Republic Day, Independence Day and Gandhi Jayanti at least, in every year listed.
      for (const fixed of ['01-26', '08-15', '10-02']) expect(dates).toContain(`${year}-${fixed}`);
    }
    expect(calendar.weeklyOff).toEqual({ sundays: true, saturdaysOfTheMonth: [2, 4] });
  });

  it('are neither Sundays, nor second and fourth Saturdays, nor public holidays', () => {
    // November 2026: Saturdays 7, 14, 21, 28 (the 14th and 28th are off), Sundays 1, 8, 15, 22, 29.
    expect(isWorkingDay('2026-11-07')).toBe(true); // first Saturday
    expect(isWorkingDay('2026-11-14')).toBe(false); // second Saturday
    expect(isWorkingDay('2026-11-21')).toBe(true); // third Saturday
    expect(isWorkingDay('2026-11-28')).toBe(false); // fourth Saturday
    expect(isWorkingDay('2026-11-22')).toBe(false); // Sunday
    expect(isWorkingDay('2026-11-24')).toBe(false); // Tuesday, Guru Nanak's Birthday
    expect(holidayOn('2026-11-24')).toBe("Guru Nanak's Birthday");
    expect(isWorkingDay('2026-11-25')).toBe(true);
    // A fifth Saturday is a working day (May 2027: 1, 8, 15, 22, 29).
    expect(isWorkingDay('2027-05-29')).toBe(true);
  });

  it('a Key Fact Statement issued before a holiday keeps its three working days', () => {
    // Thursday 01-10-2026, before Gandhi Jayanti (Friday 02-10): Sat 03-10 (first Saturday, working),
    // Sun 04-10 off, Mon 05-10, Tue 06-10: valid until Tuesday 06-10, one day more than without the holiday.
    expect(kfsValidUntil('2026-10-01', 3)).toBe('2026-10-06');
    // Monday 23-11-2026: Tue 24-11 is Guru Nanak's Birthday: Wed 25, Thu 26, Fri 27.
    expect(kfsValidUntil('2026-11-23', 3)).toBe('2026-11-27');
    // Thursday 26-11-2026: Fri 27, (fourth Saturday 28 and Sunday 29 off) Mon 30, Tue 01-12.
    expect(addWorkingDays('2026-11-26', 3)).toBe('2026-12-01');
    // Friday 24-12-2027: (Christmas on the fourth Saturday, Sunday 26) Mon 27, Tue 28, Wed 29.
    expect(addWorkingDays('2027-12-24', 3)).toBe('2027-12-29');
  });
});
