/**
 * Demo data for a new embedded database (SEED_DEMO: on by default outside production, off in
 * production, where its SMS would be real): a borrower with an active loan, so the repay page works on
 * a fresh `npm start`.
 */
import { count } from 'drizzle-orm';
import { addDays, indiaDate } from '../lib/dates.ts';
import type { Deps } from './context.ts';
import { customers } from './db/schema.ts';
import { createLoan } from './loans/create.ts';

export const DEMO_BORROWER = {
  pancard: 'DEMOP1234D',
  mobile: '9876500001',
  fullName: 'Demo Borrower',
  email: 'demo.borrower@koshcredit.example',
} as const;

export async function seedDemo(deps: Deps): Promise<boolean> {
  const [existing] = await deps.db.select({ n: count() }).from(customers);
  if ((existing?.n ?? 0) > 0) return false;
  const now = deps.now();
  const [customer] = await deps.db
    .insert(customers)
    .values({ ...DEMO_BORROWER, verifiedAt: now, nextStep: 'completed', stepPercentage: 100, eligibilityStatus: 1 })
    .returning({ id: customers.id });
  if (!customer) return false;
  await createLoan(deps.db, {
    customerId: customer.id,
    principalPaise: 2_000_000,
    dailyRatePercent: 0.5,
    tenureDays: 60,
    disbursalDate: addDays(indiaDate(now), -20),
    actor: 'system:seed',
    now,
  });
  return true;
}
