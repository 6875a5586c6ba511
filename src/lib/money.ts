/**
 * Money (docs/decisions.md, "One money module"): amounts are integer paise everywhere; rupees appear
 * only at the edges (what people type, the API's payloads, the providers' fields, what pages show).
 * This is the only module that converts between the two, formats amounts, and holds the ₹1 minimum.
 * Kept small and free of side effects the bundler cannot drop: the public pages import it.
 */

/** A whole number of paise. A plain alias rather than a brand (docs/decisions.md, "One money module"). */
export type Paise = number;

const PAISE_PER_RUPEE = 100;

/**
 * The least a payment can be: the payment services take ₹1 at least (product.md §10.5), so a rest
 * under it is written off at closure rather than left owed.
 */
export const MINIMUM_PAYMENT_PAISE: Paise = 100;

/**
 * Rupees (typed, configured, or as the API's payloads carry them) -> paise, rounded half up to the
 * paisa: ₹10.005 is 1001 paise. Throws on anything that is not a finite number.
 */
export function paiseFromRupees(rupees: number): Paise {
  if (!Number.isFinite(rupees)) throw new RangeError(`not an amount: ${rupees}`);
  // toFixed first: 10.005 * 100 is 1000.4999… in binary floating point, and should round to 1001.
  return Math.round(Number((rupees * PAISE_PER_RUPEE).toFixed(6)));
}

/** Paise -> rupees as the API's payloads carry them (2200050 -> 22000.5). */
export function rupeesFromPaise(paise: Paise): number {
  return paise / PAISE_PER_RUPEE;
}

/** Paise -> rupees with two decimals, as the providers and the forms take them (2200050 -> "22000.50"). */
export function rupeesText(paise: Paise): string {
  return rupeesFromPaise(paise).toFixed(2);
}

const rupeesFormat = (fractionDigits: number) =>
  new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
const wholeRupees = /* @__PURE__ */ rupeesFormat(0);
const rupeesAndPaise = /* @__PURE__ */ rupeesFormat(2);

function checkPaise(paise: Paise) {
  if (!Number.isInteger(paise)) throw new RangeError(`paise must be an integer, got ${paise}`);
}

/** Integer paise -> "₹1,50,000", or "₹1,50,000.50" when there are paise. */
export function formatPaise(paise: Paise): string {
  checkPaise(paise);
  const format = paise % PAISE_PER_RUPEE === 0 ? wholeRupees : rupeesAndPaise;
  return format.format(rupeesFromPaise(paise));
}

/** Every amount with its paise, as statements of account show them: 1000000 -> "₹10,000.00". */
export function formatPaiseInFull(paise: Paise): string {
  checkPaise(paise);
  return rupeesAndPaise.format(rupeesFromPaise(paise));
}

/** Rupees as the API gives them (a number, perhaps with paise) -> "₹1,50,000.50". */
export function formatRupees(rupees: number): string {
  return formatPaise(paiseFromRupees(rupees));
}
