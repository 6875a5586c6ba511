/**
 * The loan documents, one list for the server and the browser (product.md §3.8,
 * product.md §5, §9): what each is called, the registration event that takes it, the single-document upload's
 * docs_id, and the formats it may come in. The server builds its mandatory-document answer and its
 * checks from this list; the upload screens take their accept lists from that answer or, on a
 * single-document screen, from the same entry here.
 */

/** A document's formats: a picture (JPEG or PNG) or a PDF. */
export type DocumentFormat = 'image' | 'pdf';

export interface LoanDocument {
  doc_type: string;
  name: string;
  event_name: string;
  /** Every format the server takes for it, the usual one first (the spec's one-word `allowed_format`). */
  formats: readonly DocumentFormat[];
  /** The single-document upload's id (product.md §9), for the four documents it takes. */
  docs_id?: 4 | 6 | 8 | 16;
}

export const LOAN_DOCUMENTS: readonly LoanDocument[] = [
  { doc_type: 'aadhaar_front', name: 'Aadhaar card (front)', event_name: 'aadhaar_upload', formats: ['image'] },
  { doc_type: 'aadhaar_back', name: 'Aadhaar card (back)', event_name: 'aadhaar_upload', formats: ['image'] },
  { doc_type: 'pan', name: 'PAN card', event_name: 'pan_upload', formats: ['image'], docs_id: 4 },
  {
    doc_type: 'bank_statement',
    name: 'Bank statement (last six months)',
    event_name: 'bank_statement_upload',
    formats: ['pdf'],
    docs_id: 6,
  },
  { doc_type: 'salary_slip', name: 'Salary slip', event_name: 'pay_slip_upload', formats: ['pdf'], docs_id: 16 },
  // Most electricity, water and telephone bills arrive as PDFs by e-mail; a photo of a paper bill also does.
  {
    doc_type: 'utility_bill',
    name: 'Utility bill',
    event_name: 'residence_proof_upload',
    formats: ['image', 'pdf'],
    docs_id: 8,
  },
];

/** A repeat customer's identity and address are on file: only fresh income proof is asked for. */
export const REPEAT_DOC_TYPES: ReadonlySet<string> = new Set(['bank_statement', 'salary_slip']);

export const documentByDocsId = (docsId: number): LoanDocument | undefined =>
  LOAN_DOCUMENTS.find((doc) => doc.docs_id === docsId);

/** The stored file's type, as the server read it from the bytes. */
export type StoredFileType = 'jpeg' | 'png' | 'pdf';

/** One document of the mandatory-document answer: the spec's four fields and what is on file. */
export interface MandatoryDocument {
  name: string;
  /** The spec's one word (product.md §3): the document's usual format. */
  allowed_format: DocumentFormat;
  /** Every format the server takes for it (a utility bill: image or pdf). */
  allowed_formats: DocumentFormat[];
  event_name: string;
  doc_type: string;
  docs_id: number | null;
  uploaded: boolean;
  /** When the stored file was taken (ISO 8601), or null. */
  uploaded_at: string | null;
  file_type: StoredFileType | null;
  size_bytes: number | null;
  /** A short-lived signed address of a stored picture, for its thumbnail; null for a PDF or nothing. */
  file_url: string | null;
}

/** The kyc screen's answer: each identity item and loan document, and whether it is on file. */
export interface KycDocuments {
  pan: { verified: boolean };
  selfie: { uploaded: boolean; file_url: string | null };
  /** The documents of the newest application; `requested` is false before one asks for them. */
  documents: (MandatoryDocument & { requested: boolean })[];
}
