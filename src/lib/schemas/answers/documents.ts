/** The documents' answers: check_customer_mandatory_documents and getKycDocuments (product.md §3). */
import * as v from 'valibot';

const format = v.picklist(['image', 'pdf']);

/** One document of the mandatory-document answer: the spec's four fields and what is on file. */
const MandatoryDocumentAnswer = v.strictObject({
  name: v.string(),
  /** The spec's one word (product.md §3): the document's usual format. */
  allowed_format: format,
  /** Every format the server takes for it (a utility bill: image or pdf). */
  allowed_formats: v.array(format),
  event_name: v.string(),
  doc_type: v.string(),
  docs_id: v.nullable(v.number()),
  uploaded: v.boolean(),
  /** When the stored file was taken (ISO 8601), or null. */
  uploaded_at: v.nullable(v.string()),
  /** The stored file's type, as the server read it from the bytes. */
  file_type: v.nullable(v.picklist(['jpeg', 'png', 'pdf'])),
  size_bytes: v.nullable(v.number()),
  /** A short-lived signed address of a stored picture, for its thumbnail; null for a PDF or nothing. */
  file_url: v.nullable(v.string()),
});

export const MandatoryDocumentsAnswer = v.array(MandatoryDocumentAnswer);

/** The kyc screen's answer: each identity item and loan document, and whether it is on file. */
export const KycDocumentsAnswer = v.strictObject({
  pan: v.strictObject({ verified: v.boolean() }),
  selfie: v.strictObject({ uploaded: v.boolean(), file_url: v.nullable(v.string()) }),
  /** The documents of the newest application; `requested` is false before one asks for them. */
  documents: v.array(v.strictObject({ ...MandatoryDocumentAnswer.entries, requested: v.boolean() })),
});
