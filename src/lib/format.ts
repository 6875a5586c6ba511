/** Display formats for India: lakh/crore grouping, rupees, DD-MM-YYYY dates. */

const grouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const rupeesWithPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 150000 -> "1,50,000". */
export function formatNumber(value: number): string {
  return grouping.format(value);
}

/** Integer paise -> "₹1,50,000", or "₹1,50,000.50" when there are paise. */
export function formatPaise(paise: number): string {
  if (!Number.isInteger(paise)) throw new RangeError(`paise must be an integer, got ${paise}`);
  return paise % 100 === 0 ? rupees.format(paise / 100) : rupeesWithPaise.format(paise / 100);
}

/** Rupees as the API gives them (a number, perhaps with paise) -> "₹1,50,000.50". */
export function formatRupees(rupees: number): string {
  return formatPaise(Math.round(rupees * 100));
}

/** 0.25 -> "0.25%", 91.25 -> "91.25%", 2 -> "2%". */
export function formatPercent(value: number): string {
  return `${grouping.format(value)}%`;
}

// Dates are Indian dates wherever the code runs: a build server in another zone must not shift them.
const dateParts = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** Any date the API or content gives -> "DD-MM-YYYY" in India's time, or "NA" when it is not a valid date. */
export function formatDate(input: string | number | Date | null | undefined): string {
  if (input === null || input === undefined || input === '') return 'NA';
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return 'NA';
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    dateParts.formatToParts(date).find((p) => p.type === type)?.value;
  return `${part('day')}-${part('month')}-${part('year')}`;
}

/** A PAN with only its first 2 and last 1 characters shown: 'ABCPE1234F' -> 'AB*******F' (user-profile). */
export function maskPan(pan: string): string {
  if (pan.length < 4) return '*'.repeat(pan.length);
  return `${pan.slice(0, 2)}${'*'.repeat(pan.length - 3)}${pan.slice(-1)}`;
}
