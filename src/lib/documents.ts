/**
 * The loan documents, one list for the server and the browser (product.md §3.8,
 * product.md §5, §9): what each is called, the registration event that takes it, the single-document upload's
 * docs_id, and the formats it may come in. The server builds its mandatory-document answer and its
 * checks from this list; the upload screens take their accept lists from that answer or, on a
 * single-document screen, from the same entry here.
 */
import type * as v from 'valibot';
import type { KycDocumentsAnswer, MandatoryDocumentsAnswer } from './schemas/answers/documents.ts';

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

/** The documents' answers' types come from their schemas (src/lib/schemas/answers/documents.ts). */
export type MandatoryDocument = v.InferOutput<typeof MandatoryDocumentsAnswer>[number];
export type KycDocuments = v.InferOutput<typeof KycDocumentsAnswer>;
/** The stored file's type, as the server read it from the bytes. */
export type StoredFileType = NonNullable<MandatoryDocument['file_type']>;
