/** Display formats for India: lakh/crore grouping, percentages, DD-MM-YYYY dates (money: src/lib/money.ts). */

const grouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** 150000 -> "1,50,000". */
export function formatNumber(value: number): string {
  return grouping.format(value);
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

/** An instant -> "26-11-2026 02:57 pm", India's date and time (a consent given, a staff action). */
export function formatDateTime(input: string | number | Date): string {
  const date = input instanceof Date ? input : new Date(input);
  const time = date.toLocaleTimeString('en-IN', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit' });
  return `${formatDate(date)} ${time}`;
}
