/**
 * The single-document screens (product.md §2, §3, §4.7, product.md §5): one row per address
 * with the document's id for the single-document upload, the message when no file is chosen (word
 * for word, double spaces included), and where Back and the next step lead. The formats each
 * document takes are not here: they come from the shared list (src/lib/documents.ts) via the server.
 */
/** The messages of product.md §5 for a missing file, word for word. */
export const MISSING_FILE = {
  pan: 'Please select  pan image',
  /** The bank statement's message reads the same as the PAN's (product.md §5). */
  bankStatement: 'Please select  pan image',
  salarySlip: 'Please select salary slip',
  utilityBill: 'Please select  utility image',
} as const;

/** Customers applying again go back to the loan calculator after the utility bill (product.md §2). */
const REPEAT_TYPES = new Set(['REPEAT', 'UNPAID-REPEAT']);

export interface DocumentScreen {
  /** The single-document upload's docs_id (product.md §9). */
  docsId: 4 | 6 | 8 | 16;
  /** What the document's tile is called. */
  label: string;
  missing: string;
  intro: string;
  /** Said after the formats' hint. */
  hint?: string;
  back: string;
  /** The next screen, by the customer's user_type (Steps data, product.md §3). */
  next: (userType: string) => string;
}

export const DOCUMENT_SCREENS: Record<string, DocumentScreen> = {
  'pan-upload': {
    docsId: 4,
    label: 'PAN card',
    missing: MISSING_FILE.pan,
    intro: 'A clear picture of the front of your PAN card, with every letter readable.',
    back: 'adhar-upload',
    next: () => 'bank-upload',
  },
  'bank-upload': {
    docsId: 6,
    label: 'Bank statement',
    missing: MISSING_FILE.bankStatement,
    intro: 'The statement of the account your salary is paid into, for the last six months.',
    hint: 'It must cover the last six months.',
    back: 'pan-upload',
    next: () => 'upload-salaryslip',
  },
  'upload-salaryslip': {
    docsId: 16,
    label: 'Salary slip',
    missing: MISSING_FILE.salarySlip,
    intro: 'Your latest salary slip, as the PDF your employer gave you.',
    back: 'bank-upload',
    next: () => 'upload-utilitybill',
  },
  'upload-utilitybill': {
    docsId: 8,
    label: 'Utility bill',
    missing: MISSING_FILE.utilityBill,
    intro:
      'A recent electricity, water, gas or telephone bill for the address you live at: the PDF you were sent, or a photo of the paper bill.',
    back: 'upload-salaryslip',
    next: (userType) => (REPEAT_TYPES.has(userType) ? 'calculate-loan' : 'about-your-company'),
  },
};
