/**
 * The e-sign sandbox's certificates (never a real signature): a test certificate authority and one signer
 * key, made at first use and kept in DATA_DIR/esign-sandbox (files 0600, git-ignored with the rest of
 * DATA_DIR; in memory for DATA_DIR=memory://), so agreements signed before a restart still verify
 * against the same authority. Each signature gets a certificate naming the signer, issued by that
 * authority, as an Aadhaar eSign provider issues one per signature. Keys are made and used by
 * node:crypto; node-forge writes the X.509 certificates and the CMS structure around the signatures.
 */
import { constants, createPrivateKey, generateKeyPairSync, privateEncrypt, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import forge from 'node-forge';

export interface SigningIdentity {
  caKey: forge.pki.rsa.PrivateKey;
  caCertificate: forge.pki.Certificate;
  signerKey: forge.pki.rsa.PrivateKey;
  signerPublicKey: forge.pki.rsa.PublicKey;
}

const CA_NAME = [
  { shortName: 'CN', value: 'Kosh Credit e-sign sandbox CA (test only, not a real signature)' },
  { shortName: 'O', value: 'Kosh Credit sandbox' },
  { shortName: 'C', value: 'IN' },
];

const newKey = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;

/** DER of DigestInfo's head for SHA-256 (RFC 8017 §9.2 note 1): the digest's 32 bytes follow it. */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/**
 * The key as node-forge reads it, its private operation done by node:crypto: forge's own RSA is
 * big-number arithmetic in JavaScript, about 0.1 s of CPU a signature and two per signed agreement.
 * Forge asks only `sign(md)` of a key when it signs a certificate or a CMS signer (RSASSA-PKCS1-v1_5:
 * the DigestInfo padded with block type 1 and raised to the private exponent, which is what
 * privateEncrypt with PKCS#1 padding does).
 */
function signingKey(pem: string): forge.pki.rsa.PrivateKey {
  const key = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
  const nodeKey = createPrivateKey(pem);
  key.sign = (md: forge.md.MessageDigest, scheme?: unknown) => {
    if (md.algorithm !== 'sha256' || (scheme !== undefined && scheme !== 'RSASSA-PKCS1-V1_5')) {
      throw new Error(`signingKey signs SHA-256 with RSASSA-PKCS1-v1_5 only, not ${md.algorithm}`);
    }
    const digestInfo = Buffer.concat([SHA256_DIGEST_INFO, Buffer.from(md.digest().getBytes(), 'binary')]);
    return privateEncrypt({ key: nodeKey, padding: constants.RSA_PKCS1_PADDING }, digestInfo).toString('binary');
  };
  return key;
}

function newCaCertificate(caKeyPem: string): string {
  const key = signingKey(caKeyPem);
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  certificate.serialNumber = `01${randomBytes(8).toString('hex')}`;
  certificate.validity.notBefore = new Date(Date.UTC(2020, 0, 1));
  certificate.validity.notAfter = new Date(Date.UTC(2045, 0, 1));
  certificate.setSubject(CA_NAME);
  certificate.setIssuer(CA_NAME);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  ]);
  certificate.sign(key, forge.md.sha256.create());
  return forge.pki.certificateToPem(certificate);
}

function identityOf(pem: { caKey: string; caCertificate: string; signerKey: string }): SigningIdentity {
  const signerKey = signingKey(pem.signerKey);
  return {
    caKey: signingKey(pem.caKey),
    caCertificate: forge.pki.certificateFromPem(pem.caCertificate),
    signerKey,
    signerPublicKey: forge.pki.setRsaPublicKey(signerKey.n, signerKey.e),
  };
}

/**
 * The sandbox's identity, made once per process and kept in `dir` (null: in memory only). Concurrent
 * first uses share one promise.
 */
export function sandboxIdentity(dir: string | null): () => Promise<SigningIdentity> {
  let made: Promise<SigningIdentity> | undefined;
  const load = async () => {
    const files = dir && {
      caKey: join(dir, 'ca-key.pem'),
      caCertificate: join(dir, 'ca.pem'),
      signerKey: join(dir, 'signer-key.pem'),
    };
    if (files) {
      try {
        const [caKey, caCertificate, signerKey] = await Promise.all(
          [files.caKey, files.caCertificate, files.signerKey].map((file) => readFile(file, 'utf8')),
        );
        return identityOf({
          caKey: caKey as string,
          caCertificate: caCertificate as string,
          signerKey: signerKey as string,
        });
      } catch {
        // Not made yet: made below.
      }
    }
    const caKey = newKey();
    const pem = { caKey, caCertificate: newCaCertificate(caKey), signerKey: newKey() };
    if (files) {
      await mkdir(dir as string, { recursive: true, mode: 0o700 });
      for (const name of ['caKey', 'caCertificate', 'signerKey'] as const) {
        await writeFile(files[name], pem[name], { mode: 0o600 });
      }
    }
    return identityOf(pem);
  };
  return () => {
    made ??= load();
    return made;
  };
}

/** A certificate for one signature: the signer's name, issued by the sandbox authority, valid from `at` for a year. */
export function signerCertificate(identity: SigningIdentity, name: string, at: Date): forge.pki.Certificate {
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = identity.signerPublicKey;
  certificate.serialNumber = `01${randomBytes(8).toString('hex')}`;
  certificate.validity.notBefore = new Date(at.getTime() - 60_000);
  certificate.validity.notAfter = new Date(at.getTime() + 365 * 86_400_000);
  certificate.setSubject([
    { shortName: 'CN', value: name },
    { shortName: 'O', value: 'Aadhaar eSign (sandbox, not a real signature)' },
    { shortName: 'C', value: 'IN' },
  ]);
  certificate.setIssuer(identity.caCertificate.subject.attributes);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
  ]);
  certificate.sign(identity.caKey, forge.md.sha256.create());
  return certificate;
}
