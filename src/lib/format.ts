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

/** 0.25 -> "0.25%", 91.25 -> "91.25%", 2 -> "2%". */
export function formatPercent(value: number): string {
  return `${grouping.format(value)}%`;
}

/** Any date the API or content gives -> "DD-MM-YYYY", or "NA" when it is not a valid date. */
export function formatDate(input: string | number | Date | null | undefined): string {
  if (input === null || input === undefined || input === '') return 'NA';
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return 'NA';
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  return `${dd}-${mm}-${date.getFullYear()}`;
}
