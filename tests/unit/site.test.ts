import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { calculatorMessages, calculatorSettings } from '../../src/lib/calculator.ts';
import { notOfferedBecause, parseSite, site } from '../../src/lib/site.ts';

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
    // every example must stay a loan we offer
    for (const example of Object.values(data.examples) as { days: number }[]) example.days = 60;
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
  it("gives the calculator messages the configured figures, in the specification's wording", () => {
    const messages = calculatorMessages(calculatorSettings(site));
    expect(messages.amountTooLow).toBe(`Amount must be greater then ${site.loan.amountRupees.min}`);
    // The specification writes 1,00,000 as "10,0000"; the digits are the configured maximum.
    expect(messages.amountTooHigh.replace(/\D/g, '')).toBe(String(site.loan.amountRupees.max));
    expect(messages.daysTooMany).toBe(`You can Check on upto ${site.loan.tenureDays.max} days only`);
    expect(messages.daysTooFew).toBe(`Number of Days must be more than ${site.loan.tenureDays.min - 1}`);
  });

  it('keeps the calculator inside the loans we offer', () => {
    const settings = calculatorSettings(site);
    expect(settings.amount.min).toBe(site.loan.amountRupees.min);
    expect(settings.amount.max).toBe(site.loan.amountRupees.max);
    expect(settings.days).toEqual(site.loan.tenureDays);
  });

  it('has the worked examples that pages name', () => {
    expect(Object.keys(site.examples)).toEqual(expect.arrayContaining(['ratesBlock', 'rateAndTerms', 'partPayment']));
  });

  it("illustrates only loans we offer: the calculator's opening loan and every worked example", () => {
    expect(notOfferedBecause(site.calculator, site.loan)).toBeUndefined();
    for (const [name, example] of Object.entries(site.examples)) {
      const loan = {
        amountRupees: example.principalRupees,
        days: example.days,
        dailyRatePercent: example.dailyRatePercent,
      };
      expect(notOfferedBecause(loan, site.loan), name).toBeUndefined();
    }
  });
});

describe('illustrations that are not loans we offer', () => {
  it.each([
    [
      'calculator',
      (d: ReturnType<typeof fresh>) => Object.assign(d.calculator, { days: 30 }),
      'the days must be within loan.tenureDays (60 to 90)',
    ],
    [
      'calculator',
      (d: ReturnType<typeof fresh>) => Object.assign(d.calculator, { amountRupees: 200_000 }),
      'the amount must be within loan.amountRupees (5000 to 100000)',
    ],
    [
      'calculator',
      (d: ReturnType<typeof fresh>) => Object.assign(d.calculator, { dailyRatePercent: 0.3 }),
      'the daily rate must be one that loan.rateTiers gives (0.25, 0.5, 0.75, 1)',
    ],
    [
      'examples.ratesBlock',
      (d: ReturnType<typeof fresh>) => Object.assign(d.examples.ratesBlock, { days: 365 }),
      'the days must be within loan.tenureDays (60 to 90)',
    ],
    [
      'examples.rateAndTerms',
      (d: ReturnType<typeof fresh>) => Object.assign(d.examples.rateAndTerms, { principalRupees: 1000 }),
      'the amount must be within loan.amountRupees (5000 to 100000)',
    ],
  ])('stop the build naming %s', (path, breakIt, reason) => {
    const data = fresh();
    breakIt(data);
    const message = failure(data);
    expect(message).toMatch(/^content\/site\.json is not valid:/);
    expect(message).toContain(`  ${path}: must be a loan we offer: ${reason}`);
    expect(message.split('\n')).toHaveLength(2);
  });

  it.each([
    [{ afterDays: 90, amountRupees: 10_000 }, 'on the due date'],
    [{ afterDays: 30, amountRupees: 20_000 }, 'the whole principal'],
  ])('refuse a part payment %j (%s)', (partPayment) => {
    const data = fresh();
    data.examples.partPayment.partPayment = partPayment;
    expect(failure(data)).toContain(
      'examples.partPayment: partPayment must come before the due date and be less than the principal',
    );
  });

  it('names a missing calculator key', () => {
    const data = fresh();
    delete data.calculator;
    expect(failure(data)).toMatch(fieldLine('calculator'));
  });

  it("follow the configured ranges: a loan outside today's range is fine once the range includes it", () => {
    const data = fresh();
    data.calculator.days = 30;
    data.loan.tenureDays = { min: 30, max: 90 };
    expect(parseSite(data).calculator.days).toBe(30);
  });
});
