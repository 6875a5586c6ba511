/**
 * The credit information file's format (src/server/bureau/format.ts) against a file written by hand
 * from the TUDF layout, and the RBI's reporting dates (src/server/config/bureauSchedule.ts).
 */
import { describe, expect, it } from 'vitest';
import { type BureauAccount, bureauFile } from '../../src/server/bureau/format.ts';
import { isReportingDate, previousReportingDate, submitBy } from '../../src/server/config/bureauSchedule.ts';

const header = { memberId: 'NB12345678', memberName: 'KOSHCREDIT', asOf: '2026-11-23' };

const open: BureauAccount = {
  name: 'Asha Rañjan Kulkarni',
  dob: '1990-04-05',
  gender: 2,
  pan: 'abcpk1234d',
  mobile: '9876500001',
  email: 'asha.k@example.in',
  address: {
    lines: [
      'Flat 402, Prestige Lakeside Habitat Tower B',
      '12th Cross, 100 Feet Road',
      'Indiranagar 2nd Stage',
      'Bengaluru',
    ],
    stateCode: 29,
    pincode: '560038',
  },
  loanNo: 'KCL100001',
  openedOn: '2026-11-01',
  lastPaymentOn: null,
  closedOn: null,
  sanctionedRupees: 20000,
  currentBalanceRupees: 21100,
  amountOverdueRupees: 0,
  daysPastDue: 0,
  assetClass: 'standard',
};

const closed: BureauAccount = {
  ...open,
  name: 'Ravi Shankar Venkatanarasimharajuvaripeta Iyer',
  dob: null,
  gender: 1,
  pan: 'BCDPR2345E',
  mobile: '9876500002',
  email: 'not an address',
  address: null,
  loanNo: 'KCL100002',
  openedOn: '2026-09-01',
  lastPaymentOn: '2026-11-20',
  closedOn: '2026-11-20',
  sanctionedRupees: 5000,
  currentBalanceRupees: 0,
};

describe('the credit information file (TUDF)', () => {
  it('is a header, one line per account with its segments and fields, and a trailer', () => {
    const expected = [
      // TUDF, version 12, member id in 30, short name in 16, cycle (2 blank), 23-11-2026, password (30 blank), L, 00000.
      `TUDF12NB12345678${' '.repeat(20)}KOSHCREDIT${' '.repeat(6)}  23112026${' '.repeat(30)}L00000`,
      [
        'PN03N01',
        '0120ASHA RANJAN KULKARNI', // the accent goes, capitals
        '070805041990',
        '08011', // ours 2 (female) is TUDF's 1
        'ID03I01',
        '010201',
        '0210ABCPK1234D',
        'PT03T01',
        '01109876500001',
        '030201',
        'EC03C01',
        '0117ASHA.K@EXAMPLE.IN',
        'PA03A01',
        // The lines joined, then up to five lines of at most 40 characters, at spaces.
        '0135FLAT 402, PRESTIGE LAKESIDE HABITAT',
        '0233TOWER B 12TH CROSS, 100 FEET ROAD',
        '0331INDIRANAGAR 2ND STAGE BENGALURU',
        '060229',
        '0706560038',
        '080202',
        '100823112026',
        'TL04T001',
        '0110NB12345678',
        '0210KOSHCREDIT',
        '0309KCL100001',
        '040205',
        '05011',
        '080801112026',
        '110823112026',
        '120520000',
        '130521100',
        '14010',
        '1503000',
        '260201', // standard
        'ES02**',
      ].join(''),
      [
        'PN03N01',
        // Names longer than 26 characters go in parts, at spaces.
        '0112RAVI SHANKAR',
        '0226VENKATANARASIMHARAJUVARIPE', // a word longer than 26 is cut
        '0307TA IYER',
        '08012', // ours 1 (male) is TUDF's 2
        'ID03I01',
        '010201',
        '0210BCDPR2345E',
        'PT03T01',
        '01109876500002',
        '030201',
        'TL04T001',
        '0110NB12345678',
        '0210KOSHCREDIT',
        '0309KCL100002',
        '040205',
        '05011',
        '080801092026',
        '090820112026',
        '100820112026',
        '110823112026',
        '12045000',
        '13010',
        '14010',
        '1503000',
        '260201', // standard
        'ES02**',
      ].join(''),
      'TRLR',
      '',
    ].join('\n');
    expect(bureauFile(header, [open, closed])).toBe(expected);
  });

  it('an overdue account carries its amount overdue, days past due and class: SMA is standard, an NPA sub-standard', () => {
    const sma1 = { ...open, amountOverdueRupees: 21950, daysPastDue: 45, assetClass: 'sma1' as const };
    const line = bureauFile(header, [sma1]).split('\n')[1];
    expect(line).toMatch(/120520000130521100140521950150304\d260201ES02\*\*$/);
    expect(line?.endsWith('1405219501503045260201ES02**')).toBe(true);
    const npa = bureauFile(header, [{ ...sma1, daysPastDue: 95, assetClass: 'npa' }]).split('\n')[1];
    expect(npa?.endsWith('1503095260202ES02**')).toBe(true);
  });
});

describe('the RBI reporting dates', () => {
  it('fortnightly before July 2026: the 15th and the month’s last day', () => {
    expect(isReportingDate('2026-02-15')).toBe(true);
    expect(isReportingDate('2026-02-28')).toBe(true);
    expect(isReportingDate('2026-02-16')).toBe(false);
    expect(isReportingDate('2026-06-09')).toBe(false);
    expect(previousReportingDate('2026-03-15')).toBe('2026-02-28');
    expect(submitBy('2026-03-15')).toBe('2026-03-22');
  });

  it('weekly from 1 July 2026: the 9th, 16th, 23rd and the last day; the month-end file by the 5th', () => {
    expect(['2026-07-09', '2026-07-16', '2026-07-23', '2026-07-31'].every(isReportingDate)).toBe(true);
    expect(isReportingDate('2026-07-15')).toBe(false);
    expect(previousReportingDate('2026-07-09')).toBe('2026-06-30');
    expect(previousReportingDate('2026-12-09')).toBe('2026-11-30');
    expect(submitBy('2026-11-23')).toBe('2026-11-27');
    expect(submitBy('2026-11-30')).toBe('2026-12-05');
  });
});
