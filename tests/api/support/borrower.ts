/** A customer with a PAN and an active loan, written straight to the database (staff's job until issue 6). */
import { addDays, indiaDate } from '../../../src/lib/dates.ts';
import { customers } from '../../../src/server/db/schema.ts';
import { createLoan } from '../../../src/server/loans/create.ts';
import { randomMobile, type TestServer } from './server.ts';

let serial = 0;
/** A PAN no other test uses: 5 letters, 4 digits, 1 letter, the 4th letter P (a person). */
export function randomPan(): string {
  serial += 1;
  const letters = 'ABCDEFGHJKLMNQRSTUVWXYZ';
  const pick = () => letters[Math.floor(Math.random() * letters.length)];
  return `${pick()}${pick()}${pick()}P${pick()}${String((Date.now() + serial) % 10_000).padStart(4, '0')}${pick()}`;
}

export async function createBorrower(
  server: TestServer,
  now: Date,
  loan: { principalRupees?: number; ratePercent?: number; daysAgo?: number } = {},
) {
  const pancard = randomPan();
  const mobile = randomMobile();
  const [customer] = await server.database.db
    .insert(customers)
    .values({ mobile, pancard, fullName: 'Test Borrower', email: `${mobile}@example.in`, verifiedAt: now })
    .returning();
  if (!customer) throw new Error('no customer');
  const created = await createLoan(server.database.db, {
    customerId: customer.id,
    principalPaise: (loan.principalRupees ?? 10_000) * 100,
    dailyRatePercent: loan.ratePercent ?? 1,
    tenureDays: 60,
    disbursalDate: addDays(indiaDate(now), -(loan.daysAgo ?? 10)),
    actor: 'test',
    now,
  });
  return { pancard, mobile, customer, loan: created };
}
