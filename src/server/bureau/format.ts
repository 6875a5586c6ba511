/**
 * The credit information file in the credit information companies' uniform consumer format (the
 * TransUnion CIBIL "Data Input File Format", TUDF, which the four CICs accept): pure, no clock and no
 * database, so its output is checked against a hand-made file (tests/unit/bureauFormat.test.ts).
 *
 * One header line, one line per account, one trailer line. A line is segments one after another;
 * a segment opens with its tag (`PN03N01`: tag PN, 3 characters, N01) and is a run of fields, each
 * a 2-digit field tag, a 2-digit length and the value. The segments we write (docs/decisions.md,
 * "Credit bureau reporting"):
 * - PN name: 01–05 the name in parts of at most 26 characters, 07 date of birth (DDMMYYYY),
 *   08 gender (1 female, 2 male, 3 transgender).
 * - ID identification: 01 type (01 = income-tax PAN), 02 the number.
 * - PT telephone: 01 the number, 03 type (01 = mobile).
 * - EC e-mail: 01 the address, when the borrower gave one.
 * - PA address: 01–05 lines of at most 40 characters, 06 state code, 07 PIN code, 08 category
 *   (02 = residence), 10 date reported.
 * - TL account: 01 member code, 02 member short name, 03 account number, 04 type (05 = personal
 *   loan), 05 ownership (1 = individual), 08 date opened, 09 date of last payment, 10 date closed,
 *   11 date reported and certified, 12 sanctioned amount, 13 current balance, 14 amount overdue,
 *   15 days past due, 26 asset classification (01 standard, SMA-0 to SMA-2 included, which the RBI
 *   counts as standard assets; 02 sub-standard, an NPA in its first year). Amounts are whole rupees
 *   (the format has no paise).
 * Checked against TransUnion CIBIL's "Guide to Data Input File Format" (consumer, version 3.71, July
 * 2021; docs/decisions.md "Credit bureau reporting").
 * - ES02** ends the record.
 * Fields without a value are left out, as the format asks.
 */

import type { AssetClass } from '../../lib/overdueClasses.ts';

export interface BureauHeader {
  memberId: string;
  memberName: string;
  /** YYYY-MM-DD: the reporting date the file is as on. */
  asOf: string;
}

export interface BureauAccount {
  /** As the borrower's PAN card has it. */
  name: string;
  /** YYYY-MM-DD, when known. */
  dob: string | null;
  /** Ours: 1 male, 2 female (src/islands/Dashboard/state/lookups.ts). */
  gender: number | null;
  pan: string;
  mobile: string;
  email: string | null;
  address: { lines: string[]; stateCode: number | null; pincode: string | null } | null;
  loanNo: string;
  /** YYYY-MM-DD. */
  openedOn: string;
  lastPaymentOn: string | null;
  closedOn: string | null;
  /** Whole rupees. */
  sanctionedRupees: number;
  currentBalanceRupees: number;
  amountOverdueRupees: number;
  daysPastDue: number;
  /** The loan's class as on the reporting date (src/lib/overdueClasses.ts). */
  assetClass: AssetClass;
}

/** YYYY-MM-DD -> DDMMYYYY. */
const ddmmyyyy = (date: string) => `${date.slice(8, 10)}${date.slice(5, 7)}${date.slice(0, 4)}`;
const two = (n: number) => String(n).padStart(2, '0');

/** The format is ASCII in capitals: accents go, anything else but letters, digits and plain punctuation is a space. */
function bureauText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 ,./&()'-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Splits text into parts of at most `size` characters, at spaces where it can. */
function parts(value: string, size: number, most: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of value.split(' ').filter(Boolean)) {
    const pieces = word.match(new RegExp(`.{1,${size}}`, 'g')) ?? [];
    for (const piece of pieces) {
      if (!current) current = piece;
      else if (current.length + 1 + piece.length <= size) current = `${current} ${piece}`;
      else {
        out.push(current);
        current = piece;
      }
    }
  }
  if (current) out.push(current);
  return out.slice(0, most);
}

const field = (tag: number, value: string | null | undefined) =>
  value ? `${two(tag)}${two(value.length)}${value}` : '';

const segment = (tag: string, id: string, ...fields: string[]) => `${tag}${two(id.length)}${id}${fields.join('')}`;

/** TUDF's asset classification: SMA accounts are standard assets; an NPA is sub-standard in its first year (a loan of at most 90 days is never older). */
const ASSET_CLASS: Record<AssetClass, string> = { standard: '01', sma0: '01', sma1: '01', sma2: '01', npa: '02' };

/** An e-mail address as the format takes it: capitals, and only a plain address. */
const bureauEmail = (email: string | null) => {
  const value = email?.trim().toUpperCase() ?? '';
  return /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/.test(value) && value.length <= 70 ? value : null;
};

/** TUDF's gender codes: 1 female, 2 male. */
const GENDER: Record<number, string> = { 1: '2', 2: '1' };

function accountRecord(header: BureauHeader, account: BureauAccount): string {
  const nameParts = parts(bureauText(account.name), 26, 5);
  const address = account.address;
  const lines = address ? parts(bureauText(address.lines.join(' ')), 40, 5) : [];
  const email = bureauEmail(account.email);
  return [
    segment(
      'PN',
      'N01',
      ...nameParts.map((part, i) => field(i + 1, part)),
      field(7, account.dob ? ddmmyyyy(account.dob) : null),
      field(8, account.gender === null ? null : GENDER[account.gender]),
    ),
    segment('ID', 'I01', field(1, '01'), field(2, account.pan.toUpperCase())),
    segment('PT', 'T01', field(1, account.mobile), field(3, '01')),
    email ? segment('EC', 'C01', field(1, email)) : '',
    address && lines.length
      ? segment(
          'PA',
          'A01',
          ...lines.map((line, i) => field(i + 1, line)),
          field(6, address.stateCode === null ? null : two(address.stateCode)),
          field(7, address.pincode),
          field(8, '02'),
          field(10, ddmmyyyy(header.asOf)),
        )
      : '',
    segment(
      'TL',
      'T001',
      field(1, header.memberId),
      field(2, header.memberName),
      field(3, account.loanNo),
      field(4, '05'),
      field(5, '1'),
      field(8, ddmmyyyy(account.openedOn)),
      field(9, account.lastPaymentOn ? ddmmyyyy(account.lastPaymentOn) : null),
      field(10, account.closedOn ? ddmmyyyy(account.closedOn) : null),
      field(11, ddmmyyyy(header.asOf)),
      field(12, String(account.sanctionedRupees)),
      field(13, String(account.currentBalanceRupees)),
      field(14, String(account.amountOverdueRupees)),
      field(15, String(account.daysPastDue).padStart(3, '0')),
      field(26, ASSET_CLASS[account.assetClass]),
    ),
    'ES02**',
  ].join('');
}

/**
 * The header: `TUDF`, version 12, the member id (30 characters), the member's short name (16), the
 * cycle (2: blank), the date reported (DDMMYYYY), the reporting password (30: never written here, the
 * bureau's upload asks it), the authentication method (L), and five zeros (future use).
 */
function headerRecord(header: BureauHeader): string {
  return [
    'TUDF12',
    header.memberId.padEnd(30, ' '),
    header.memberName.padEnd(16, ' '),
    '  ',
    ddmmyyyy(header.asOf),
    ' '.repeat(30),
    'L',
    '00000',
  ].join('');
}

/** The whole file: header, one line per account (in the order given), trailer. */
export function bureauFile(header: BureauHeader, accounts: readonly BureauAccount[]): string {
  return [headerRecord(header), ...accounts.map((account) => accountRecord(header, account)), 'TRLR', ''].join('\n');
}
