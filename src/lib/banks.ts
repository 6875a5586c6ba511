/**
 * The bank of an IFSC code from its first four letters, shared by the server (stored with the
 * account) and the browser (named as the customer types the code). India's full IFSC directory is
 * not bundled (no licensed copy reachable here); the codes of the largest banks are, and the branch
 * is typed by the customer.
 */
const BANKS: Record<string, string> = {
  SBIN: 'State Bank of India',
  HDFC: 'HDFC Bank',
  ICIC: 'ICICI Bank',
  UTIB: 'Axis Bank',
  KKBK: 'Kotak Mahindra Bank',
  PUNB: 'Punjab National Bank',
  BARB: 'Bank of Baroda',
  CNRB: 'Canara Bank',
  UBIN: 'Union Bank of India',
  BKID: 'Bank of India',
  IDIB: 'Indian Bank',
  IOBA: 'Indian Overseas Bank',
  CBIN: 'Central Bank of India',
  MAHB: 'Bank of Maharashtra',
  UCBA: 'UCO Bank',
  PSIB: 'Punjab & Sind Bank',
  INDB: 'IndusInd Bank',
  YESB: 'Yes Bank',
  IDFB: 'IDFC First Bank',
  FDRL: 'Federal Bank',
  KARB: 'Karnataka Bank',
  SIBL: 'South Indian Bank',
  RATN: 'RBL Bank',
  AUBL: 'AU Small Finance Bank',
  BDBL: 'Bandhan Bank',
};

/** An IFSC: four letters (the bank), a zero, six letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

export function bankOfIfsc(ifsc: string): string | undefined {
  return BANKS[ifsc.slice(0, 4).toUpperCase()];
}
