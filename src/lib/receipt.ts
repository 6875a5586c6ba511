/**
 * A payment's receipt, as the API answers it and /thanku shows it: the server's figures for one
 * payment, found by the transaction id the result page's address carries. Money is integer paise.
 */

/** The call that answers a receipt (POST, body `{ txnId }`). */
export const RECEIPT_PATH = '/Api/RepayLoanApi/paymentReceipt';

/** The session-storage key under which the repay page keeps its session for the result page. */
export const REPAY_TOKEN_KEY = 'repay_token';

/**
 * SUCCESS: credited to the loan. PENDING: the order is known but the provider's confirmation has not
 * arrived. FAILED / CANCEL: nothing was taken. REFUND: a second payment on an order already paid,
 * kept aside to be refunded.
 */
export type ReceiptStatus = 'SUCCESS' | 'PENDING' | 'FAILED' | 'CANCEL' | 'REFUND';

export interface Receipt {
  status: ReceiptStatus;
  provider: 'razorpay' | 'payu';
  loan_no: string;
  amount_paise: number;
  /** When the money was recorded (or the order made, while pending), ISO 8601. */
  date: string;
  /** The provider's payment id once credited, else its order id (PayU's txnid, Razorpay's order). */
  reference: string;
  /** What closes the loan after this payment, on the day it counts from; null unless credited. */
  balance_paise: number | null;
  /** The day (YYYY-MM-DD, India) the balance is on: the payment's value date. */
  balance_on: string | null;
  loan_closed: boolean;
}

/** The repay page keeps its session for the result page, so that a reload there still shows the receipt. */
export function keepRepayToken(token: string): void {
  try {
    sessionStorage.setItem(REPAY_TOKEN_KEY, token);
  } catch {
    // Storage refused (a private window's quota): the result page then shows the status only.
  }
}
