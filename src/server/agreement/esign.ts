/**
 * Signing the loan agreement through an e-sign provider (issue 24). Same shape as the PAN verifier
 * (src/server/kyc/panVerifier.ts): one interface, a sandbox and an HTTP adapter.
 *
 * An Aadhaar eSign service provider's flow: we send the document and the signer, it answers a request id
 * and the address its signing page has; the customer signs there (Aadhaar OTP) or declines, or lets the
 * request expire, and is sent back to us; we ask the request's status and, once signed, take the signed
 * PDF. The HTTP adapter is shaped like Digio's document API (POST /v2/client/document/uploadpdf with the
 * PDF in base64 and the signers, GET /v2/client/document/{id} for its status, GET
 * /v2/client/document/download?document_id= for the signed PDF, HTTP basic auth with the client id and
 * secret). The sandbox applies a real PDF signature (adbe.pkcs7.detached) with a test certificate made at
 * first use (src/server/agreement/testCertificate.ts); which outcome happens is chosen on its signing
 * page, so tests choose it too.
 */
import { randomUUID } from 'node:crypto';
import forge from 'node-forge';
import { prepareToSign } from './pdfSignature.ts';
import { type SigningIdentity, signerCertificate } from './testCertificate.ts';

export type SigningOutcome = 'signed' | 'declined' | 'expired';

export interface SigningAsk {
  /** Our reference (the agreement number): the provider keeps it with the request. */
  reference: string;
  /** The agreement as drawn, with its empty signature field. */
  document: Uint8Array;
  fileName: string;
  /** The borrower: their name as the certificate will carry it, and the mobile the provider's OTP goes to. */
  signer: { name: string; mobile: string };
  /** Where the provider sends the customer back after signing, declining or expiry. */
  returnUrl: string;
}

export type SigningStatus =
  | { status: 'pending' }
  | { status: 'signed'; document: Uint8Array; at: Date }
  | { status: 'declined' | 'expired'; at: Date };

export interface ESignProvider {
  readonly name: string;
  /** Creates a signing request: its id, and where the customer signs. */
  start(ask: SigningAsk): Promise<{ requestId: string; redirectUrl: string }>;
  status(requestId: string): Promise<SigningStatus>;
}

/** The provider could not be asked or gave an answer we cannot use: nothing is recorded, try again. */
export class ESignUnavailable extends Error {}

// --- the sandbox ----------------------------------------------------------------------------------

/** Where the sandbox's signing page is, on the API's own origin (sandbox routes: src/server/sandbox/esign.ts). */
export const ESIGN_SANDBOX_PATH = '/__sandbox/esign';

interface SandboxRequest extends SigningAsk {
  outcome: { status: SigningOutcome; at: Date; document?: Uint8Array } | null;
}

export interface SandboxESign extends ESignProvider {
  readonly name: 'sandbox';
  /** The signing page's choice: signs with the test certificate, declines or lets the request expire. */
  decide(requestId: string, outcome: SigningOutcome): Promise<{ returnUrl: string } | undefined>;
  /** The request as the signing page shows it. */
  request(requestId: string): { reference: string; signer: string; decided: boolean } | undefined;
}

/** The sandbox: requests kept in memory (one process), signed under `identity()`'s test certificate authority. */
export function sandboxESign(options: { identity: () => Promise<SigningIdentity>; now: () => Date }): SandboxESign {
  const requests = new Map<string, SandboxRequest>();
  return {
    name: 'sandbox',
    async start(ask) {
      const requestId = `SBX-${randomUUID()}`;
      requests.set(requestId, { ...ask, outcome: null });
      return { requestId, redirectUrl: `${ESIGN_SANDBOX_PATH}/${requestId}` };
    },
    async status(requestId) {
      const found = requests.get(requestId);
      if (!found) throw new ESignUnavailable('e-sign sandbox: no such request');
      const { outcome } = found;
      if (!outcome) return { status: 'pending' };
      if (outcome.status === 'signed')
        return { status: 'signed', document: outcome.document as Uint8Array, at: outcome.at };
      return { status: outcome.status, at: outcome.at };
    },
    request(requestId) {
      const found = requests.get(requestId);
      return found && { reference: found.reference, signer: found.signer.name, decided: found.outcome !== null };
    },
    async decide(requestId, status) {
      const found = requests.get(requestId);
      if (!found || found.outcome) return undefined;
      const at = options.now();
      const document =
        status === 'signed' ? sign(found.document, found.signer.name, await options.identity(), at) : undefined;
      found.outcome = { status, at, ...(document && { document }) };
      return { returnUrl: found.returnUrl };
    },
  };
}

/** A detached CMS SignedData (SHA-256, RSA) over the PDF's byte range, with the signer's and the CA's certificates. */
function sign(document: Uint8Array, signerName: string, identity: SigningIdentity, at: Date): Uint8Array {
  const prepared = prepareToSign(document);
  const certificate = signerCertificate(identity, signerName, at);
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(prepared.covered.toString('binary'));
  p7.addCertificate(certificate);
  p7.addCertificate(identity.caCertificate);
  p7.addSigner({
    key: identity.signerKey,
    certificate,
    digestAlgorithm: forge.pki.oids.sha256 as string,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType as string, value: forge.pki.oids.data as string },
      { type: forge.pki.oids.messageDigest as string },
      { type: forge.pki.oids.signingTime as string, value: at as unknown as string },
    ],
  });
  p7.sign({ detached: true });
  const der = forge.asn1.toDer(p7.toAsn1()).getBytes();
  return prepared.place(Buffer.from(der, 'binary'));
}

// --- the HTTP adapter -----------------------------------------------------------------------------

export interface ESignHttpSettings {
  /** The provider's API, e.g. https://api.digio.in */
  url: string;
  /** Its signing page, e.g. https://app.digio.in: the customer is sent to {gatewayUrl}/#/gateway/login/{id}/{txn}/{mobile}. */
  gatewayUrl: string;
  clientId: string;
  clientSecret: string;
}

/** Requests the customer does not sign within this many days expire at the provider. */
const EXPIRE_IN_DAYS = 2;

export function httpESign(settings: ESignHttpSettings, fetchImpl: typeof fetch = fetch): ESignProvider {
  const auth = `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64')}`;
  const call = async (path: string, init: RequestInit = {}) => {
    let response: Response;
    try {
      response = await fetchImpl(`${settings.url.replace(/\/+$/, '')}${path}`, {
        ...init,
        headers: { Authorization: auth, 'Content-Type': 'application/json', ...init.headers },
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      throw new ESignUnavailable(`e-sign provider unreachable: ${(error as Error).name}`);
    }
    if (!response.ok) throw new ESignUnavailable(`e-sign provider answered ${response.status}`);
    return response;
  };
  return {
    name: 'http',
    async start(ask) {
      const response = await call('/v2/client/document/uploadpdf', {
        method: 'POST',
        body: JSON.stringify({
          signers: [
            { identifier: ask.signer.mobile, name: ask.signer.name, reason: 'Loan agreement', sign_type: 'aadhaar' },
          ],
          expire_in_days: EXPIRE_IN_DAYS,
          display_on_page: 'last',
          notify_signers: false,
          send_sign_link: false,
          file_name: ask.fileName,
          file_data: Buffer.from(ask.document).toString('base64'),
          customer_reference: ask.reference,
        }),
      });
      const body = (await response.json().catch(() => ({}))) as { id?: string };
      if (!body.id) throw new ESignUnavailable('e-sign provider gave no request id');
      const back = new URLSearchParams({ redirect_url: ask.returnUrl });
      return {
        requestId: body.id,
        redirectUrl: `${settings.gatewayUrl.replace(/\/+$/, '')}/#/gateway/login/${encodeURIComponent(body.id)}/${randomUUID()}/${encodeURIComponent(ask.signer.mobile)}?${back}`,
      };
    },
    async status(requestId) {
      const response = await call(`/v2/client/document/${encodeURIComponent(requestId)}`);
      const body = (await response.json().catch(() => ({}))) as {
        agreement_status?: string;
        signing_parties?: { status?: string; updated_at?: string }[];
      };
      const party = body.signing_parties?.[0];
      const at = party?.updated_at ? new Date(party.updated_at) : new Date();
      if (body.agreement_status === 'completed') {
        const file = await call(`/v2/client/document/download?document_id=${encodeURIComponent(requestId)}`, {
          headers: { Accept: 'application/pdf' },
        });
        const document = new Uint8Array(await file.arrayBuffer());
        if (!Buffer.from(document.subarray(0, 5)).toString('latin1').startsWith('%PDF-')) {
          throw new ESignUnavailable('e-sign provider gave a signed document that is not a PDF');
        }
        return { status: 'signed', document, at };
      }
      if (body.agreement_status === 'expired') return { status: 'expired', at };
      if (party?.status === 'rejected' || body.agreement_status === 'rejected') return { status: 'declined', at };
      if (body.agreement_status === 'requested') return { status: 'pending' };
      throw new ESignUnavailable('e-sign provider gave a status we do not know');
    },
  };
}
