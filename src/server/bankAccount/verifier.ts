/**
 * Bank account validation by penny-drop (issue 24): the provider credits ₹1 to the account over IMPS
 * and answers whether the account can receive money and the holder's name the bank holds. The
 * sandbox answers deterministically by the account number's last digits (below); the HTTP adapter is
 * shaped like Cashfree's Bank Account Verification Sync V2.
 */
import { SANDBOX_BRANCHES } from './ifsc.ts';

export type AccountCheck =
  | {
      valid: true;
      /** The holder's name as the bank holds it. */
      nameAtBank: string;
      reference: string;
      /** The branch the bank names for the IFSC, when it answers one. */
      branch: string | null;
    }
  | {
      valid: false;
      /** The provider's status code: ACCOUNT_BLOCKED, INVALID_BANK_ACCOUNT, INVALID_IFSC, NRE_ACCOUNT, … */
      code: string;
      reference: string | null;
    };

export interface AccountToCheck {
  accountNumber: string;
  ifsc: string;
  /** The holder's name the customer typed (the providers take it; the answer's name is the bank's own). */
  name: string;
}

export interface BankAccountVerifier {
  readonly name: string;
  verify(account: AccountToCheck): Promise<AccountCheck>;
}

/** The provider could not conclude (unreachable, an error, a transfer still pending): ask again later. */
export class BankVerificationUnavailable extends Error {}

/**
 * The sandbox's accounts, by the number's last three digits: …000 is closed (ACCOUNT_BLOCKED), …777 does
 * not exist (INVALID_BANK_ACCOUNT), …888 belongs to someone else, …999 makes the provider fail. Any other
 * account is held in the name the customer typed, as the bank would write it (capitals).
 */
const SANDBOX_ACCOUNTS = {
  closed: '000',
  missing: '777',
  otherHolder: '888',
  failure: '999',
} as const;
const OTHER_HOLDER = 'SUNIL KAPOOR';

export function sandboxBankAccountVerifier(): BankAccountVerifier {
  let count = 0;
  return {
    name: 'sandbox',
    async verify({ accountNumber, ifsc, name }) {
      count += 1;
      const reference = `sandbox_bav_${Date.now().toString(36)}_${count}`;
      const ending = accountNumber.slice(-3);
      if (ending === SANDBOX_ACCOUNTS.failure) throw new BankVerificationUnavailable('sandbox provider failure');
      if (ending === SANDBOX_ACCOUNTS.closed) return { valid: false, code: 'ACCOUNT_BLOCKED', reference };
      if (ending === SANDBOX_ACCOUNTS.missing) return { valid: false, code: 'INVALID_BANK_ACCOUNT', reference };
      const nameAtBank = ending === SANDBOX_ACCOUNTS.otherHolder ? OTHER_HOLDER : name.trim().toUpperCase();
      return { valid: true, nameAtBank, reference, branch: SANDBOX_BRANCHES[ifsc] ?? null };
    },
  };
}

/**
 * A penny-drop provider over HTTPS, shaped like Cashfree's Bank Account Verification Sync V2: POST
 * {bank_account, ifsc, name} with the client id and secret in headers, answering {reference_id,
 * name_at_bank, branch, account_status: VALID | INVALID | …, account_status_code}. Any other status
 * (RECEIVED, FAILED, PROCESSING, …) or an error is not an answer about the account: unavailable.
 */
export function httpBankAccountVerifier(
  settings: { url: string; clientId: string; clientSecret: string },
  fetchImpl: typeof fetch = fetch,
): BankAccountVerifier {
  return {
    name: 'http',
    async verify({ accountNumber, ifsc, name }) {
      let response: Response;
      try {
        response = await fetchImpl(settings.url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'x-client-id': settings.clientId,
            'x-client-secret': settings.clientSecret,
          },
          body: JSON.stringify({ bank_account: accountNumber, ifsc, name }),
          // A penny-drop waits for the bank's IMPS answer: longer than a lookup, shorter than a customer's patience.
          signal: AbortSignal.timeout(30_000),
        });
      } catch (error) {
        throw new BankVerificationUnavailable(`bank verification provider unreachable: ${(error as Error).name}`);
      }
      if (!response.ok) throw new BankVerificationUnavailable(`bank verification provider answered ${response.status}`);
      const body = (await response.json().catch(() => ({}))) as {
        reference_id?: string | number;
        name_at_bank?: string;
        branch?: string;
        account_status?: string;
        account_status_code?: string;
      };
      const reference = body.reference_id === undefined ? null : String(body.reference_id);
      if (body.account_status === 'VALID' && body.name_at_bank && reference) {
        return { valid: true, nameAtBank: body.name_at_bank, reference, branch: body.branch || null };
      }
      if (body.account_status === 'INVALID') {
        return { valid: false, code: body.account_status_code || 'INVALID', reference };
      }
      throw new BankVerificationUnavailable(`bank verification not concluded: ${body.account_status ?? 'no status'}`);
    },
  };
}
