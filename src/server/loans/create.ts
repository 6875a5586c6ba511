/** Creating a loan: its number from a sequence, dates in India, and the terms of its Key Fact Statement. */
import { sql } from 'drizzle-orm';
import { CURRENT_ACCOUNT_RULES } from '../../lib/accountRules.ts';
import { addDays } from '../../lib/dates.ts';
import { type ServicingTerms, servicingTerms } from '../../lib/loanTerms.ts';
import { percentToHundredths } from '../../lib/rates.ts';
import { site } from '../../lib/site.ts';
import { type Database, queryRows, type Transaction } from '../db/client.ts';
import { auditLog, loans } from '../db/schema.ts';

export interface NewLoan {
  customerId: string;
  leadId?: string | null;
  principalPaise: number;
  dailyRatePercent: number;
  tenureDays: number;
  disbursalDate: string;
  actor: string;
  now: Date;
  /** The acknowledged Key Fact Statement the loan is made on. */
  kfsId?: string | null;
  /** The statement's fee, cooling-off and after-due-date terms; the configured policy's when absent. */
  terms?: ServicingTerms;
}

/** In its own transaction, or as part of the caller's (disbursal). */
export async function createLoan(db: Database | Transaction, input: NewLoan) {
  const terms = input.terms ?? servicingTerms(site.loan, input.principalPaise);
  return db.transaction(async (tx) => {
    const [next] = await queryRows<{ n: string | number }>(tx, sql`select nextval('loan_no_seq') as n`);
    const loanNo = `KCL${next?.n}`;
    const [loan] = await tx
      .insert(loans)
      .values({
        loanNo,
        customerId: input.customerId,
        leadId: input.leadId ?? null,
        principalPaise: input.principalPaise,
        dailyRateHundredths: percentToHundredths(input.dailyRatePercent),
        tenureDays: input.tenureDays,
        disbursalDate: input.disbursalDate,
        repaymentDate: addDays(input.disbursalDate, input.tenureDays),
        kfsId: input.kfsId ?? null,
        ...terms,
        accountRulesVersion: CURRENT_ACCOUNT_RULES.version,
        createdAt: input.now,
        createdBy: input.actor,
      })
      .returning();
    if (!loan) throw new Error('loan not stored');
    await tx.insert(auditLog).values({
      actor: input.actor,
      action: 'loan.disbursed',
      subject: loanNo,
      detail: {
        principal_paise: input.principalPaise,
        daily_rate_percent: input.dailyRatePercent,
        tenure_days: input.tenureDays,
        kfs_id: input.kfsId ?? null,
        ...terms,
      },
      createdAt: input.now,
    });
    return loan;
  });
}
