import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CALCULATOR, CALCULATOR_MESSAGES } from '../../src/lib/calculator.ts';
import { parseSite, site } from '../../src/lib/site.ts';

const rawText = readFileSync(new URL('../../content/site.json', import.meta.url), 'utf8');
// biome-ignore lint/suspicious/noExplicitAny: a deliberately editable copy of the JSON
const fresh = (): any => JSON.parse(rawText);

/** The Error parseSite throws for data, so the message can be checked. */
function failure(data: unknown, file?: string): string {
  try {
    parseSite(data, file);
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    return (error as Error).message;
  }
  throw new Error('parseSite accepted invalid data');
}

/** One line of the message names the field, e.g. "  contact.supportEmail: must be an e-mail address". */
const fieldLine = (path: string) => new RegExp(`^  ${path.replace(/\./g, '\\.')}: .+$`, 'm');

describe('parseSite on content/site.json', () => {
  it('accepts the live file and returns its data', () => {
    const parsed = parseSite(fresh());
    expect(parsed).toEqual(fresh());
    expect(site).toEqual(parsed);
  });

  it('trims text fields', () => {
    const data = fresh();
    data.brand = '  Kosh Credit  ';
    expect(parseSite(data).brand).toBe('Kosh Credit');
  });
});

describe('parseSite on a broken copy', () => {
  it('names the file and contact.supportEmail for a bad e-mail', () => {
    const data = fresh();
    data.contact.supportEmail = 'support-at-koshcredit';
    const message = failure(data);
    expect(message).toMatch(/^content\/site\.json is not valid:/);
    expect(message).toMatch(fieldLine('contact.supportEmail'));
    expect(message).toContain('contact.supportEmail: must be an e-mail address');
  });

  it('names the account for a bad IFSC', () => {
    const data = fresh();
    data.bankAccounts[1].ifsc = 'krkb0000002';
    const message = failure(data);
    expect(message).toContain('content/site.json');
    expect(message).toContain('bankAccounts.1.ifsc: must be an IFSC code');
    expect(message).not.toContain('bankAccounts.0');
  });

  it.each(['ARVL1000001', 'ARV0000001', 'ARVL00000011', 'ARVL000000'])('rejects the IFSC %s', (ifsc) => {
    const data = fresh();
    data.bankAccounts[0].ifsc = ifsc;
    expect(failure(data)).toContain('bankAccounts.0.ifsc');
  });

  it.each([
    ['loan.amountRupees', (d: ReturnType<typeof fresh>) => Object.assign(d.loan.amountRupees, { min: 200_000 })],
    ['loan.tenureDays', (d: ReturnType<typeof fresh>) => Object.assign(d.loan.tenureDays, { min: 91 })],
    ['loan.dailyRatePercent', (d: ReturnType<typeof fresh>) => Object.assign(d.loan.dailyRatePercent, { min: 2 })],
  ])('names %s when min exceeds max', (path, breakIt) => {
    const data = fresh();
    breakIt(data);
    const message = failure(data);
    expect(message).toContain('content/site.json');
    expect(message).toContain(`${path}: min must not exceed max`);
  });

  it('accepts a range whose min equals its max', () => {
    const data = fresh();
    data.loan.tenureDays = { min: 60, max: 60 };
    expect(parseSite(data).loan.tenureDays).toEqual({ min: 60, max: 60 });
  });

  it.each([
    ['contact.supportEmail', (d: ReturnType<typeof fresh>) => delete d.contact.supportEmail],
    ['brand', (d: ReturnType<typeof fresh>) => delete d.brand],
    ['loan.gstPercent', (d: ReturnType<typeof fresh>) => delete d.loan.gstPercent],
    ['registration.since', (d: ReturnType<typeof fresh>) => delete d.registration.since],
    ['grievanceOfficer', (d: ReturnType<typeof fresh>) => delete d.grievanceOfficer],
  ])('names the missing field %s', (path, breakIt) => {
    const data = fresh();
    breakIt(data);
    const message = failure(data);
    expect(message).toContain('content/site.json');
    expect(message).toMatch(fieldLine(path));
  });

  it.each([
    ['siteUrl', 'koshcredit.example', 'must be a full https:// address'],
    ['contact.whatsapp', '+91 1662 000 000', 'must be digits with the country code'],
    ['brand', '   ', 'must not be empty'],
    ['loan.processingFeePercent', -1, 'must not be negative'],
    ['registration.since', 2003.5, ''],
    ['grievanceOfficer.email', 'asha@', 'must be an e-mail address'],
  ])('names %s for a bad value', (path, value, words) => {
    const data = fresh();
    const keys = path.split('.');
    const last = keys.pop() as string;
    const holder = keys.reduce((object, key) => object[key], data);
    holder[last] = value;
    const message = failure(data);
    expect(message).toMatch(fieldLine(path));
    expect(message).toContain(`${path}: ${words}`);
  });

  it('names deeper paths: office lines, counters, examples, UPI ids', () => {
    const data = fresh();
    data.offices.head.lines = [];
    data.counters[2].value = -5;
    data.examples.ratesBlock.days = 0;
    data.bankAccounts[0].upiId = 'no-at-sign';
    data.bankAccounts[1].accountNumber = '12AB';
    const message = failure(data);
    for (const path of [
      'offices.head.lines',
      'counters.2.value',
      'examples.ratesBlock.days',
      'bankAccounts.0.upiId',
      'bankAccounts.1.accountNumber',
    ]) {
      expect(message).toMatch(fieldLine(path));
    }
  });

  it('lists every bad field, one per line, after the file name', () => {
    const data = fresh();
    data.contact.supportEmail = 'nope';
    data.bankAccounts[0].ifsc = 'bad';
    data.loan.amountRupees = { min: 10, max: 1 };
    const lines = failure(data).split('\n');
    expect(lines[0]).toBe('content/site.json is not valid:');
    expect(lines.slice(1)).toEqual(
      expect.arrayContaining([
        '  contact.supportEmail: must be an e-mail address',
        '  bankAccounts.0.ifsc: must be an IFSC code',
        '  loan.amountRupees: min must not exceed max',
      ]),
    );
    expect(lines).toHaveLength(4);
  });

  it('names the file it is told, and "(root)" for data that is not an object', () => {
    const data = fresh();
    data.contact.supportEmail = 'nope';
    expect(failure(data, 'fixtures/other.json')).toMatch(/^fixtures\/other\.json is not valid:/);
    expect(failure(null)).toMatch(/^content\/site\.json is not valid:\n {2}\(root\): /);
  });
});

describe('live site data and the calculator', () => {
  it('has the loan range that the calculator messages name', () => {
    expect(site.loan.amountRupees.min).toBe(5000);
    expect(site.loan.amountRupees.max).toBe(100000);
    // The messages embed those figures literally ("greater then 5000", "less than 10,0000").
    expect(CALCULATOR_MESSAGES.amountTooLow.endsWith(String(site.loan.amountRupees.min))).toBe(true);
    expect(CALCULATOR_MESSAGES.amountTooHigh.replace(/\D/g, '')).toBe(String(site.loan.amountRupees.max));
  });

  it('keeps the amount slider inside the loan range', () => {
    expect(CALCULATOR.amount.min).toBeGreaterThanOrEqual(site.loan.amountRupees.min);
    expect(CALCULATOR.amount.max).toBeLessThanOrEqual(site.loan.amountRupees.max);
  });

  it('has the worked examples that pages name', () => {
    expect(Object.keys(site.examples)).toEqual(expect.arrayContaining(['ratesBlock', 'rateAndTerms']));
  });
});
