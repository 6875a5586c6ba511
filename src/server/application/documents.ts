/**
 * The documents a loan application needs (product.md §2, §3, §5): which ones the policy asks of
 * this customer, and taking each upload. Types are read from the bytes; an Aadhaar number is never
 * kept beyond its last four digits, in the masked form "XXXX XXXX 1234" (product.md §10.8).
 */

import * as v from 'valibot';
import { AADHAAR_GIVEN, maskAadhaar } from '../../lib/aadhaar.ts';
import {
  type DocumentFormat,
  type KycDocuments,
  LOAN_DOCUMENTS,
  type LoanDocument,
  type MandatoryDocument,
  REPEAT_DOC_TYPES,
  type StoredFileType,
} from '../../lib/documents.ts';
import { DocumentAnswer } from '../../lib/schemas/answers/application.ts';
import { signedInCustomer } from '../customers/session.ts';
import type { Customer } from '../customers/store.ts';
import type { Database, Transaction } from '../db/client.ts';
import { crashPoint } from '../dev/faults.ts';
import { ApiError } from '../http/respond.ts';
import type { RequestScope } from '../http/scope.ts';
import {
  fileLeadDocument,
  type Lead,
  newestLeadOf,
  openLeadOf,
  type StoredDocument,
  storedDocuments,
} from '../leads/store.ts';
import { answer, defineEvent, type EventCall } from '../registration/events.ts';
import { fileUrl } from '../storage/files.ts';
import type { FileType } from '../storage/fileType.ts';
import { checkUploadedPdf, discardUnusedFile, storeUpload } from '../storage/uploads.ts';
import { changeOpenApplication, requireAllowed } from './lifecycle.ts';

/** The file types the server takes for each format of the shared list. */
const FILE_TYPES: Record<DocumentFormat, FileType[]> = { image: ['jpeg', 'png'], pdf: ['pdf'] };
const TYPE_OF_CONTENT: Record<string, StoredFileType> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

/** The single-document upload's docs_id (product.md §3). */
export const DOCS_ID: Record<number, string> = Object.fromEntries(
  LOAN_DOCUMENTS.filter((doc) => doc.docs_id).map((doc) => [doc.docs_id, doc.doc_type]),
);

/** The documents the policy asks of a lead: every one for a new customer, income proof for a repeat one. */
export const requestedDocuments = (lead: Pick<Lead, 'userType'>): LoanDocument[] =>
  LOAN_DOCUMENTS.filter((doc) => lead.userType === 'NEW' || REPEAT_DOC_TYPES.has(doc.doc_type));

/** One document of the answer: the list's entry with what is on file (a signed address for a picture). */
function documentState(scope: RequestScope, doc: LoanDocument, row: StoredDocument | undefined): MandatoryDocument {
  const fileType = row ? (TYPE_OF_CONTENT[row.content_type] ?? null) : null;
  return {
    name: doc.name,
    allowed_format: doc.formats[0] as DocumentFormat,
    allowed_formats: [...doc.formats],
    event_name: doc.event_name,
    doc_type: doc.doc_type,
    docs_id: doc.docs_id ?? null,
    uploaded: Boolean(row),
    uploaded_at: row ? new Date(row.uploaded_at).toISOString() : null,
    file_type: fileType,
    size_bytes: row ? Number(row.size_bytes) : null,
    // PDFs are only ever downloaded (decisions.md "Upload security"), so only pictures get an address to show.
    file_url: row && fileType !== 'pdf' ? fileUrl(scope, row.file_id) : null,
  };
}

export async function mandatoryDocuments(
  scope: RequestScope,
  lead: Lead,
  db: Database | Transaction = scope.deps.db,
): Promise<MandatoryDocument[]> {
  const stored = await storedDocuments(db, lead.id);
  return requestedDocuments(lead).map((doc) => documentState(scope, doc, stored.get(doc.doc_type)));
}

/**
 * The kyc screen (issue 14): PAN and selfie, and every loan document with the newest application's
 * state of it: asked for or not, on file or not, since when and as what.
 */
export async function kycDocuments(scope: RequestScope, customer: Customer): Promise<KycDocuments> {
  const { db } = scope.deps;
  const lead = await newestLeadOf(db, customer.id);
  const stored = lead ? await storedDocuments(db, lead.id) : new Map<string, StoredDocument>();
  const requested = new Set(lead ? requestedDocuments(lead).map((doc) => doc.doc_type) : []);
  return {
    pan: { verified: Boolean(customer.pancard) },
    selfie: {
      uploaded: Boolean(customer.selfieFileId),
      file_url: customer.selfieFileId ? fileUrl(scope, customer.selfieFileId) : null,
    },
    documents: LOAN_DOCUMENTS.map((doc) => ({
      ...documentState(scope, doc, stored.get(doc.doc_type)),
      requested: requested.has(doc.doc_type),
    })),
  };
}

/** The browser sends "N/A" when the customer gave no password (product.md §3). */
const NO_PASSWORD = new Set(['', 'N/A']);

/**
 * An encrypted PDF is taken only with a password that opens it (the user's or the owner's), so
 * staff are never left with a document nobody can read. Answers the note kept with the document;
 * the password itself is never kept or logged.
 */
async function checkProtection(scope: RequestScope, bytes: Uint8Array, password: string): Promise<string | null> {
  // In the upload check workers: a PDF's shape can never hold this thread (issue 13).
  const check = await checkUploadedPdf(scope, bytes, password);
  switch (check.result) {
    case 'not_encrypted':
      return null;
    case 'opens_without_password':
      return 'Encrypted PDF that opens without a password';
    case 'accepted':
      return 'Password-protected PDF: the password was checked and not kept';
    case 'wrong_password':
      if (NO_PASSWORD.has(password)) {
        throw new ApiError(
          400,
          'This PDF is protected by a password. Enter the password and upload it again.',
          'pdf_password_required',
        );
      }
      throw new ApiError(400, 'The password for this PDF is not correct.', 'pdf_password_wrong');
    case 'unsupported':
      throw new ApiError(
        400,
        'This PDF is protected in a way we cannot open. Please upload a copy without the protection.',
        'pdf_protection_unsupported',
      );
    case 'unreadable':
      throw new ApiError(
        400,
        'This PDF could not be read. Please save it again and upload the copy.',
        'pdf_unreadable',
      );
  }
}

/** The messages of product.md §5 for a missing file, word for word (double spaces included). */
const MISSING_FILE: Record<string, string> = {
  pan: 'Please select  pan image',
  bank_statement: 'Please select  pan image',
  salary_slip: 'Please select salary slip',
  utility_bill: 'Please select  utility image',
};

/**
 * Stores one document of the customer's open application, replacing an earlier upload of the same
 * type. The file is stored first; its row and the step it completes (`advance`) are then written
 * under the lead's lock, only while the customer may still change the application (lifecycle.ts),
 * so after a crash the application shows both or neither. A refused or failed write discards the
 * new file; a replaced file is discarded once no decision rests on it (storage/uploads.ts).
 */
export async function saveDocument<Step>(
  scope: RequestScope,
  customer: Pick<Customer, 'id'>,
  docType: string,
  file: string,
  password: string,
  options: {
    event?: string;
    /** Aadhaar only: the number in its masked form (XXXX XXXX 1234), never the whole number. */
    aadhaarMasked?: string | undefined;
    /** The single-document upload names the application: it must be the customer's open one. */
    leadId?: number;
    advance?: (tx: Transaction, lead: Lead) => Promise<Step>;
  } = {},
) {
  const { deps } = scope;
  const seen = await openLeadOf(deps.db, customer.id);
  if (options.leadId !== undefined && seen?.id !== options.leadId)
    throw new ApiError(403, 'This application does not belong to the signed-in customer.', 'forbidden');
  if (!seen) throw new ApiError(409, 'Start your loan application with the loan calculator first.', 'no_application');
  // Refused before any file is stored when the application is already past changing.
  requireAllowed(seen, 'change');
  const doc = (await mandatoryDocuments(scope, seen)).find((d) => d.doc_type === docType);
  if (!doc) throw new ApiError(400, 'This document is not needed for your application.', 'unknown_document');
  if (options.event && doc.event_name !== options.event) {
    throw new ApiError(400, 'This document belongs to another step.', 'unknown_document');
  }
  const missing = MISSING_FILE[docType] ?? 'Please upload all required documents.';
  let protection: string | null = null;
  const stored = await storeUpload(
    deps,
    seen.customerId,
    `document-${docType.replaceAll('_', '-')}`,
    file,
    doc.allowed_formats.flatMap((format) => FILE_TYPES[format]),
    missing,
    async (bytes, type) => {
      if (type === 'pdf') protection = await checkProtection(scope, bytes, password);
    },
  );
  const note = docType.startsWith('aadhaar') && options.aadhaarMasked ? `Aadhaar ${options.aadhaarMasked}` : protection;
  let written: { step: Step | undefined; replaced: string | undefined };
  try {
    written = await changeOpenApplication(deps.db, customer.id, 'change', async (tx, lead) => {
      if (lead.id !== seen.id) throw new ApiError(409, 'Your application changed. Please refresh.', 'conflict');
      const replaced = (await storedDocuments(tx, lead.id)).get(docType)?.file_id;
      await fileLeadDocument(tx, { leadId: lead.id, docType, fileId: stored.id, note, now: deps.now() });
      crashPoint('document.recorded');
      return { step: await options.advance?.(tx, lead), replaced };
    });
  } catch (error) {
    await discardUnusedFile(deps, stored.id);
    throw error;
  }
  if (written.replaced) await discardUnusedFile(deps, written.replaced);
  return { doc, step: written.step };
}

const AADHAAR_INVALID = 'Give only the last four digits of the Aadhaar number.';

const DocumentRequest = (event: string) =>
  v.object({
    event_name: v.literal(event),
    profile_id: v.optional(v.pipe(v.string(), v.uuid())),
    doc_type: v.string('doc_type is required'),
    file: v.string('Please upload all required documents.'),
    file_ext: v.optional(v.string()),
    password: v.optional(v.string(), 'N/A'),
    /**
     * Aadhaar only: the last four digits. A whole or masked number is taken too, and masked here,
     * before anything stores or logs it (decisions.md "Aadhaar, masked").
     */
    aadhaar_last4: v.optional(
      v.pipe(
        v.string(),
        v.regex(AADHAAR_GIVEN, AADHAAR_INVALID),
        v.description(
          'The last four digits, or the whole or masked number (kept only as XXXX XXXX and its last four).',
        ),
        v.transform(maskAadhaar),
        v.string(AADHAAR_INVALID),
      ),
    ),
  });

type Advance = (
  call: EventCall,
  lead: Lead,
  tx: Transaction,
) => Promise<{ next_step: string; step_percentage: number; lead_id: number }>;

export function documentEvents(advance: Advance) {
  const events = ['aadhaar_upload', 'pan_upload', 'bank_statement_upload', 'pay_slip_upload', 'residence_proof_upload'];
  return Object.fromEntries(
    events.map((event) => [
      event,
      defineEvent({
        auth: 'session',
        schema: DocumentRequest(event),
        answer: DocumentAnswer,
        async handle(call, input) {
          const customer = await signedInCustomer(call, input.profile_id);
          const { doc, step } = await saveDocument(call, customer, input.doc_type, input.file, input.password, {
            event,
            aadhaarMasked: input.aadhaar_last4,
            advance: (tx, lead) => advance(call, lead, tx),
          });
          return answer(step ?? {}, `${doc.name} uploaded.`);
        },
      }),
    ]),
  );
}
