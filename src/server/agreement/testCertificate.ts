/**
 * The e-sign sandbox's certificates (never a real signature): a test certificate authority and one signer
 * key, made at first use and kept in DATA_DIR/esign-sandbox (files 0600, git-ignored with the rest of
 * DATA_DIR; in memory for DATA_DIR=memory://), so agreements signed before a restart still verify
 * against the same authority. Each signature gets a certificate naming the signer, issued by that
 * authority, as an Aadhaar eSign provider issues one per signature. Keys are made by node:crypto;
 * node-forge writes the X.509 certificates.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
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

function newCaCertificate(caKeyPem: string): string {
  const key = forge.pki.privateKeyFromPem(caKeyPem) as forge.pki.rsa.PrivateKey;
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
  const signerKey = forge.pki.privateKeyFromPem(pem.signerKey) as forge.pki.rsa.PrivateKey;
  return {
    caKey: forge.pki.privateKeyFromPem(pem.caKey) as forge.pki.rsa.PrivateKey,
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
