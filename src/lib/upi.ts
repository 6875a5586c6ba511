/** UPI deep links (NPCI's `upi://pay` scheme), as encoded in the bank-transfer QR codes. */
export interface UpiPayee {
  upiId: string;
  name: string;
  /** A note the payer's app pre-fills, e.g. "Loan repayment". */
  note?: string;
}

export function upiPayUri({ upiId, name, note }: UpiPayee): string {
  const params = [`pa=${encodeURIComponent(upiId)}`, `pn=${encodeURIComponent(name)}`, 'cu=INR'];
  if (note) params.push(`tn=${encodeURIComponent(note)}`);
  return `upi://pay?${params.join('&')}`;
}
