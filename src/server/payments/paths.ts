/**
 * The addresses of the repayment calls (product.md §7, calls 4 to 7: the PAN and
 * code calls are served by repay/, the payment calls here), PayU's browser returns, and the
 * providers' webhooks.
 */
import { API } from '../../lib/api/paths.ts';

export const REPAY_PATHS = {
  sendOtp: API.repaySendOtp,
  verifyOtp: API.repayVerifyOtp,
  razorpayOrder: API.razorpayOrder,
  razorpayVerify: API.razorpayVerify,
  payuOrder: API.payuOrder,
  // Only PayU's browser posts reach these; the site never calls them.
  payuSuccess: '/Api/RepayLoanApi/payuSuccess',
  payuFailure: '/Api/RepayLoanApi/payuFailure',
} as const;

export const WEBHOOK_PATHS = {
  razorpay: '/Api/webhooks/razorpay',
  payu: '/Api/webhooks/payu',
  // PayU's dashboard takes one address per kind of event.
  payuRefund: '/Api/webhooks/payu/refund',
  payuChargeback: '/Api/webhooks/payu/chargeback',
} as const;
