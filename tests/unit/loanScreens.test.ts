import { describe, expect, it } from 'vitest';
import {
  detailsLink,
  genderLabel,
  leadIdOf,
  maritalLabel,
  orNA,
  rupees,
  statusLabel,
} from '../../src/islands/Dashboard/state/loans.ts';
import { amountProblem, amountSummary, thankYouUrl } from '../../src/islands/shared/payment/payment.ts';

const at = (search: string, state: unknown = null) => ({ slug: 'details', search, state, cause: 'load' as const });

describe('the loan screens', () => {
  it('a card links to the details with the lead id in the address and the history state', () => {
    expect(detailsLink(5000001)).toEqual({
      to: '/my-dashboard/details?lead_id=5000001',
      state: { lead_id: '5000001' },
    });
  });

  it('the details read the lead from the state, else the address; nothing else is a lead', () => {
    expect(leadIdOf(at('', { lead_id: '5000002' }))).toBe('5000002');
    expect(leadIdOf(at('?lead_id=5000003'))).toBe('5000003');
    expect(leadIdOf(at('?lead_id=5000003', { lead_id: 5000004 }))).toBe('5000004');
    for (const search of ['', '?lead_id=', '?lead_id=abc', '?lead_id=1%20or%201'])
      expect(leadIdOf(at(search))).toBeNull();
  });

  it('product.md §3: gender "1" is Male, anything else Female; marital 1 Single, 2 Married, else Divorced; none is NA', () => {
    expect([genderLabel('1'), genderLabel('2'), genderLabel('0'), genderLabel('')]).toEqual([
      'Male',
      'Female',
      'Female',
      'NA',
    ]);
    expect([
      maritalLabel('1'),
      maritalLabel('2'),
      maritalLabel('3'),
      maritalLabel('9'),
      maritalLabel(undefined),
    ]).toEqual(['Single', 'Married', 'Divorced', 'Divorced', 'NA']);
  });

  it('rupees with Indian grouping, statuses in words, NA for what is absent', () => {
    expect(rupees(150000)).toBe('₹1,50,000');
    expect(rupees(250.5)).toBe('₹250.50');
    expect(rupees(null)).toBe('NA');
    expect(statusLabel('disbursed')).toBe('Disbursed');
    expect(statusLabel('')).toBe('NA');
    expect(orNA('')).toBe('NA');
  });
});

describe('the payment amount and result, shared by the repay page and the dashboard', () => {
  it('empty or more than the due pays the whole due; less is a part; under ₹1 is refused', () => {
    expect(amountSummary('', 1_100_000)).toBe('You will pay the whole due of ₹11,000.');
    expect(amountSummary('20000', 1_100_000)).toBe('You will pay the whole due of ₹11,000.');
    expect(amountSummary('500', 1_100_000)).toBe('A part payment of ₹500; ₹10,500 stays due.');
    expect(amountSummary('0.5', 1_100_000)).toBe('Enter at least ₹1, or leave the field empty to pay the whole due.');
    expect(amountProblem('')).toBeNull();
    expect(amountProblem('1')).toBeNull();
    expect(amountProblem('0.99')).toBe('The amount must be at least ₹1.');
    expect(amountProblem('1.234')).toBe('Enter the amount in rupees, e.g. 1500 or 1500.50.');
  });

  it('/thanku carries the outcome in the address; no id is N/A', () => {
    expect(thankYouUrl('SUCCESS', 'pay_123')).toBe('/thanku?txnStatus=SUCCESS&txnId=pay_123');
    expect(thankYouUrl('FAILED', undefined)).toBe('/thanku?txnStatus=FAILED&txnId=N%2FA');
  });
});
