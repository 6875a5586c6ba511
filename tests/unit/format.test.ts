import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatNumber, formatPercent } from '../../src/lib/format.ts';

describe('formatNumber', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [5000, '5,000'],
    [99_999, '99,999'],
    [100_000, '1,00,000'],
    [150_000, '1,50,000'],
    [1_234_567, '12,34,567'],
    [10_000_000, '1,00,00,000'],
    [8979, '8,979'],
    [91.25, '91.25'],
    [1234.5, '1,234.5'],
  ])('%s -> %s (lakh and crore grouping)', (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });

  it('shows at most two decimals', () => {
    expect(formatNumber(0.125)).toBe('0.13');
    expect(formatNumber(2.3456)).toBe('2.35');
  });
});

describe('formatPercent', () => {
  it.each([
    [0.25, '0.25%'],
    [91.25, '91.25%'],
    [2, '2%'],
    [18, '18%'],
    [1, '1%'],
    [365, '365%'],
    [108.16, '108.16%'],
    [2.5, '2.5%'],
    [1000, '1,000%'],
  ])('%s -> %s', (value, text) => {
    expect(formatPercent(value)).toBe(text);
  });
});

describe('formatDate', () => {
  // Pin the zone: formatDate reads local date parts (see the report on date-only strings west of UTC).
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Asia/Kolkata';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('formats as DD-MM-YYYY with leading zeros', () => {
    expect(formatDate(new Date(2026, 0, 5))).toBe('05-01-2026');
    expect(formatDate(new Date(2026, 10, 1))).toBe('01-11-2026');
    expect(formatDate(new Date(1999, 11, 31))).toBe('31-12-1999');
  });

  it('accepts ISO strings and timestamps', () => {
    expect(formatDate('2026-11-01')).toBe('01-11-2026');
    expect(formatDate('2026-03-09T10:30:00+05:30')).toBe('09-03-2026');
    expect(formatDate(new Date(2024, 1, 29).getTime())).toBe('29-02-2024');
  });

  it('shows the Indian calendar day for an instant late in the UTC day', () => {
    // 20:00 UTC on 31 October is 01:30 on 1 November in India.
    expect(formatDate('2026-10-31T20:00:00Z')).toBe('01-11-2026');
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['empty string', ''],
    ['garbage', 'not a date'],
    ['an invalid Date', new Date(Number.NaN)],
    ['an impossible date', '2026-13-45'],
    ['NaN', Number.NaN],
  ])('gives "NA" for %s', (_name, input) => {
    expect(formatDate(input)).toBe('NA');
  });
});
