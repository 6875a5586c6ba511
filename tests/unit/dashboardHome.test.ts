import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SCREEN_LOAD_LIMIT_MS,
  ScreenLoadTimeout,
  withTimeLimit,
} from '../../src/islands/Dashboard/navigation/screenLoader.ts';
import { applicationStage } from '../../src/islands/Dashboard/state/applicationStage.ts';
import { dueWhen, isOverdue, whichToPay } from '../../src/islands/Dashboard/state/loanDues.ts';
import type { ActiveLoan, Profile } from '../../src/islands/Dashboard/state/profile.ts';

/** The parts of getProfile the stage is read from; the rest does not matter here. */
function profile({
  lead_details,
  ...parts
}: Partial<Omit<Profile, 'lead_details'>> & { lead_details?: Partial<Profile['lead_details']> }): Profile {
  return {
    application_filled_percent: 0,
    step_stage: 1,
    active_loan_details: null,
    ...parts,
    lead_details: { status: '', lead_id: null, sent_back_reason: null, ...lead_details },
  } as Profile;
}

const loan = (parts: Partial<ActiveLoan>): ActiveLoan =>
  ({
    loan_no: 'KCL100001',
    repayment_date: '2026-12-31',
    repayment_amount: 5600,
    total_due: 5012.5,
    ...parts,
  }) as ActiveLoan;

describe('where an application stands', () => {
  it('eligible with nothing open: Applied, not started, at the first step', () => {
    expect(applicationStage(profile({}))).toEqual({ stage: 'applied', started: false, step: 0, previous: null });
  });

  it('open at the quote or employment: Applied; at the documents or the bank account: Documents', () => {
    const open = (step_stage: number, percent: number) =>
      applicationStage(
        profile({ lead_details: { status: 'applied' }, step_stage, application_filled_percent: percent }),
      );
    expect(open(1, 0)).toMatchObject({ stage: 'applied', started: true, step: 0 });
    expect(open(2, 25)).toMatchObject({ stage: 'applied', step: 1 });
    expect(open(3, 50)).toMatchObject({ stage: 'documents', step: 2 });
    expect(open(4, 75)).toMatchObject({ stage: 'documents', step: 3 });
  });

  it('every step done: Under review; approved: Approved; an active loan: Disbursed', () => {
    const done = { lead_details: { status: 'applied' }, step_stage: 4, application_filled_percent: 100 };
    expect(applicationStage(profile(done))).toMatchObject({ stage: 'review', step: null });
    expect(applicationStage(profile({ ...done, lead_details: { status: 'approved' } }))).toMatchObject({
      stage: 'approved',
    });
    expect(
      applicationStage(profile({ lead_details: { status: 'disbursed' }, active_loan_details: loan({}) })),
    ).toMatchObject({ stage: 'disbursed' });
  });

  it('submitted: Under review; accepted: Approved; sent back: the step staff named, with their reason', () => {
    expect(applicationStage(profile({ lead_details: { status: 'submitted' }, step_stage: 4 }))).toMatchObject({
      stage: 'review',
      step: null,
    });
    expect(applicationStage(profile({ lead_details: { status: 'accepted' } }))).toMatchObject({ stage: 'approved' });
    const reason = 'Your bank statement is not readable.';
    expect(
      applicationStage(
        profile({
          lead_details: { status: 'sent_back', sent_back_reason: reason },
          step_stage: 3,
          application_filled_percent: 50,
        }),
      ),
    ).toEqual({ stage: 'documents', started: true, step: 2, previous: null, sentBackReason: reason });
  });

  it('after a declined application or a repaid loan, a new one starts and says how the last ended', () => {
    expect(applicationStage(profile({ lead_details: { status: 'rejected' } }))).toEqual({
      stage: 'applied',
      started: false,
      step: 0,
      previous: 'rejected',
    });
    expect(applicationStage(profile({ lead_details: { status: 'disbursed' } }))).toMatchObject({
      stage: 'applied',
      previous: 'repaid',
    });
  });
});

describe('which figure to pay', () => {
  it('before the due date: the amount due by then, or the total due to close today; days left', () => {
    const early = loan({ days_to_due: 12, days_past_due: 0 });
    expect(isOverdue(early)).toBe(false);
    expect(dueWhen(early)).toBe('12 days left');
    expect(dueWhen(loan({ days_to_due: 1 }))).toBe('1 day left');
    expect(dueWhen(loan({ days_to_due: 0 }))).toBe('Due today');
    expect(whichToPay(early)).toBe(
      'Pay ₹5,600 by 31-12-2026, or ₹5,012.50 today to close your loan now. You can also pay a part.',
    );
  });

  it('past the due date: only the total due, and how many days late', () => {
    const late = loan({ days_to_due: -3, days_past_due: 3, total_due: 5750 });
    expect(isOverdue(late)).toBe(true);
    expect(dueWhen(late)).toBe('3 days overdue');
    expect(whichToPay(late)).toBe('Your repayment is overdue. Pay ₹5,750 now to close your loan, or pay a part of it.');
  });
});

describe("a screen's code load", () => {
  afterEach(() => vi.useRealTimers());

  it('is given up after 120 s (product.md §9), not before', async () => {
    vi.useFakeTimers();
    expect(SCREEN_LOAD_LIMIT_MS).toBe(120_000);
    const never = new Promise<never>(() => {});
    const outcome = withTimeLimit(never, SCREEN_LOAD_LIMIT_MS).then(
      () => 'loaded',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(SCREEN_LOAD_LIMIT_MS - 1);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(ScreenLoadTimeout);
  });

  it('a chunk that arrives in time, or fails, answers as it is', async () => {
    await expect(withTimeLimit(Promise.resolve('module'), SCREEN_LOAD_LIMIT_MS)).resolves.toBe('module');
    const failed = new TypeError('Failed to fetch dynamically imported module');
    await expect(withTimeLimit(Promise.reject(failed), SCREEN_LOAD_LIMIT_MS)).rejects.toBe(failed);
  });
});
