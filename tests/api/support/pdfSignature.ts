/**
 * A signed PDF's signature read and checked as a verifier does (issue 24): the signature dictionary's byte
 * range and detached CMS, the digest of the covered bytes, and the signer's key over the signed attributes.
 */
import { createHash, verify, X509Certificate } from 'node:crypto';
import forge from 'node-forge';

export interface PdfSignature {
  byteRange: [number, number, number, number];
  covered: Buffer;
  cms: Buffer;
}

/** The signature dictionary's byte range and CMS, read from the PDF as a verifier does. */
export function signatureOf(pdf: Uint8Array): PdfSignature {
  const bytes = Buffer.from(pdf);
  const text = bytes.toString('latin1');
  const match = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\s*\]/.exec(text);
  if (!match) throw new Error('no byte range');
  const byteRange = match.slice(1, 5).map(Number) as PdfSignature['byteRange'];
  const [start, length, next, rest] = byteRange;
  const covered = Buffer.concat([bytes.subarray(start, start + length), bytes.subarray(next, next + rest)]);
  // Between the two ranges: <hex>, the CMS padded with zeros.
  const hex = text.slice(start + length + 1, next - 1);
  return { byteRange, covered, cms: Buffer.from(hex, 'hex') };
}

/**
 * A detached CMS SignedData checked by hand: the signed attributes' message digest is the SHA-256 of the
 * covered bytes, and the signer's certificate's key verifies the signature over those attributes (DER,
 * as a SET). node-forge only reads the structure; node:crypto checks.
 */
export function verifySignature({ covered, cms }: PdfSignature) {
  // The CMS is followed by the zeros that pad its room: read one DER value (forge's types know only `strict`).
  const options = { parseAllBytes: false } as unknown as boolean;
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(cms.toString('binary')), options);
  const message = forge.pkcs7.messageFromAsn1(asn1) as forge.pkcs7.PkcsSignedData & {
    rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string };
  };
  const [signerCert, caCert] = message.certificates.map(
    (certificate) => new X509Certificate(forge.pki.certificateToPem(certificate)),
  );
  if (!signerCert || !caCert) throw new Error('the signature carries no certificates');
  const attributes = message.rawCapture.authenticatedAttributes;
  // Attribute ::= SEQUENCE { type OID, values SET OF value }: the messageDigest's one OCTET STRING.
  const children = (node: forge.asn1.Asn1 | undefined) => (node?.value ?? []) as forge.asn1.Asn1[];
  const digestAttribute = attributes.find(
    (attribute) => forge.asn1.derToOid(children(attribute)[0]?.value as string) === forge.pki.oids.messageDigest,
  );
  const digest = (children(children(digestAttribute)[1])[0]?.value ?? '') as string;
  const signedAttributes = forge.asn1.toDer(
    forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes),
  );
  const digestMatches = Buffer.from(digest, 'binary').equals(createHash('sha256').update(covered).digest());
  const signatureValid = verify(
    'sha256',
    Buffer.from(signedAttributes.getBytes(), 'binary'),
    signerCert.publicKey,
    Buffer.from(message.rawCapture.signature, 'binary'),
  );
  return { valid: digestMatches && signatureValid, signer: signerCert, issuer: caCert };
}
