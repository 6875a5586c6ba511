/**
 * Demo data for a new embedded database (SEED_DEMO: on by default outside production, off in
 * production, where its SMS would be real): a borrower with an active loan, so the repay page works on
 * a fresh `npm start`. The borrower is complete, as if they had come through the site: a registered,
 * eligible profile, an application (lead) with its acknowledged Key Fact Statement, its bank account
 * verified by penny-drop, approved, its loan agreement e-signed (through the sandbox e-sign provider,
 * recorded as the product records a signature: the signed PDF, the agreement_signature consent) and
 * disbursed 20 days ago as loan KCL100001 (₹20,000 at 0.5% a day for 60 days) by makeLoan, the one
 * place every disbursal path makes a loan (it checks the account and the signature). So the
 * dashboard's Loan History, the banner, the agreement and the repay page all tell the same story.
 */
import { count, eq } from 'drizzle-orm';
import { indiaDate } from '../../lib/dates.ts';
import { rupeesFromPaise } from '../../lib/money.ts';
import { percentToHundredths } from '../../lib/rates.ts';
import { site } from '../../lib/site.ts';
import { sandboxESign } from '../agreement/esign.ts';
import { agreementStanding, requestSigning } from '../agreement/service.ts';
import { latestAgreementOfLead } from '../agreement/store.ts';
import { sandboxIdentity } from '../agreement/testCertificate.ts';
import type { Deps } from '../app/context.ts';
import { createLogger, type Logger } from '../app/logger.ts';
import { makeLoan } from '../application/staff.ts';
import { customerById } from '../customers/store.ts';
import { retryingTransaction } from '../db/retry.ts';
import { bankAccountChecks, customers, leads } from '../db/schema.ts';
import { decide, type Quote } from '../eligibility/policy.ts';
import { issueKfs } from '../kfs/store.ts';

export const DEMO_BORROWER = {
  pancard: 'DEMOP1234D',
  mobile: '9876500001',
  fullName: 'Demo Borrower',
  email: 'demo.borrower@koshcredit.example',
} as const;

/** The loan the repay tests and the README count on. */
const DEMO_LOAN = { principalPaise: 2_000_000, dailyRatePercent: 0.5, tenureDays: 60, daysAgo: 20, purposeId: 2 };
const ACTOR = 'system:seed';

const PROFILE = {
  ...DEMO_BORROWER,
  // ₹60,000 a month: the 0.5% a day tier of the rate policy, the demo loan's rate.
  monthlyIncomePaise: 6_000_000,
  dob: '1990-01-01',
  gender: 1,
  maritalStatusId: 1,
  residenceTypeId: 1,
  residenceAddress1: '12, Demo Residency',
  residenceAddress2: 'MG Road',
  residenceLandmark: 'Near the metro station',
  residencePincode: '560001',
  residenceCity: 'Bengaluru',
  residenceState: 'Karnataka',
  incomeTypeId: 1,
  salaryModeId: 1,
  salaryDate: '2026-01-01',
  registrationSuccessful: 1,
  eligibilityStatus: 1,
  eligibilityReason: 'Eligible',
  nextStep: 'completed',
  stepPercentage: 100,
} as const;

const EMPLOYMENT = {
  work_mode: 'WFO',
  company_name: 'Demo Technologies Pvt Ltd',
  company_type_id: 1,
  designation: 'Analyst',
  address_1: 'Tower 1, Tech Park',
  address_2: 'Outer Ring Road',
  landmark: '',
  pincode: '560103',
  emp_since: '2021-04-01',
  office_email: '',
};

/** The demo application's bank account: the one its penny-drop check verified. */
const BANK = {
  account_name: PROFILE.fullName,
  account_branch: 'MG Road',
  account_ifsc: 'HDFC0001234',
  account_number: '123456789012',
  account_type_id: 1,
  bank_name: 'HDFC Bank',
} as const;

export async function seedDemo(deps: Deps, log: Logger = createLogger('silent')): Promise<boolean> {
  const [existing] = await deps.db.select({ n: count() }).from(customers);
  if ((existing?.n ?? 0) > 0) return false;
  const now = deps.now();
  // The application's moments, 20 days back: applied and accepted, then approved, signed and disbursed.
  const appliedAt = new Date(now.getTime() - (DEMO_LOAN.daysAgo * 24 + 4) * 3_600_000);
  const approvedAt = new Date(now.getTime() - (DEMO_LOAN.daysAgo * 24 + 2) * 3_600_000);
  const signedAt = new Date(now.getTime() - (DEMO_LOAN.daysAgo * 24 + 1) * 3_600_000);
  const disbursedAt = new Date(now.getTime() - DEMO_LOAN.daysAgo * 24 * 3_600_000);
  const decision = decide(
    {
      dob: PROFILE.dob,
      monthlyIncomePaise: PROFILE.monthlyIncomePaise,
      incomeTypeId: PROFILE.incomeTypeId,
      salaryModeId: PROFILE.salaryModeId,
      residence: { city: PROFILE.residenceCity, state: PROFILE.residenceState },
      hasActiveLoan: false,
      today: indiaDate(appliedAt),
    },
    deps.config.eligibilityPolicy,
  );
  // A stricter ELIGIBILITY_POLICY may refuse the demo profile: the quote is then the loan's own terms.
  const quote: Quote = decision.eligible
    ? decision.quote
    : {
        min_loan_amount: site.loan.amountRupees.min,
        max_loan_amount: rupeesFromPaise(DEMO_LOAN.principalPaise),
        min_loan_tenure: DEMO_LOAN.tenureDays,
        max_loan_tenure: DEMO_LOAN.tenureDays,
        daily_rate_percent: DEMO_LOAN.dailyRatePercent,
      };
  const rateHundredths = percentToHundredths(DEMO_LOAN.dailyRatePercent);

  const seeded = await deps.db.transaction(async (tx) => {
    const [customer] = await tx
      .insert(customers)
      .values({ ...PROFILE, verifiedAt: appliedAt, eligibilityDecidedAt: appliedAt, createdAt: appliedAt })
      .returning({ id: customers.id });
    if (!customer) throw new Error('demo customer not stored');
    const [lead] = await tx
      .insert(leads)
      .values({
        customerId: customer.id,
        userType: 'NEW',
        status: 'accepted',
        nextStep: 'completed',
        stepPercentage: 100,
        quote,
        purposeId: DEMO_LOAN.purposeId,
        amountPaise: DEMO_LOAN.principalPaise,
        tenureDays: DEMO_LOAN.tenureDays,
        dailyRateHundredths: rateHundredths,
        employment: EMPLOYMENT,
        bank: { ...BANK, verification_consent_at: appliedAt.toISOString() },
        approvedAmountPaise: DEMO_LOAN.principalPaise,
        approvedTenureDays: DEMO_LOAN.tenureDays,
        approvedRateHundredths: rateHundredths,
        approvedVersion: 1,
        managerName: 'Credit Desk',
        managerMobile: site.contact.phone,
        managerEmail: site.contact.supportEmail,
        decidedBy: ACTOR,
        decidedAt: approvedAt,
        createdAt: appliedAt,
      })
      .returning();
    if (!lead) throw new Error('demo lead not stored');
    // The statement the borrower accepted with the quote; the loan is made on exactly its terms.
    const statement = await issueKfs(
      tx,
      lead,
      {
        amountPaise: DEMO_LOAN.principalPaise,
        tenureDays: DEMO_LOAN.tenureDays,
        dailyRatePercent: DEMO_LOAN.dailyRatePercent,
      },
      'quote',
      appliedAt,
      true,
    );
    await tx.update(leads).set({ kfs: statement.content, kfsAcknowledgedAt: appliedAt }).where(eq(leads.id, lead.id));
    // The penny-drop's verified check of the account on the application, as the sandbox records one.
    await tx.insert(bankAccountChecks).values({
      leadId: lead.id,
      customerId: customer.id,
      provider: 'sandbox',
      reference: `SEED-${lead.id}`,
      accountIfsc: BANK.account_ifsc,
      accountNumber: BANK.account_number,
      nameGiven: BANK.account_name,
      nameAtBank: BANK.account_name.toUpperCase(),
      panName: PROFILE.fullName,
      outcome: 'verified',
      branch: BANK.account_branch,
      checkedAt: appliedAt,
    });
    return { customerId: customer.id, leadId: lead.id };
  });

  // The borrower e-signs the agreement of the accepted statement through the sandbox provider (its
  // clock the seed's, so the signature is dated before the disbursal), recorded by the product's own
  // functions: drawn, sent, signed, and read back with its consent.
  const certificates = deps.config.esign.provider === 'sandbox' ? deps.config.esign.certificatesDir : null;
  const esign = sandboxESign({ identity: sandboxIdentity(certificates), now: () => signedAt });
  const scope = { deps: { ...deps, esign, now: () => signedAt }, log, origin: 'http://localhost', userAgent: 'seed' };
  const from = { address: '127.0.0.1', userAgent: 'seed' };
  const customer = await customerById(deps.db, seeded.customerId);
  if (!customer) throw new Error('demo customer not stored');
  await requestSigning(scope, from, customer, seeded.leadId);
  const requestId = (await latestAgreementOfLead(deps.db, seeded.leadId))?.requestId;
  if (!requestId || !(await esign.decide(requestId, 'signed'))) throw new Error('demo agreement not signed');
  if ((await agreementStanding(scope, from, customer, seeded.leadId)).status !== 'signed') {
    throw new Error('demo agreement not signed');
  }
  // Disbursed where every disbursal is: makeLoan checks the verified account and the signature.
  await retryingTransaction(deps.db, (tx) => makeLoan(tx, seeded.leadId, ACTOR, disbursedAt));
  return true;
}
