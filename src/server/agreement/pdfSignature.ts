/**
 * A PDF signature field (ISO 32000-1 §12.8, SubFilter adbe.pkcs7.detached) drawn empty into a pdfkit
 * document, and filled later: the byte range is every byte but the signature's own hex string, and
 * the signature is a detached CMS (PKCS#7) over those bytes. The drawing reserves the room, so signing
 * rewrites bytes in place and never moves an object (the cross-reference table stays right).
 */
import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;

/** Bytes reserved for the CMS: a 2048-bit RSA signature with two certificates needs about 2.5 KB. */
const SIGNATURE_ROOM = 8192;
/** The byte range's numbers before signing: names pdfkit writes as they are, long enough for any offset. */
const UNSET = '**********';
const BYTE_RANGE_PLACEHOLDER = `[0 /${UNSET} /${UNSET} /${UNSET}]`;

export interface SignatureField {
  /** Who is to sign, and why: shown by PDF readers in the signature panel. */
  name: string;
  reason: string;
  location: string;
}

/** Adds the empty signature field to the current page (call it once, before the document ends). */
export function signatureField(doc: Doc, field: SignatureField): void {
  const signature = doc.ref({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'adbe.pkcs7.detached',
    ByteRange: [0, UNSET, UNSET, UNSET],
    Contents: Buffer.alloc(SIGNATURE_ROOM),
    // String objects are written as PDF strings; plain strings would be names.
    Name: new String(field.name),
    Reason: new String(field.reason),
    Location: new String(field.location),
  });
  // pdfkit's page and catalog dictionaries are not in its types: the field is an invisible widget.
  const page = doc.page as unknown as { dictionary: unknown; annotations: unknown[] };
  const widget = doc.ref({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    Rect: [0, 0, 0, 0],
    V: signature,
    T: new String('Borrower signature'),
    F: 4,
    P: page.dictionary,
  });
  page.annotations.push(widget);
  // pdfkit's own form: it ends the form with the document. A signed document must not
  // ask readers to redraw its fields (NeedAppearances would change it after signing).
  doc.initForm();
  const form = (doc as unknown as { _root: { data: { AcroForm: { data: Record<string, unknown> } } } })._root.data
    .AcroForm.data;
  delete form.NeedAppearances;
  form.SigFlags = 3;
  (form.Fields as unknown[]).push(widget);
  // pdfkit ends only fields with kids itself. No chunk: a dictionary, not a stream (its types ask for one).
  widget.end(undefined);
  signature.end(undefined);
}

export class NotSignable extends Error {}

/** Where the signature goes: the hex string's first and last byte offsets (the angle brackets). */
function contentsOf(pdf: Buffer) {
  const range = pdf.lastIndexOf(`/ByteRange ${BYTE_RANGE_PLACEHOLDER}`, undefined, 'latin1');
  if (range < 0) throw new NotSignable('the PDF has no empty signature field');
  const open = pdf.indexOf('/Contents <', range, 'latin1') + '/Contents '.length;
  const close = pdf.indexOf('>', open, 'latin1');
  if (open < range || close < 0) throw new NotSignable('the signature field has no room for the signature');
  return { range: range + '/ByteRange '.length, open, close: close + 1 };
}

/** The bytes a signature of this prepared PDF covers, once its byte range is written. */
export function prepareToSign(document: Uint8Array): {
  pdf: Buffer;
  covered: Buffer;
  place: (cms: Uint8Array) => Uint8Array;
} {
  const pdf = Buffer.from(document);
  const { range, open, close } = contentsOf(pdf);
  const byteRange = `[0 ${open} ${close} ${pdf.length - close}]`;
  if (byteRange.length > BYTE_RANGE_PLACEHOLDER.length) throw new NotSignable('the PDF is too large to sign');
  pdf.write(byteRange.padEnd(BYTE_RANGE_PLACEHOLDER.length, ' '), range, 'latin1');
  const covered = Buffer.concat([pdf.subarray(0, open), pdf.subarray(close)]);
  return {
    pdf,
    covered,
    place(cms) {
      const hex = Buffer.from(cms).toString('hex');
      const room = close - open - 2;
      if (hex.length > room) throw new NotSignable('the signature is larger than the room kept for it');
      pdf.write(hex.padEnd(room, '0'), open + 1, 'latin1');
      return new Uint8Array(pdf);
    },
  };
}
