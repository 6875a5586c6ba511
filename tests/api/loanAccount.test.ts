/**
 * One loan, one set of figures: over random loans and payment histories, the repay page's
 * repayment_data, the dashboard's active_loan_details and loan details, the statement of account (a
 * PDF read back), and the allocations stored with each collection all equal what the loan account
 * (src/lib/loanAccount.ts) computes for that day.
 */
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_ACCOUNT_RULES } from '../../src/lib/accountRules.ts';
import { API, HEADERS } from '../../src/lib/api/paths.ts';
import { addDays, indiaDate } from '../../src/lib/dates.ts';
import { formatPaiseInFull } from '../../src/lib/money.ts';
import { site } from '../../src/lib/site.ts';
import { STATEMENT_API } from '../../src/lib/statementLines.ts';
import { queryRows } from '../../src/server/db/client.ts';
import { leads, loans } from '../../src/server/db/schema.ts';
import { loanAccountToday } from '../../src/server/loans/account.ts';
import { loanFigures } from '../../src/server/loans/accountFigures.ts';
import { recordCollection } from '../../src/server/payments/ledger.ts';
import { REPAY_PATHS } from '../../src/server/payments/paths.ts';
import { flat, pdfText } from '../support/pdfText.ts';
import { createBorrower } from './support/borrower.ts';
import { ENGINES, startServer, type TestServer, testClock } from './support/server.ts';
import { latestCode, signIn } from './support/signIn.ts';

const rupees = (paise: number) => paise / 100;

describe.each(ENGINES)('one loan, one set of figures (%s database)', (engine) => {
  let server: TestServer;
  const clock = testClock(Date.parse('2026-11-21T06:30:00Z'));

  beforeAll(async () => {
    server = await startServer(
      engine,
      { OTP_RESEND_SECONDS: '0', OTP_MAX_PER_MOBILE_PER_HOUR: '1000', OTP_MAX_PER_ADDRESS_PER_HOUR: '100000' },
      { now: clock.now },
    );
  });
  afterAll(() => server.close());

  /** At 06:30 UTC (noon in India) on a day counted from today. */
  const noonOn = (date: string) => new Date(`${date}T06:30:00Z`);

  it('the repay page, the dashboard, the loan details, the statement and the stored allocations agree with the account, to the paisa', async () => {
    const rates = site.loan.rateTiers.map((tier) => tier.dailyRatePercent);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 5_000, max: 100_000 }),
        fc.constantFrom(...rates),
        fc.integer({ min: 0, max: 130 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 130 }), fc.integer({ min: 100, max: 6_000_000 })), {
          maxLength: 5,
        }),
        async (principalRupees, ratePercent, daysAgo, list) => {
          const today = indiaDate(clock.now());
          const borrower = await createBorrower(server, clock.now(), { principalRupees, ratePercent, daysAgo });
          const disbursal = borrower.loan.disbursalDate;
          const payments = list
            .map(([offset, paise]) => [Math.min(offset, daysAgo), paise] as const)
            .sort((a, b) => a[0] - b[0]);
          for (const [i, [offset, paise]] of payments.entries()) {
            await recordCollection(server.database.db, {
              loanId: borrower.loan.id,
              source: 'offline',
              reference: `${borrower.loan.loanNo}-${i}`,
              amountPaise: paise,
              recordedBy: 'test',
              now: noonOn(addDays(disbursal, offset)),
            });
          }
          // The loan's application, as staff's disbursal makes it: the dashboard finds loans by their lead.
          const [lead] = await server.database.db
            .insert(leads)
            .values({ customerId: borrower.customer.id, userType: 'NEW', status: 'disbursed', quote: {} })
            .returning();
          if (!lead) throw new Error('no lead');
          await server.database.db
            .update(loans)
            .set({ leadId: String(lead.id) })
            .where(eq(loans.id, borrower.loan.id));
          const [loan] = await server.database.db.select().from(loans).where(eq(loans.id, borrower.loan.id));
          if (!loan) throw new Error('loan gone');
          // Made today, under today's account rules, which its account applies for its whole life.
          expect(loan.accountRulesVersion).toBe(CURRENT_ACCOUNT_RULES.version);
          const account = await loanAccountToday(server.database.db, loan, clock.now());
          const figures = loanFigures(account);
          expect(account.state.asOf).toBe(today);

          // The allocation stored with each collection is the account's, recomputed from scratch.
          const stored = await queryRows<{
            charges_paise: number;
            interest_paise: number;
            principal_paise: number;
            excess_paise: number;
            applied_paise: number;
            amount_paise: number;
          }>(
            server.database.db,
            sql`select charges_paise, interest_paise, principal_paise, excess_paise, applied_paise, amount_paise
                from collections where loan_id = ${loan.id} order by id`,
          );
          expect(
            stored.map((row) => ({
              chargesPaise: row.charges_paise,
              interestPaise: row.interest_paise,
              principalPaise: row.principal_paise,
              excessPaise: row.excess_paise,
            })),
          ).toEqual(account.state.allocations);
          for (const row of stored) {
            expect(row.charges_paise + row.interest_paise + row.principal_paise).toBe(row.applied_paise);
            expect(row.applied_paise + row.excess_paise).toBe(row.amount_paise);
          }
          expect(loan.collectedPaise).toBe(figures.collectedPaise);
          expect(loan.status).toBe(figures.closedOn ? 'closed' : 'active');

          const expected = {
            total_due_amount: rupees(figures.closureAmountPaise),
            real_interest: rupees(figures.interestChargedPaise),
            repayment_amount: rupees(figures.repaymentAmountPaise),
            principal_outstanding: rupees(figures.principalOutstandingPaise),
            interest_outstanding: rupees(figures.interestOutstandingPaise),
            charges_outstanding: rupees(figures.chargesOutstandingPaise),
            collected: rupees(figures.collectedPaise),
            days_past_due: figures.daysPastDue,
          };
          const { token, profileId } = await signIn(server, borrower.mobile);
          const profile = await server.post(API.getProfile, { profile_id: profileId }, { token });
          expect(profile.body.Status).toBe(1);

          // The loan details screen: each payment's allocation as stored, and the account while active.
          const details = await server.post(API.leadDetail, { lead_id: lead.id }, { token });
          expect(
            details.body.Data.collection[0].map((row: { interest: number; principal: number; excess: number }) => [
              row.interest,
              row.principal,
              row.excess,
            ]),
          ).toEqual(
            account.state.allocations.map((a) => [
              rupees(a.interestPaise),
              rupees(a.principalPaise),
              rupees(a.excessPaise),
            ]),
          );
          // A repaid loan's application reads as closed in the details and the history.
          const shown = figures.closedOn ? 'closed' : 'disbursed';
          expect(details.body.Data.data[0].status).toBe(shown);
          const history = await server.post(API.leadList, { pancard: borrower.pancard }, { token });
          expect(history.body.Data.lead_list.find((row: { lead_id: number }) => row.lead_id === lead.id)?.status).toBe(
            shown,
          );
          // The statement of account, read back: the same totals.
          const pdf = await fetch(`${server.url}${STATEMENT_API.statement}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', [HEADERS.token]: token },
            body: JSON.stringify({ lead_id: lead.id }),
          });
          expect(pdf.status).toBe(200);
          const text = flat((await pdfText(new Uint8Array(await pdf.arrayBuffer()))).text);
          expect(text).toContain(`Interest charged ${formatPaiseInFull(figures.interestChargedPaise)}`);
          expect(text).toContain(
            `Outstanding today (amount to close the loan today) ${formatPaiseInFull(figures.closureAmountPaise)}`,
          );

          if (figures.closedOn) {
            // Repaid: nothing for the dashboard's banner, and the repay page sends no code for it.
            expect(profile.body.Data.active_loan_details).toBeNull();
            return;
          }
          // The repay page, by PAN and code.
          await server.post(REPAY_PATHS.sendOtp, { pancard: borrower.pancard });
          const verified = await server.post(REPAY_PATHS.verifyOtp, {
            panNumber: borrower.pancard,
            otp: await latestCode(server, borrower.mobile),
          });
          expect(verified.body.repayment_data).toMatchObject(expected);
          // The dashboard's banner and repayment screen read total_due, the same amount.
          const { total_due_amount: totalDue, ...rest } = expected;
          expect(profile.body.Data.active_loan_details).toMatchObject({ ...rest, total_due: totalDue });
          expect(details.body.Data.data[0]).toMatchObject(expected);
        },
      ),
      { numRuns: 12 },
    );
  });
});
