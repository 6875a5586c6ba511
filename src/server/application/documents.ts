/**
 * The documents a loan application needs (dashboard.md §2, §3, §5): which ones the policy asks of
 * this customer, and taking each upload. Types are read from the bytes; an Aadhaar number is never
 * kept beyond its last four digits (decisions.md §8).
 */
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../context.ts';
import { type Database, queryRows, type Transaction } from '../db/client.ts';
import type { leads } from '../db/schema.ts';
import { crashPoint } from '../faults.ts';
import { ApiError, ok } from '../http/respond.ts';
import { ownCustomer } from '../profile/events.ts';
import { defineEvent } from '../registration/events.ts';
import { checkUploadedPdf, storeUpload } from '../storage/uploads.ts';

type Lead = typeof leads.$inferSelect;

export interface MandatoryDocument {
  name: string;
  allowed_format: 'image' | 'pdf';
  event_name: string;
  doc_type: string;
  uploaded: boolean;
}

const ALL: Omit<MandatoryDocument, 'uploaded'>[] = [
  { name: 'Aadhaar card (front)', allowed_format: 'image', event_name: 'aadhaar_upload', doc_type: 'aadhaar_front' },
  { name: 'Aadhaar card (back)', allowed_format: 'image', event_name: 'aadhaar_upload', doc_type: 'aadhaar_back' },
  { name: 'PAN card', allowed_format: 'image', event_name: 'pan_upload', doc_type: 'pan' },
  {
    name: 'Bank statement (last six months)',
    allowed_format: 'pdf',
    event_name: 'bank_statement_upload',
    doc_type: 'bank_statement',
  },
  { name: 'Salary slip', allowed_format: 'pdf', event_name: 'pay_slip_upload', doc_type: 'salary_slip' },
  { name: 'Utility bill', allowed_format: 'image', event_name: 'residence_proof_upload', doc_type: 'utility_bill' },
];
/** A repeat customer's identity and address are on file: only fresh income proof is asked for. */
const REPEAT = new Set(['bank_statement', 'salary_slip']);

/** The single-document upload's docs_id (dashboard.md §3). */
export const DOCS_ID: Record<number, string> = { 4: 'pan', 16: 'salary_slip', 8: 'utility_bill', 6: 'bank_statement' };

export async function mandatoryDocuments(
  c: Context<AppEnv>,
  lead: Lead,
  db: Database | Transaction = c.get('deps').db,
): Promise<MandatoryDocument[]> {
  const rows = await queryRows<{ doc_type: string }>(
    db,
    sql`select doc_type from lead_documents where lead_id = ${lead.id}`,
  );
  const uploaded = new Set(rows.map((row) => row.doc_type));
  return ALL.filter((doc) => lead.userType === 'NEW' || REPEAT.has(doc.doc_type)).map((doc) => ({
    ...doc,
    uploaded: uploaded.has(doc.doc_type),
  }));
}

/** The browser sends "N/A" when the customer gave no password (dashboard.md §3). */
const NO_PASSWORD = new Set(['', 'N/A']);

/**
 * An encrypted PDF is taken only with a password that opens it (the user's or the owner's), so
 * staff are never left with a document nobody can read. Answers the note kept with the document;
 * the password itself is never kept or logged.
 */
async function checkProtection(c: Context<AppEnv>, bytes: Uint8Array, password: string): Promise<string | null> {
  // In the upload check workers: a PDF's shape can never hold this thread (issue 13).
  const check = await checkUploadedPdf(c, bytes, password);
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

/** The messages of dashboard.md §5 for a missing file, word for word (double spaces included). */
const MISSING_FILE: Record<string, string> = {
  pan: 'Please select  pan image',
  bank_statement: 'Please select  pan image',
  salary_slip: 'Please select salary slip',
  utility_bill: 'Please select  utility image',
};

/**
 * Stores one document of the lead, replacing an earlier upload of the same type. The step the
 * document completes (`advance`) is written in the same transaction as its row: after a crash the
 * application shows both or neither.
 */
export async function saveDocument<Step>(
  c: Context<AppEnv>,
  lead: Lead,
  docType: string,
  file: string,
  password: string,
  options: {
    event?: string;
    aadhaarLast4?: string | undefined;
    advance?: (tx: Transaction) => Promise<Step>;
  } = {},
) {
  const doc = (await mandatoryDocuments(c, lead)).find((d) => d.doc_type === docType);
  if (!doc) throw new ApiError(400, 'This document is not needed for your application.', 'unknown_document');
  if (options.event && doc.event_name !== options.event) {
    throw new ApiError(400, 'This document belongs to another step.', 'unknown_document');
  }
  const missing = MISSING_FILE[docType] ?? 'Please upload all required documents.';
  let protection: string | null = null;
  const stored = await storeUpload(
    c,
    lead.customerId,
    `document-${docType.replaceAll('_', '-')}`,
    file,
    doc.allowed_format === 'pdf' ? ['pdf'] : ['jpeg', 'png'],
    missing,
    async (bytes, type) => {
      if (type === 'pdf') protection = await checkProtection(c, bytes, password);
    },
  );
  const note =
    docType.startsWith('aadhaar') && options.aadhaarLast4 ? `Aadhaar ending ${options.aadhaarLast4}` : protection;
  const step = await c.get('deps').db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into lead_documents (lead_id, doc_type, file_id, note, uploaded_at)
          values (${lead.id}, ${docType}, ${stored.id}, ${note}, ${c.get('deps').now()})
          on conflict (lead_id, doc_type) do update set file_id = excluded.file_id, note = excluded.note, uploaded_at = excluded.uploaded_at`,
    );
    crashPoint('document.recorded');
    return options.advance?.(tx);
  });
  return { doc, step };
}

const DocumentRequest = (event: string) =>
  v.object({
    event_name: v.literal(event),
    profile_id: v.optional(v.pipe(v.string(), v.uuid())),
    doc_type: v.string('doc_type is required'),
    file: v.string('Please upload all required documents.'),
    file_ext: v.optional(v.string()),
    password: v.optional(v.string(), 'N/A'),
    /** Aadhaar only: the last four digits, never the whole number. */
    aadhaar_last4: v.optional(
      v.pipe(v.string(), v.regex(/^\d{4}$/, 'Give only the last four digits of the Aadhaar number.')),
    ),
  });

type RequireLead = (c: Context<AppEnv>, customer: Awaited<ReturnType<typeof ownCustomer>>) => Promise<Lead>;
type Advance = (
  c: Context<AppEnv>,
  lead: Lead,
  tx: Transaction,
) => Promise<{ next_step: string; step_percentage: number; lead_id: number }>;

export function documentEvents(requireLead: RequireLead, advance: Advance) {
  const events = ['aadhaar_upload', 'pan_upload', 'bank_statement_upload', 'pay_slip_upload', 'residence_proof_upload'];
  return Object.fromEntries(
    events.map((event) => [
      event,
      defineEvent({
        auth: 'session',
        schema: DocumentRequest(event),
        async handle(c, input) {
          const customer = await ownCustomer(c, input.profile_id);
          const lead = await requireLead(c, customer);
          const { doc, step } = await saveDocument(c, lead, input.doc_type, input.file, input.password, {
            event,
            aadhaarLast4: input.aadhaar_last4,
            advance: (tx) => advance(c, lead, tx),
          });
          return ok(c, step ?? {}, `${doc.name} uploaded.`);
        },
      }),
    ]),
  );
}
