/**
 * The dashboard's last known figures (issue 25, src/islands/Dashboard/state/lastFigures.ts): drawn on
 * the next page load only under the token they were kept with, on the same day in India; a fresh
 * answer replaces its part, and an answer with nothing to draw removes it.
 */
import { describe, expect, it } from 'vitest';
import {
  indiaDay,
  type LoanView,
  leadsSource,
  loanSource,
  readLastFigures,
  tokenTag,
  withLastFigures,
} from '../../src/islands/Dashboard/state/lastFigures.ts';

const loan: LoanView = {
  loanNo: 'KCL100001',
  figures: [
    {
      label: 'Amount due on 24-01-2027',
      amount: '₹29,000',
      note: '10 days left',
      testId: 'amount-due',
      overdue: false,
    },
  ],
  which: 'Pay ₹29,000 by 24-01-2027, or ₹20,150 today to close your loan now. You can also pay a part.',
  nothingDue: false,
};
const leads = [{ id: 7, amount: '₹20,000', status: 'Disbursed', applied: '14-01-2027' }];
// 2027-01-14 20:00 in India (14:30 UTC), and the same evening after midnight in India (18:30 UTC).
const EVENING = Date.UTC(2027, 0, 14, 14, 30);
const NEXT_DAY = Date.UTC(2027, 0, 14, 18, 30);

describe('the last known figures', () => {
  it('are read back under the same token on the same day in India', () => {
    const kept = withLastFigures(null, 'token-a', { loan, from: 'a' }, EVENING);
    expect(readLastFigures(kept, 'token-a', EVENING + 60_000)).toMatchObject({ loan });
  });

  it('are not read under another token, after midnight in India, without a token, or when malformed', () => {
    const kept = withLastFigures(null, 'token-a', { loan, from: 'a' }, EVENING);
    expect(readLastFigures(kept, 'token-b', EVENING)).toBeNull();
    expect(readLastFigures(kept, 'token-a', NEXT_DAY)).toBeNull();
    expect(readLastFigures(kept, null, EVENING)).toBeNull();
    expect(readLastFigures('{not json', 'token-a', EVENING)).toBeNull();
    expect(indiaDay(EVENING)).toBe('2027-01-14');
    expect(indiaDay(NEXT_DAY)).toBe('2027-01-15');
  });

  it('keep a tag of the token, not the token', () => {
    const kept = withLastFigures(null, 'secret-token-value', { loan, from: 'a' }, EVENING);
    expect(kept).not.toContain('secret-token-value');
    expect(JSON.parse(kept).tag).toBe(tokenTag('secret-token-value'));
    expect(tokenTag('secret-token-value')).not.toBe(tokenTag('secret-token-valuf'));
  });

  it('take each fresh part over what is kept; an answer with nothing to draw removes its part', () => {
    let kept = withLastFigures(null, 'token-a', { loan, from: 'a' }, EVENING);
    kept = withLastFigures(kept, 'token-a', { leads, from: 'b' }, EVENING);
    expect(readLastFigures(kept, 'token-a', EVENING)).toMatchObject({ loan, leads, from: { loan: 'a', leads: 'b' } });
    kept = withLastFigures(kept, 'token-a', { loan: null, from: 'c' }, EVENING);
    expect(readLastFigures(kept, 'token-a', EVENING)).not.toHaveProperty('loan');
    expect(readLastFigures(kept, 'token-a', EVENING)).toMatchObject({ leads, from: { leads: 'b' } });
    expect(readLastFigures(kept, 'token-a', EVENING)?.from).not.toHaveProperty('loan');
  });

  it('tell an answer with the same figures from one with others, without formatting them', () => {
    const active = {
      loan_no: 'KCL1',
      repayment_date: '2027-01-24',
      repayment_amount: 29000,
      total_due: 20150,
      days_to_due: 10,
    };
    const profile = { eligibility_status: 1, active_loan_details: active };
    expect(loanSource({ ...profile })).toBe(loanSource(profile));
    expect(loanSource({ ...profile, active_loan_details: { ...active, total_due: 20149.5 } })).not.toBe(
      loanSource(profile),
    );
    expect(loanSource({ ...profile, active_loan_details: { ...active, days_to_due: 9 } })).not.toBe(
      loanSource(profile),
    );
    expect(loanSource({ ...profile, eligibility_status: 0 })).not.toBe(loanSource(profile));
    expect(loanSource({ ...profile, active_loan_details: null })).not.toBe(loanSource(profile));
    const lead = { lead_id: 7, loan_amount: 20000, status: 'disbursed', lead_entry_date: '2027-01-14' };
    expect(leadsSource([lead])).toBe(leadsSource([{ ...lead }]));
    expect(leadsSource([{ ...lead, status: 'closed' }])).not.toBe(leadsSource([lead]));
  });

  it('start afresh under a new token or a new day (nothing of the old is carried over)', () => {
    const old = withLastFigures(null, 'token-a', { loan, from: 'a' }, EVENING);
    expect(
      readLastFigures(withLastFigures(old, 'token-b', { leads, from: 'b' }, EVENING), 'token-b', EVENING),
    ).not.toHaveProperty('loan');
    expect(
      readLastFigures(withLastFigures(old, 'token-a', { leads, from: 'b' }, NEXT_DAY), 'token-a', NEXT_DAY),
    ).not.toHaveProperty('loan');
  });
});
