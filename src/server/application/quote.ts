/** The terms a customer may choose within their quote (the loan calculator's ranges). */
import { quoteAmountMessage } from '../../lib/calculator.ts';
import type { Quote } from '../eligibility/policy.ts';
import { ApiError } from '../http/respond.ts';

/** The amount and tenure of a quote decision, within the quote's ranges (the field's message otherwise). */
export function withinQuote(quote: Quote, input: { amount?: number | undefined; tenure?: number | undefined }) {
  const { amount, tenure } = input;
  if (amount === undefined || amount < quote.min_loan_amount || amount > quote.max_loan_amount) {
    const range = { min: quote.min_loan_amount, max: quote.max_loan_amount };
    throw new ApiError(400, quoteAmountMessage(range), 'validation_failed');
  }
  if (tenure === undefined || tenure < quote.min_loan_tenure || tenure > quote.max_loan_tenure) {
    throw new ApiError(
      400,
      `Choose a tenure from ${quote.min_loan_tenure} to ${quote.max_loan_tenure} days.`,
      'validation_failed',
    );
  }
  return { amount, tenure };
}
