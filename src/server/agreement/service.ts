/**
 * The loan agreement of an application (issue 24; docs/decisions.md "The loan agreement, e-signed"): drawn
 * once from the accepted Key Fact Statement and kept as drawn, sent to the e-sign provider at the
 * customer's request, and its outcome read back from the provider when the customer returns. The
 * signature is recorded as the customer's consent (agreement_signature, the drawn PDF's SHA-256) in the
 * transaction that records the signed agreement. The provider is called outside any transaction; what
 * it answers is recorded under the agreement's lock, compared with the version read before.
 */
import { createHash } from 'node:crypto';
import { type AgreementState, agreementFileName, agreementNumber, NO_AGREEMENT } from '../../lib/agreement.ts';
import type { DocumentLanguage } from '../../lib/documentText/languages.ts';
import type { KeyFactStatement } from '../../lib/kfs.ts';
import type { Deps } from '../app/context.ts';
import type { Logger } from '../app/logger.ts';
import { LifecycleConflict } from '../application/lifecycle.ts';
import { sitePageUrl } from '../config/publicUrls.ts';
import { type ConsentSource, recordConsent } from '../consents/service.ts';
import type { Customer } from '../customers/store.ts';
import type { Database, Transaction } from '../db/client.ts';
import { retryingTransaction } from '../db/retry.ts';
import { ApiError } from '../http/respond.ts';
import type { RequestScope } from '../http/scope.ts';
import { kfsAttachmentName } from '../kfs/service.ts';
import { kfsById } from '../kfs/store.ts';
import { type Lead, leadOfCustomer } from '../leads/store.ts';
import { kfsPdfReference } from '../mail/queue.ts';
import { ESignUnavailable } from './esign.ts';
import { agreementSignedMail } from './messages.ts';
import {
  type AgreementRow,
  addAgreement,
  agreementOfKfs,
  latestAgreementOfLead,
  lockedAgreement,
  updateAgreement,
} from './store.ts';

const ALREADY_SIGNED = 'Your loan agreement is already signed.';
const TOO_LATE = 'This application can no longer be signed: it is not waiting for its loan.';
const CHANGED = 'Your loan agreement changed while we were asking. Please refresh and try again.';
const STAFF_NOT_SIGNED = (leadId: number) => `Application ${leadId} has no signed loan agreement.`;
const PROVIDER_DOWN = 'We could not reach the e-sign service just now. Please try again in a few minutes.';

/** The agreement's SHA-256, what the customer signs; no text is kept with the consent (the PDF is the text). */
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A consent's version is a text's SHA-256: the agreement's words are its PDF, hashed as bytes. */
const signatureVersion = (row: AgreementRow) => row.documentSha256;

/** Where an agreement stands for the customer: its row, or a statement accepted and not yet drawn. */
export interface AgreementView {
  leadId: number;
  agreementNo: string;
  kfsNo: string;
  status: AgreementState;
  canSign: boolean;
  decidedAt: Date | null;
  documentSha256: string | null;
  /** The language it is drawn (and, once signed, was signed) in. */
  language: DocumentLanguage;
}

/** The customer's lead, with its current statement when the customer has accepted it; 404 alike otherwise. */
async function acceptedStatementOf(deps: Deps, customer: Customer, leadId: number) {
  const lead = await leadOfCustomer(deps.db, leadId, customer.id);
  // Another customer's lead and one that does not exist get the same answer.
  if (!lead) throw new ApiError(404, NO_AGREEMENT, 'not_found');
  const kfs = await kfsById(deps.db, lead.kfsId);
  const accepted = kfs?.acknowledgedAt && (lead.status === 'accepted' || lead.status === 'disbursed');
  return { lead, kfs: accepted ? kfs : undefined };
}

const signable = (lead: Lead, row: { status: string } | undefined) =>
  lead.status === 'accepted' && row?.status !== 'signed';

function viewOf(lead: Lead, kfsNo: string, row: AgreementRow | undefined): AgreementView {
  return {
    leadId: lead.id,
    agreementNo: row?.agreementNo ?? agreementNumber(kfsNo),
    kfsNo,
    status: (row?.status as AgreementState | undefined) ?? 'unsigned',
    canSign: signable(lead, row),
    decidedAt: row?.decidedAt ?? null,
    documentSha256: row?.documentSha256 ?? null,
    language: (row?.language as DocumentLanguage | undefined) ?? 'en',
  };
}

/**
 * The agreement of the accepted statement, drawn (in the PDF workers) and stored the first time it is
 * needed, in the customer's language (docs/decisions.md "The KFS and agreement in Hindi"). One not yet
 * signed is drawn again when asked for in another language; one at the e-sign provider only when
 * `replacePending` (a new signing request replaces it), and it is no longer pending then.
 */
async function drawnAgreement(
  deps: Deps,
  log: Logger,
  customer: Customer,
  lead: Lead,
  kfsRow: { id: string; kfsNo: string; content: unknown },
  lang: DocumentLanguage,
  replacePending = false,
): Promise<AgreementRow> {
  const found = await agreementOfKfs(deps.db, kfsRow.id);
  const kept = found?.status === 'signed' || (found?.status === 'pending' && !replacePending);
  if (found && (found.language === lang || kept)) return found;
  const agreementNo = agreementNumber(kfsRow.kfsNo);
  const document = await deps.pdfDrawing.draw(
    'agreement',
    {
      agreementNo,
      leadId: lead.id,
      kfs: kfsRow.content as KeyFactStatement,
      borrower: { name: customer.fullName ?? '', pan: customer.pancard },
      generatedAt: deps.now(),
      lang,
    },
    log,
  );
  const documentKey = `agreements/${agreementNo.toLowerCase()}/drawn${lang === 'en' ? '' : `-${lang}`}`;
  await deps.files.put(documentKey, document);
  if (found) {
    // Under the row's lock, only if nobody changed it since it was read; else theirs stands.
    const redrawn = await retryingTransaction(deps.db, async (tx) => {
      const locked = await lockedAgreement(tx, found.id);
      if (!locked || locked.version !== found.version) return locked;
      return updateAgreement(tx, locked, {
        documentKey,
        documentSha256: sha256(document),
        language: lang,
        ...(locked.status === 'pending' && { status: 'unsigned', requestId: null }),
      });
    });
    return redrawn ?? found;
  }
  return addAgreement(deps.db, {
    agreementNo,
    leadId: lead.id,
    kfsId: kfsRow.id,
    customerId: customer.id,
    documentKey,
    documentSha256: sha256(document),
    status: 'unsigned',
    language: lang,
  });
}

/**
 * Where the customer's agreement stands. A request at the provider is asked about first (the customer
 * comes back from its signing page to this), and its outcome recorded.
 */
export async function agreementStanding(
  scope: RequestScope,
  from: ConsentSource,
  customer: Customer,
  leadId: number,
): Promise<AgreementView> {
  const { deps } = scope;
  const { lead, kfs } = await acceptedStatementOf(deps, customer, leadId);
  const stored = await latestAgreementOfLead(deps.db, lead.id);
  if (!kfs && !stored) throw new ApiError(404, NO_AGREEMENT, 'not_found');
  const row = stored?.status === 'pending' ? await settle(scope, from, customer, stored) : stored;
  // The agreement of the current statement; one of an earlier statement when staff later issued none.
  const kfsNo = kfs?.kfsNo ?? (stored ? stored.agreementNo.replace(/^AGR-/, 'KFS-') : '');
  return viewOf(lead, kfsNo, row && (!kfs || row.kfsId === kfs.id) ? row : undefined);
}

/** Asks the provider about the pending request and records what it says (nothing while it is pending). */
async function settle(
  scope: RequestScope,
  from: ConsentSource,
  customer: Customer,
  row: AgreementRow,
): Promise<AgreementRow> {
  const { deps } = scope;
  if (!row.requestId || row.provider !== deps.esign.name) return row;
  let status: Awaited<ReturnType<Deps['esign']['status']>>;
  try {
    status = await deps.esign.status(row.requestId);
  } catch (error) {
    if (!(error instanceof ESignUnavailable)) throw error;
    // The standing stays pending: the next look asks again.
    scope.log.warn('e-sign status not known', { agreement_no: row.agreementNo, reason: error.message });
    return row;
  }
  if (status.status === 'pending') return row;
  const signedKey = status.status === 'signed' ? `agreements/${row.agreementNo.toLowerCase()}/signed` : null;
  if (status.status === 'signed' && signedKey) await deps.files.put(signedKey, status.document);
  const outcome = await retryingTransaction(deps.db, async (tx) => {
    const locked = await lockedAgreement(tx, row.id);
    // Another request recorded it first (or a new request replaced this one): theirs stands (and its e-mail).
    if (locked?.status !== 'pending' || locked.requestId !== row.requestId)
      return { row: locked ?? row, recorded: false };
    const consent =
      status.status === 'signed'
        ? await recordConsent(tx, {
            customerId: customer.id,
            kind: 'agreement_signature',
            textVersion: signatureVersion(locked),
            reference: locked.agreementNo,
            at: status.at,
            ...from,
          })
        : undefined;
    const updated = await updateAgreement(tx, locked, {
      status: status.status,
      decidedAt: status.at,
      ...(signedKey && { signedKey }),
      ...(consent && { consentId: consent.id }),
    });
    // Once, with the signature's commit: the signed agreement and its statement, by e-mail.
    if (signedKey) await queueSignedAgreementMail(tx, deps, customer, updated ?? locked, signedKey);
    return { row: updated ?? locked, recorded: true };
  });
  if (outcome.recorded && status.status === 'signed') await deps.mail.wake();
  return outcome.row;
}

/**
 * Queues the e-mail of the signed agreement (the file the download answers, read from the store when the
 * mail leaves) and the Key Fact Statement's PDF (drawn by the mail sender), where the customer gave an
 * address: nothing is drawn or read in the request (docs/decisions.md "E-mail through a durable queue").
 */
async function queueSignedAgreementMail(
  tx: Transaction,
  deps: Deps,
  customer: Customer,
  row: AgreementRow,
  signedKey: string,
) {
  if (!customer.email) return;
  const kfs = await kfsById(tx, row.kfsId);
  const agreement = {
    kind: 'file' as const,
    key: signedKey,
    filename: agreementFileName(row.agreementNo, true),
    content_type: 'application/pdf',
  };
  // The statement in the language the agreement was signed in.
  const statement = kfs && kfsPdfReference(kfs, row.language as DocumentLanguage);
  const mail = agreementSignedMail(
    {
      agreementNo: row.agreementNo,
      kfsNo: kfs?.kfsNo ?? '',
      link: sitePageUrl(deps.config, `/my-dashboard/lead-preview?lead_id=${row.leadId}#loan-agreement`),
    },
    { agreement: agreement.filename, ...(kfs && { kfs: kfsAttachmentName(kfs.kfsNo) }) },
  );
  await deps.mail.enqueue(
    tx,
    { to: customer.email, ...mail, attachments: statement ? [agreement, statement] : [agreement] },
    'agreement',
  );
}

/**
 * Sends the accepted statement's agreement to the e-sign provider for the customer to sign: where to send
 * them. A request already at the provider is asked about first; a new request replaces one that is
 * still pending, declined or expired.
 */
export async function requestSigning(
  scope: RequestScope,
  from: ConsentSource,
  customer: Customer,
  leadId: number,
  lang: DocumentLanguage = 'en',
): Promise<{ view: AgreementView; redirectUrl: string }> {
  const { deps } = scope;
  const { lead, kfs } = await acceptedStatementOf(deps, customer, leadId);
  if (!kfs) {
    const stored = await latestAgreementOfLead(deps.db, lead.id);
    throw stored ? new ApiError(409, TOO_LATE, 'conflict') : new ApiError(404, NO_AGREEMENT, 'not_found');
  }
  let row = await drawnAgreement(deps, scope.log, customer, lead, kfs, lang);
  if (row.status === 'pending') row = await settle(scope, from, customer, row);
  if (row.status === 'signed') throw new ApiError(409, ALREADY_SIGNED, 'already_signed');
  if (!signable(lead, row)) throw new ApiError(409, TOO_LATE, 'conflict');
  // Signed in the language chosen now: the document sent to sign is drawn in it.
  if (row.language !== lang) row = await drawnAgreement(deps, scope.log, customer, lead, kfs, lang, true);
  const document = await deps.files.get(row.documentKey);
  if (!document) throw new Error(`agreement ${row.agreementNo}: its drawn file is missing`);
  let started: { requestId: string; redirectUrl: string };
  try {
    started = await deps.esign.start({
      reference: row.agreementNo,
      document,
      fileName: agreementFileName(row.agreementNo, false),
      signer: { name: customer.fullName ?? '', mobile: customer.mobile },
      returnUrl: sitePageUrl(deps.config, `/my-dashboard/lead-preview?lead_id=${lead.id}#loan-agreement`),
    });
  } catch (error) {
    if (!(error instanceof ESignUnavailable)) throw error;
    scope.log.warn('e-sign request not made', { agreement_no: row.agreementNo, reason: error.message });
    throw new ApiError(503, PROVIDER_DOWN, 'provider_unavailable');
  }
  const read = row;
  const updated = await retryingTransaction(deps.db, async (tx) => {
    const locked = await lockedAgreement(tx, read.id);
    if (!locked || locked.version !== read.version) throw new ApiError(409, CHANGED, 'conflict');
    return updateAgreement(tx, locked, {
      status: 'pending',
      provider: deps.esign.name,
      requestId: started.requestId,
      requestedAt: deps.now(),
      decidedAt: null,
    });
  });
  if (!updated) throw new ApiError(409, CHANGED, 'conflict');
  // The sandbox's page is on the API's own origin; a provider's is a full address.
  const redirectUrl = started.redirectUrl.startsWith('/')
    ? `${deps.config.payments.apiUrl?.replace(/\/+$/, '') ?? scope.origin}${started.redirectUrl}`
    : started.redirectUrl;
  return { view: viewOf(lead, kfs.kfsNo, updated), redirectUrl };
}

/** The agreement as a PDF: the signed one once signed, else as drawn (drawn now if it never was). */
export async function agreementDocument(
  scope: RequestScope,
  from: ConsentSource,
  customer: Customer,
  leadId: number,
  lang: DocumentLanguage = 'en',
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const { deps } = scope;
  const { lead, kfs } = await acceptedStatementOf(deps, customer, leadId);
  // A signed agreement is answered as signed, in its language; one not yet signed in the language asked for.
  let row = kfs
    ? await drawnAgreement(deps, scope.log, customer, lead, kfs, lang)
    : await latestAgreementOfLead(deps.db, lead.id);
  if (!row) throw new ApiError(404, NO_AGREEMENT, 'not_found');
  if (row.status === 'pending') row = await settle(scope, from, customer, row);
  const signed = row.status === 'signed' && row.signedKey !== null;
  const bytes = await deps.files.get(signed ? (row.signedKey as string) : row.documentKey);
  if (!bytes) throw new Error(`agreement ${row.agreementNo}: its file is missing`);
  return { bytes, fileName: agreementFileName(row.agreementNo, signed) };
}

/**
 * The agreement staff see on an application (issue 24): the current statement's, the one disbursal needs
 * (the lead's latest when it has no current statement); undefined while none is drawn. Read only: a
 * request pending at the e-sign provider is shown as pending, never asked about from the console.
 */
export async function agreementOfApplication(
  db: Database | Transaction,
  lead: Pick<Lead, 'id' | 'kfsId'>,
): Promise<AgreementRow | undefined> {
  return lead.kfsId ? agreementOfKfs(db, lead.kfsId) : latestAgreementOfLead(db, lead.id);
}

/** The application's signed agreement as a PDF, for staff (404 while it is not signed). */
export async function signedAgreementForStaff(
  deps: Pick<Deps, 'db' | 'files'>,
  lead: Pick<Lead, 'id' | 'kfsId'>,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const row = await agreementOfApplication(deps.db, lead);
  if (row?.status !== 'signed' || !row.signedKey) {
    throw new ApiError(404, STAFF_NOT_SIGNED(lead.id), 'not_signed');
  }
  const bytes = await deps.files.get(row.signedKey);
  if (!bytes) throw new Error(`agreement ${row.agreementNo}: its signed file is missing`);
  return { bytes, fileName: agreementFileName(row.agreementNo, true) };
}

/**
 * Disbursal pays out only on a signed agreement of the accepted statement (409 otherwise), checked in
 * the disbursal's transaction under the lead's lock (makeLoan in src/server/application/staff.ts, every
 * disbursal path; src/server/staff/disbursals.ts also refuses a request early).
 */
export async function requireSignedAgreement(tx: Transaction, lead: Pick<Lead, 'id' | 'kfsId'>): Promise<void> {
  const row = lead.kfsId ? await agreementOfKfs(tx, lead.kfsId) : undefined;
  if (row?.status !== 'signed') {
    throw new LifecycleConflict(
      `Lead ${lead.id} has no signed loan agreement: the customer must e-sign the agreement of the accepted Key Fact Statement before disbursal.`,
      'agreement_not_signed',
    );
  }
}
