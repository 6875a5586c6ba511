/** The quote a customer is offered now, and the terms they may choose within it (the loan calculator's ranges). */
import { quoteAmountMessage } from '../../lib/calculator.ts';
import { indiaDate } from '../../lib/dates.ts';
import { creditFindingOnRecord } from '../bureauCheck/service.ts';
import type { Customer } from '../customers/store.ts';
import { type Decision, decide, type Quote } from '../eligibility/policy.ts';
import { answersOf } from '../eligibility/rules.ts';
import { ApiError } from '../http/respond.ts';
import { activeLoanOf } from '../loans/store.ts';
import type { EventCall } from '../registration/events.ts';

/**
 * The policy's decision on the customer today, as a new quote takes it: their answers, a loan still
 * running, and the credit report the eligibility decision read (the amount stays what it allowed).
 * generate_loan_quote makes an application of it; getProfile shows it as the eligible home's first
 * figure, "up to ₹…" (issue 25).
 */
export async function decisionToday({ deps }: Pick<EventCall, 'deps'>, customer: Customer): Promise<Decision> {
  return decide(
    {
      dob: customer.dob ?? '',
      monthlyIncomePaise: customer.monthlyIncomePaise ?? 0,
      incomeTypeId: customer.incomeTypeId ?? 0,
      salaryModeId: customer.salaryModeId ?? 0,
      residence: answersOf(customer).residence,
      hasActiveLoan: Boolean(await activeLoanOf(deps.db, customer.id)),
      today: indiaDate(deps.now()),
      credit: await creditFindingOnRecord({ deps }, customer.id),
    },
    deps.config.eligibilityPolicy,
  );
}

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
