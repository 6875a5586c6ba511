/**
 * A payment's receipt, as the API answers it and /thanku shows it: the server's figures for one
 * payment, found by the transaction id the result page's address carries. Money is integer paise.
 */
import type * as v from 'valibot';
import type { ReceiptAnswer } from './schemas/answers/receipt.ts';

/** The call that answers a receipt (POST, body `{ txnId }`). */
export const RECEIPT_PATH = '/Api/RepayLoanApi/paymentReceipt';

/** The session-storage key under which the repay page keeps its session for the result page. */
export const REPAY_TOKEN_KEY = 'repay_token';

export type Receipt = v.InferOutput<typeof ReceiptAnswer>;
export type ReceiptStatus = Receipt['status'];

/** The repay page keeps its session for the result page, so that a reload there still shows the receipt. */
export function keepRepayToken(token: string): void {
  try {
    sessionStorage.setItem(REPAY_TOKEN_KEY, token);
  } catch {
    // Storage refused (a private window's quota): the result page then shows the status only.
  }
}
