/**
 * The bank account's penny-drop (issue 24): asked when the customer gives the account, stored with its
 * outcome (bank_account_checks), and required by disbursal. The provider is asked outside any lock (it
 * waits for the bank); the step that saves the account then takes the lead's lock as every change does.
 */
import { and, count, desc, eq, gte } from 'drizzle-orm';
import { LifecycleConflict } from '../application/lifecycle.ts';
import type { Database, Transaction } from '../db/client.ts';
import { bankAccountChecks } from '../db/schema.ts';
import { ApiError } from '../http/respond.ts';
import type { RequestScope } from '../http/scope.ts';
import type { Lead } from '../leads/store.ts';
import { matchNames } from './nameMatch.ts';
import { BankVerificationUnavailable } from './verifier.ts';

type BankCheckRow = typeof bankAccountChecks.$inferSelect;

/** Penny-drops per application in a day: each costs a transfer, and a guessing caller is stopped. */
const CHECKS_PER_DAY = 5;

const accountNumberField = (message: string) => ({ fields: { account_number: message } });

/** What the customer is told for an account the bank refused, by the provider's code. */
function refusal(code: string): ApiError {
  if (code === 'INVALID_IFSC') {
    const message = 'Your bank does not recognise this IFSC. Please check it on your cheque book or passbook.';
    return new ApiError(422, message, 'bank_account_invalid', undefined, { fields: { account_ifsc: message } });
  }
  if (code === 'INVALID_BANK_ACCOUNT') {
    const message =
      'Your bank has no account with this number at this IFSC. Please check the account number and the IFSC.';
    return new ApiError(422, message, 'bank_account_invalid', undefined, accountNumberField(message));
  }
  // Closed, blocked, frozen, dormant, NRE: the account cannot receive the loan.
  const message =
    'Your bank says this account is closed or cannot receive money. Please give another savings account in your name.';
  return new ApiError(422, message, 'bank_account_closed', undefined, accountNumberField(message));
}

const mismatch = (panName: string) => {
  const message = `This account is not in the name on your PAN (${panName}). Please give a savings account held in your own name, or check the account number.`;
  return new ApiError(422, message, 'bank_name_mismatch', undefined, accountNumberField(message));
};

/** The newest verified check of exactly this account on this lead, against this PAN name. */
async function verifiedCheck(
  db: Database | Transaction,
  leadId: number,
  account: { ifsc: string; accountNumber: string },
  panName?: string,
) {
  const [row] = await db
    .select()
    .from(bankAccountChecks)
    .where(
      and(
        eq(bankAccountChecks.leadId, leadId),
        eq(bankAccountChecks.outcome, 'verified'),
        eq(bankAccountChecks.accountIfsc, account.ifsc),
        eq(bankAccountChecks.accountNumber, account.accountNumber),
        ...(panName === undefined ? [] : [eq(bankAccountChecks.panName, panName)]),
      ),
    )
    .orderBy(desc(bankAccountChecks.checkedAt))
    .limit(1);
  return row;
}

/**
 * Verifies the account by penny-drop and stores the outcome; answers the verified check, or refuses
 * with what the customer should correct (422), too many tries (429), or the provider down (503). An
 * account already verified on this application is not charged for again.
 */
export async function verifyBankAccount(
  scope: RequestScope,
  lead: Pick<Lead, 'id' | 'customerId'>,
  account: { ifsc: string; accountNumber: string; name: string },
  panName: string,
): Promise<BankCheckRow> {
  const { db, now, bankVerifier } = scope.deps;
  const known = await verifiedCheck(db, lead.id, account, panName);
  if (known) return known;
  const at = now();
  const [tried] = await db
    .select({ n: count() })
    .from(bankAccountChecks)
    .where(
      and(
        eq(bankAccountChecks.leadId, lead.id),
        gte(bankAccountChecks.checkedAt, new Date(at.getTime() - 24 * 3_600_000)),
      ),
    );
  if ((tried?.n ?? 0) >= CHECKS_PER_DAY) {
    throw new ApiError(
      429,
      'You have tried to verify a bank account too many times today. Please try again tomorrow, or write to us.',
      'bank_checks_exhausted',
      undefined,
      { retry_after_seconds: 3_600 },
    );
  }
  const base = {
    leadId: lead.id,
    customerId: lead.customerId,
    provider: bankVerifier.name,
    accountIfsc: account.ifsc,
    accountNumber: account.accountNumber,
    nameGiven: account.name,
    panName,
    checkedAt: at,
  };
  const store = async (row: Partial<BankCheckRow> & Pick<BankCheckRow, 'outcome'>) => {
    const [stored] = await db
      .insert(bankAccountChecks)
      .values({ ...base, ...row })
      .returning();
    if (!stored) throw new Error('bank account check not stored');
    return stored;
  };
  let answer: Awaited<ReturnType<typeof bankVerifier.verify>>;
  try {
    // The PAN's name is the one asked about: the providers compare it, and the sandbox answers with it.
    answer = await bankVerifier.verify({ accountNumber: account.accountNumber, ifsc: account.ifsc, name: panName });
  } catch (error) {
    if (!(error instanceof BankVerificationUnavailable)) throw error;
    scope.log.error('bank verification unavailable', { reason: error.message });
    await store({ outcome: 'provider_failed', detail: error.message });
    throw new ApiError(
      503,
      'We could not verify your bank account just now. Please try again in a few minutes.',
      'bank_verification_unavailable',
    );
  }
  if (!answer.valid) {
    await store({ outcome: 'account_invalid', detail: answer.code, reference: answer.reference });
    throw refusal(answer.code);
  }
  const names = matchNames(panName, answer.nameAtBank);
  const row = await store({
    outcome: names.match ? 'verified' : 'name_mismatch',
    detail: names.match ? null : names.reason,
    reference: answer.reference,
    nameAtBank: answer.nameAtBank,
    branch: answer.branch,
  });
  if (!names.match) throw mismatch(panName);
  return row;
}

type LeadBank = { bank_name?: string; account_ifsc?: string; account_number?: string } | null;

/** The account on the lead, and the newest check that verified exactly it (none: unverified). */
async function accountCheck(db: Database | Transaction, lead: Pick<Lead, 'id' | 'bank'>) {
  const bank = lead.bank as LeadBank;
  if (!bank?.account_ifsc || !bank.account_number) return undefined;
  const check = await verifiedCheck(db, lead.id, { ifsc: bank.account_ifsc, accountNumber: bank.account_number });
  return { bank: { ...bank, account_number: bank.account_number }, check };
}

/** Disbursal pays the account on the lead: it must be the one a check verified (409 otherwise). */
export async function requireVerifiedAccount(tx: Transaction, lead: Pick<Lead, 'id' | 'bank'>): Promise<void> {
  if (!(await accountCheck(tx, lead))?.check) {
    throw new LifecycleConflict(
      `Lead ${lead.id} has no verified bank account: the customer must give an account that passes verification before disbursal.`,
      'bank_not_verified',
    );
  }
}

/** Every check of an application, newest first (staff see them). */
export function checksOfLead(db: Database, leadId: number) {
  return db
    .select()
    .from(bankAccountChecks)
    .where(eq(bankAccountChecks.leadId, leadId))
    .orderBy(desc(bankAccountChecks.checkedAt));
}

/** The account on the lead as its customer sees it: the bank, the last four digits, and when a check verified it. */
export async function accountOfLead(db: Database, lead: Pick<Lead, 'id' | 'bank'>) {
  const found = await accountCheck(db, lead);
  if (!found) return null;
  return {
    bank_name: found.bank.bank_name ?? '',
    account_last4: found.bank.account_number.slice(-4),
    verified_at: found.check?.checkedAt.toISOString() ?? null,
  };
}
