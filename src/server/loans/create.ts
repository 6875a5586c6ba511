/** Creating a loan: its number from a sequence, dates in India, dues from the rates. */
import { sql } from 'drizzle-orm';
import { addDays } from '../../lib/dates.ts';
import { percentToHundredths } from '../../lib/rates.ts';
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
}

/** In its own transaction, or as part of the caller's (disbursal). */
export async function createLoan(db: Database | Transaction, input: NewLoan) {
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
      },
      createdAt: input.now,
    });
    return loan;
  });
}
