/**
 * The statement of account and the no-dues certificate, built from a hand-made loan account and read
 * back with a PDF parser: the words and figures a borrower sees, page after page.
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/dates.ts';
import { keyFactStatement, kfsNumber } from '../../src/lib/kfs.ts';
import { accountOn } from '../../src/lib/loanAccount.ts';
import { formatPaiseInFull } from '../../src/lib/money.ts';
import { site } from '../../src/lib/site.ts';
import { describeAllocation, describeLine, statementRows } from '../../src/lib/statementLines.ts';
import {
  accountPayments,
  accountTerms,
  type CollectionRow,
  type LoanRow,
} from '../../src/server/loans/accountFigures.ts';
import { agreementPdf } from '../../src/server/statements/agreementPdf.ts';
import { kfsPdf } from '../../src/server/statements/kfsPdf.ts';
import {
  LoanNotClosed,
  lenderOf,
  noDuesCertificatePdf,
  statementPdf,
} from '../../src/server/statements/statementPdf.ts';
import { flat, pdfText } from '../support/pdfText.ts';

const PAN = 'ABCPE1234F';
const GENERATED = new Date('2026-10-21T06:30:00Z'); // 12:00 in India

/** ₹10,000 at 1% a day for 60 days from 01-10-2026; fee ₹300 and GST ₹54 deducted; ₹500 + ₹90 penal. */
function loanRow(overrides: Partial<LoanRow> = {}): LoanRow {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    loanNo: 'KCL100042',
    customerId: '00000000-0000-4000-8000-000000000002',
    leadId: '7',
    principalPaise: 1_000_000,
    dailyRateHundredths: 100,
    tenureDays: 60,
    disbursalDate: '2026-10-01',
    repaymentDate: '2026-11-30',
    collectedPaise: 0,
    kfsId: null,
    processingFeePaise: 30_000,
    gstOnFeePaise: 5_400,
    coolingOffDays: 3,
    overdueInterestDaysMax: 30,
    penalChargePaise: 50_000,
    penalGstPaise: 9_000,
    penalThresholdPaise: 0,
    accountRulesVersion: 1,
    status: 'active',
    closedAt: null,
    daysPastDue: 0,
    assetClass: 'standard',
    classSince: null,
    classifiedOn: null,
    createdAt: new Date('2026-10-01T05:00:00Z'),
    createdBy: 'test',
    ...overrides,
  };
}

let nextId = 1;
function collection(valueDate: string, amountPaise: number, source = 'razorpay', reference = `pay_${nextId}`) {
  const row: CollectionRow = {
    id: nextId,
    loanId: loanRow().id,
    orderId: null,
    source,
    reference,
    amountPaise,
    appliedPaise: amountPaise,
    excessPaise: 0,
    writtenOffPaise: 0,
    chargesPaise: null,
    interestPaise: null,
    principalPaise: null,
    valueDate,
    heldForRefund: false,
    recordedBy: 'test',
    createdAt: new Date(`${valueDate}T06:00:00Z`),
  };
  nextId += 1;
  return row;
}

function input(loan: LoanRow, collections: CollectionRow[], asOf: string) {
  const applied = collections.filter((row) => !row.heldForRefund);
  const state = accountOn(accountTerms(loan), accountPayments(applied), asOf);
  return {
    lender: lenderOf(site),
    customer: { name: 'Asha Kumari', pan: PAN },
    loan,
    collections,
    state,
    generatedAt: GENERATED,
  };
}

describe('statement lines', () => {
  it('describe each kind of line in words, with Indian amounts and dates', () => {
    const loan = loanRow();
    const paid = collection('2026-10-11', 500_000, 'payu', 'PAYU-991');
    const { state } = input(loan, [paid], '2026-10-21');
    const [disbursal, interest, payment, interestAfter] = state.lines;
    expect(describeLine(disbursal as never)).toBe('Loan disbursed (principal)');
    // 10 days (01-10 to 10-10) on ₹10,000 at 1% = ₹1,000.
    expect(describeLine(interest as never)).toBe('Interest 01-10-2026 to 10-10-2026, 10 days on ₹10,000.00');
    expect(describeLine(payment as never, paid)).toBe('Payment received, PayU ref. PAYU-991');
    // ₹5,000 pays the ₹1,000 interest and ₹4,000 of principal; ₹6,000 then runs 10 days: ₹600.
    expect(describeLine(interestAfter as never)).toBe('Interest 11-10-2026 to 20-10-2026, 10 days on ₹6,000.00');
    expect(describeAllocation(state.allocations[0] as never)).toBe(
      'Charges ₹0.00, Interest ₹1,000.00, Principal ₹4,000.00',
    );
    expect(formatPaiseInFull(1_23_45_678_90)).toBe('₹1,23,45,678.90');
  });

  it('put the fee notes after the disbursal and a payment held for refund on its day, none moving the balance', () => {
    const loan = loanRow();
    const held = { ...collection('2026-10-05', 20_000, 'razorpay', 'pay_second'), heldForRefund: true };
    const paid = collection('2026-10-11', 500_000);
    const { state } = input(loan, [held, paid], '2026-10-21');
    const rows = statementRows(loan, state.lines, [held, paid]);
    expect(rows.map((row) => [row.kind, row.balancePaise])).toEqual([
      ['disbursal', 1_000_000],
      ['fee', null],
      ['gst', null],
      ['net', null],
      ['held', null],
      ['interest', 1_100_000],
      ['collection', 600_000],
      ['interest', 660_000],
    ]);
    expect(rows[3]?.description).toBe('Net amount paid to your bank account: ₹9,646.00');
    expect(rows[4]?.description).toBe('Payment held for refund (not applied), Razorpay ref. pay_second');
  });
});

describe('statement of account PDF', () => {
  it('carries the loan, the borrower with the PAN masked, the terms, each line and the totals', async () => {
    const loan = loanRow();
    const bytes = await statementPdf(
      input(loan, [collection('2026-10-11', 500_000, 'offline', 'UTR778899')], '2026-10-21'),
    );
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const { pages, text } = await pdfText(bytes);
    const all = flat(text);
    expect(pages).toHaveLength(1);
    for (const expected of [
      site.legalName,
      'Statement of account',
      'KCL100042',
      'Asha Kumari',
      'AB*******F',
      '01-10-2026 to 21-10-2026',
      '21-10-2026 12:00 IST',
      // Terms: fee ₹300 and GST ₹54 deducted, ₹9,646 paid out; due 60 days after 01-10-2026.
      '1% a day',
      '60 days',
      '30-11-2026',
      'Processing fee deducted from the disbursal: ₹300.00',
      'GST on fee deducted: ₹54.00',
      'Net amount paid to your bank account: ₹9,646.00',
      // Lines and balances: ₹10,000, + ₹1,000 interest = ₹11,000, - ₹5,000 = ₹6,000, + ₹600 = ₹6,600.
      'Loan disbursed (principal)',
      'Interest 01-10-2026 to 10-10-2026, 10 days on ₹10,000.00',
      '₹11,000.00',
      'Payment received, Bank transfer ref. UTR778899',
      'Principal ₹4,000.00',
      '₹6,000.00',
      'Interest 11-10-2026 to 20-10-2026, 10 days on ₹6,000.00',
      '₹600.00',
      // Totals: interest ₹1,600; collected ₹5,000; ₹6,600 closes the loan today.
      'Interest charged ₹1,600.00',
      'Collected and applied ₹5,000.00',
      'Outstanding today (amount to close the loan today) ₹6,600.00',
    ]) {
      expect(all, expected).toContain(expected);
    }
    expect(all).not.toContain(PAN);
    expect(all).not.toContain('Excess');
  });

  it('after the due date: the penal charge with its GST, once', async () => {
    const loan = loanRow();
    // Unpaid on the due date 30-11-2026: ₹500 + ₹90 GST posted on 01-12-2026.
    const bytes = await statementPdf(input(loan, [], '2026-12-05'));
    const all = flat((await pdfText(bytes)).text);
    expect(all).toContain('Penal charge ₹500.00 + GST ₹90.00');
    expect(all).toContain('Charges (penal and GST) ₹590.00');
    expect(all.match(/Penal charge ₹/g)).toHaveLength(1);
  });

  it('a loan with 50 payments runs over several pages, each with the column headings', async () => {
    const loan = loanRow();
    const payments = Array.from({ length: 50 }, (_, day) => collection(addDays('2026-10-02', day), 10_000));
    const { state, ...rest } = input(loan, payments, '2026-11-25');
    expect(state.lines.filter((line) => line.kind === 'collection')).toHaveLength(50);
    const { pages } = await pdfText(await statementPdf({ state, ...rest }));
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, index) => {
      // Every page of account lines has the headings (the totals may have a page of their own).
      if (/ref\. pay_/.test(page)) expect(flat(page), `page ${index + 1}`).toContain('Date Description Debit Credit');
      expect(flat(page)).toContain(`Page ${index + 1} of ${pages.length}`);
    });
    expect(flat(pages.at(-1) as string)).toContain('Outstanding today');
    // Every payment's reference is somewhere in the document.
    const all = flat(pages.join(' '));
    for (const row of payments) expect(all).toContain(`ref. ${row.reference}`);
  });
  it('keeps the totals together, each label on the page of its figure, however many lines come before', async () => {
    const loan = loanRow();
    // From no payment to three pages of them: at some count the lines end near a page's foot.
    // A second payment on a paid order adds a line and the totals' longest form (the excess to refund).
    const held = { ...collection('2026-10-01', 100, 'razorpay', 'pay_twice'), heldForRefund: true };
    for (let count = 0; count <= 36; count += 1) {
      const payments = Array.from({ length: count }, (_, day) => collection(addDays('2026-10-02', day), 1_000));
      const { pages } = await pdfText(await statementPdf(input(loan, [held, ...payments], '2026-11-25')));
      const closing = pages.filter((page) => flat(page).includes('Outstanding today'));
      expect(closing, `${count} payments`).toHaveLength(1);
      const page = flat(closing[0] as string);
      expect(page, `${count} payments`).toMatch(/Outstanding today \(amount to close the loan today\) ₹[\d,]+\.\d{2}/);
      expect(page, `${count} payments`).toMatch(/Totals on 25-11-2026 Principal disbursed ₹10,000\.00/);
      expect(page, `${count} payments`).toContain('This is a computer-generated statement');
      // No page holds nothing but its footer.
      for (const each of pages)
        expect(
          flat(each)
            .replace(/Grievances:.*$/, '')
            .trim(),
          `${count} payments`,
        ).not.toBe('');
    }
  });
});

describe('no-dues certificate PDF', () => {
  it('for a closed loan: the loan, the borrower, the dates, what was paid, nothing due and the excess to refund', async () => {
    // ₹5,000 on 11-10 leaves ₹6,000; ₹7,000 on 21-10 pays ₹600 interest and ₹6,000: ₹400 excess.
    const loan = loanRow({ status: 'closed', closedAt: new Date('2026-10-21T06:00:00Z') });
    const made = input(loan, [collection('2026-10-11', 500_000), collection('2026-10-21', 700_000)], '2026-10-25');
    expect(made.state.closedOn).toBe('2026-10-21');
    const { pages, text } = await pdfText(await noDuesCertificatePdf(made));
    const all = flat(text);
    expect(pages).toHaveLength(1);
    for (const expected of [
      'No-dues certificate',
      'KCL100042',
      'Asha Kumari',
      'AB*******F',
      'Principal ₹10,000.00',
      'Disbursed on 01-10-2026',
      'Closed on 21-10-2026',
      // ₹5,000 + ₹6,600 applied: ₹10,000 principal and ₹1,600 interest.
      'Total paid ₹11,600.00',
      '₹10,000.00 of principal, ₹1,600.00 of interest and ₹0.00 of charges',
      'Nothing is due from the borrower on this loan',
      'Amount due ₹0.00',
      'Excess to be refunded ₹400.00',
      'in all ₹12,000.00 was received',
      `For ${site.legalName}`,
      'Date: 21-10-2026',
    ]) {
      expect(all, expected).toContain(expected);
    }
    expect(all).not.toContain(PAN);
  });

  it('is refused for a loan still open', async () => {
    const made = input(loanRow(), [collection('2026-10-11', 500_000)], '2026-10-21');
    await expect(noDuesCertificatePdf(made)).rejects.toBeInstanceOf(LoanNotClosed);
  });
});

describe('words shaped once for the process', () => {
  const kfsOf = (rupees: number, days: number, number: number) =>
    keyFactStatement(site, {
      amountPaise: rupees * 100,
      tenureDays: days,
      dailyRatePercent: 0.5,
      issuedOn: '2026-11-23',
      kfsNo: kfsNumber(number),
    });
  const generatedAt = new Date('2026-11-23T06:30:00Z');

  it('a document drawn after others, sharing most of their words, is byte for byte the one drawn before them', async () => {
    const first = await kfsPdf({ kfs: kfsOf(20_000, 60, 1), loan: null, generatedAt });
    // Other documents with many of the same words and other figures, names and dates.
    const other = kfsOf(35_500, 75, 2);
    await kfsPdf({ kfs: other, loan: null, generatedAt: new Date('2026-12-01T10:00:00Z') });
    await agreementPdf({
      agreementNo: 'AGR-000002',
      leadId: 2,
      kfs: other,
      borrower: { name: 'Asha Verma', pan: 'ABCPV1234K' },
      generatedAt,
    });
    const again = await kfsPdf({ kfs: kfsOf(20_000, 60, 1), loan: null, generatedAt });
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
  });
});
