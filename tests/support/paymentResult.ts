/**
 * The payment result card of /thanku and /fail (src/components/PaymentResult.astro): its heading, its
 * label and value rows by label, its notes and its links, for the result pages' and the receipts'
 * browser tests.
 */
import type { Page } from '@playwright/test';

export function resultCard(page: Page) {
  const card = page.locator('[data-payment-result]');
  const value = (label: string) => card.locator(`xpath=.//dt[normalize-space(.)="${label}"]/following-sibling::dd[1]`);
  return {
    card,
    title: card.getByRole('heading', { level: 2 }),
    value,
    status: value('Status'),
    amount: value('Amount paid'),
    loan: value('Loan number'),
    date: value('Date'),
    txnId: value('Transaction ID'),
    balance: value('Balance left after this payment'),
    // The transaction's id and status by the script's own hooks.
    txnIdHook: card.locator('[data-txn-id]'),
    statusHook: card.locator('[data-txn-status]'),
    note: card.getByRole('status'),
    signIn: card.getByRole('link', { name: 'Sign in' }),
    next: card.getByRole('link', { name: /^(Home|Go to dashboard)$/ }),
    home: card.getByRole('link', { name: 'Home', exact: true }),
    dashboard: card.getByRole('link', { name: 'Go to dashboard' }),
    tryAgain: card.getByRole('link', { name: 'Try again' }),
  };
}
