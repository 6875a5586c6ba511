/**
 * Consents on record (issue 24; docs/decisions.md "Consents on record"): each consent a customer gives
 * is stored with the SHA-256 of the exact text shown (its version, the text kept once per version),
 * the time, the caller's address and user agent. Other features call recordConsent in the transaction
 * that acts on the consent; /tmp/briefs/consents-api.md and the decisions give the calling convention.
 * A customer may withdraw the bureau consent and ask for their data to be deleted: each is a request on
 * record, acknowledged with what the lender keeps (WHAT_WE_KEEP); nothing is deleted silently.
 */
import { createHash } from 'node:crypto';
import { type ConsentKind, isWithdrawable, WHAT_WE_KEEP } from '../../lib/consents/kinds.ts';
import { signInConsent, signInConsentText } from '../../lib/consents/signIn.ts';
import { type KeyFactStatement, kfsSections } from '../../lib/kfs.ts';
import type { PrivacyOutcome } from '../../lib/schemas/consent.ts';
import { site } from '../../lib/site.ts';
import type { Database, Transaction } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { retryingTransaction } from '../db/retry.ts';
import { auditLog } from '../db/schema.ts';
import { ApiError } from '../http/respond.ts';
import { type ActiveStaff, staffActor } from '../staff/roles.ts';
import {
  type Consent,
  consentsWithText,
  insertConsent,
  insertPrivacyRequest,
  keepText,
  knownText,
  latestConsent,
  lockedActiveConsents,
  lockedPrivacyRequest,
  markClosed,
  markWithdrawn,
  type PrivacyRequest,
} from './store.ts';

/** Where a consent or a request came from: the caller's address (TRUST_PROXY-aware) and its User-Agent. */
export interface ConsentSource {
  address: string;
  userAgent: string;
}

export interface NewConsent extends ConsentSource {
  customerId: string;
  kind: ConsentKind;
  /** SHA-256 (hex) of the exact text shown: consentVersion(text). */
  textVersion: string;
  /** The text itself: kept once under its version (checked against it). Give it whenever the server has it. */
  text?: string;
  /** What it was given for, if anything: a KFS number, an agreement's number. */
  reference?: string;
  at: Date;
}

/** A text's version: the SHA-256 of its UTF-8 bytes, in hex. */
export const consentVersion = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

const VERSION = /^[0-9a-f]{64}$/;

/** Stored lengths: an address is at most an IPv6 one; a user agent is cut, not refused. */
const source = (from: ConsentSource) => ({
  address: from.address.slice(0, 64),
  userAgent: from.userAgent.slice(0, 512),
});

/**
 * Records one consent. Call it inside the transaction that acts on the consent (the bureau check, the
 * acceptance), so the act and its consent are stored together or not at all.
 */
export async function recordConsent(db: Database | Transaction, consent: NewConsent): Promise<Consent> {
  if (!VERSION.test(consent.textVersion)) throw new Error('a consent version is a SHA-256 in hex');
  if (consent.text !== undefined) {
    if (consentVersion(consent.text) !== consent.textVersion) throw new Error('the consent text is not its version');
    await keepText(db, consent.textVersion, consent.kind, consent.text);
  }
  return insertConsent(db, {
    customerId: consent.customerId,
    kind: consent.kind,
    textVersion: consent.textVersion,
    reference: consent.reference ?? null,
    givenAt: consent.at,
    ...source(consent),
  });
}

/** The customer's consents, newest first, each with its text when the server has it. */
export async function listConsents(db: Database | Transaction, customerId: string) {
  const rows = await consentsWithText(db, customerId);
  return rows.map(({ consent, text }) => ({ ...consent, text }));
}
export type ConsentOnRecord = Awaited<ReturnType<typeof listConsents>>[number];

/** The customer's latest consent of a kind if it stands (not withdrawn): a bureau check asks this first. */
export async function standingConsent(db: Database | Transaction, customerId: string, kind: ConsentKind) {
  const latest = await latestConsent(db, customerId, kind);
  return latest && latest.withdrawnAt === null ? latest : undefined;
}

// --- sign-in --------------------------------------------------------------------------------------

/** The sign-in card's consent as the server builds it (the same module and facts the card renders). */
export function currentSignInConsent() {
  const text = signInConsentText(signInConsent(site.brand, site.legalName));
  return { text, version: consentVersion(text) };
}

const TERMS_CHANGED = 'Our terms have changed since this page was opened. Please reload the page and sign in again.';

/**
 * The version of the sign-in consent the card says it showed (`consent_version`), checked before the code
 * is used: the current text, or one the server has on record; none given (a client that does not send
 * it) means the current text. Another one is refused: we record only texts we can produce.
 */
export async function signInConsentShown(db: Database, shown: string | undefined) {
  const current = currentSignInConsent();
  if (shown === undefined || shown === current.version) return current;
  if (await knownText(db, shown, 'sign_in_terms')) return { version: shown, text: undefined };
  throw new ApiError(409, TERMS_CHANGED, 'terms_changed');
}

/** The one checkbox at sign-in accepts the terms and the privacy policy: both kinds recorded, one text. */
export async function recordSignInConsent(
  db: Database | Transaction,
  customerId: string,
  shown: { version: string; text: string | undefined },
  from: ConsentSource,
  at: Date,
): Promise<void> {
  for (const kind of ['sign_in_terms', 'privacy_notice'] as const) {
    await recordConsent(db, {
      customerId,
      kind,
      textVersion: shown.version,
      ...(shown.text !== undefined && { text: shown.text }),
      at,
      ...from,
    });
  }
}

// --- the Key Fact Statement -----------------------------------------------------------------------

/** The acknowledgement's text: the words the customer ticked, then the statement as it reads. */
export function kfsAcknowledgementText(label: string, kfsNo: string, content: KeyFactStatement): string {
  const sections = kfsSections(content).map(
    (section) => `${section.title}\n${section.rows.map(([name, value]) => `${name}: ${value}`).join('\n')}`,
  );
  return [label, `Key Fact Statement ${kfsNo}`, ...sections].join('\n\n');
}

/** Records a KFS accepted, in the acceptance's transaction. `label`: the checkbox's words on that screen. */
export function recordKfsAcknowledgement(
  tx: Transaction,
  accepted: { customerId: string; kfsNo: string; content: unknown; label: string; at: Date },
  from: ConsentSource,
): Promise<Consent> {
  const text = kfsAcknowledgementText(accepted.label, accepted.kfsNo, accepted.content as KeyFactStatement);
  return recordConsent(tx, {
    customerId: accepted.customerId,
    kind: 'kfs_acknowledgement',
    textVersion: consentVersion(text),
    text,
    reference: accepted.kfsNo,
    at: accepted.at,
    ...from,
  });
}

// --- withdrawals and deletion requests ------------------------------------------------------------

/** A request's number, as the customer and staff read it. */
export const requestNumber = (id: number) => `PR-${String(id).padStart(6, '0')}`;

const KEPT = WHAT_WE_KEEP.join('\n');

interface PrivacyAsk extends ConsentSource {
  customerId: string;
  note: string;
  at: Date;
}

/**
 * Withdraws the customer's standing consents of a withdrawable kind, at once: the request is recorded
 * (closed: nothing waits on staff) and the consents marked withdrawn, in one transaction under their
 * locks. The consents stay on record, withdrawn.
 */
export async function withdrawConsent(db: Database, ask: PrivacyAsk & { kind: string }): Promise<PrivacyRequest> {
  if (!isWithdrawable(ask.kind)) {
    throw new ApiError(
      409,
      'This consent cannot be withdrawn here. Ask for your data to be deleted instead.',
      'conflict',
    );
  }
  const kind = ask.kind;
  return retryingTransaction(db, async (tx) => {
    const standing = await lockedActiveConsents(tx, ask.customerId, kind);
    if (standing.length === 0) throw new ApiError(409, 'You have no such consent to withdraw.', 'conflict');
    const request = await insertPrivacyRequest(tx, {
      customerId: ask.customerId,
      kind: 'withdraw_consent',
      consentKind: kind,
      note: ask.note,
      kept: KEPT,
      status: 'closed',
      createdAt: ask.at,
      ...source(ask),
    });
    await markWithdrawn(
      tx,
      standing.map((row) => row.id),
      ask.at,
      request.id,
    );
    return request;
  });
}

/**
 * Records a request to delete the customer's data, for staff to act on (one open at a time), and
 * withdraws the consents that may be withdrawn: from now the data serves only what the law requires.
 */
export async function requestDeletion(db: Database, ask: PrivacyAsk): Promise<PrivacyRequest> {
  try {
    return await retryingTransaction(db, async (tx) => {
      const request = await insertPrivacyRequest(tx, {
        customerId: ask.customerId,
        kind: 'delete_data',
        note: ask.note,
        kept: KEPT,
        status: 'received',
        createdAt: ask.at,
        ...source(ask),
      });
      const standing = await lockedActiveConsents(tx, ask.customerId, 'bureau_check');
      await markWithdrawn(
        tx,
        standing.map((row) => row.id),
        ask.at,
        request.id,
      );
      return request;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'privacy_requests_one_open_deletion_idx')) {
      throw new ApiError(
        409,
        'You have already asked for your data to be deleted. We will tell you when it is done.',
        'conflict',
      );
    }
    throw error;
  }
}

/** A request's id from its number (PR-000001 -> 1); undefined for anything else. */
export function requestIdOf(requestNo: string): number | undefined {
  const match = /^PR-(\d{6,15})$/.exec(requestNo);
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

export interface PrivacyClosing {
  requestNo: string;
  outcome: PrivacyOutcome;
  /** What was done, as the customer reads it: what was erased, or why the records are kept. */
  note: string;
  staff: Pick<ActiveStaff, 'staffId'>;
  at: Date;
}

/**
 * Staff close an open deletion request with its outcome (docs/decisions.md, "Consents on record"): the
 * outcome and the note are recorded for the customer to read and audited with the staff member, in one
 * transaction under the request's lock. Nothing is deleted here: `erased` records that staff erased
 * what the law lets us erase; loan, payment, KFS, agreement, consent and audit records are never erased.
 */
export async function closePrivacyRequest(db: Database, closing: PrivacyClosing): Promise<PrivacyRequest> {
  const id = requestIdOf(closing.requestNo);
  return retryingTransaction(db, async (tx) => {
    const request = id === undefined ? undefined : await lockedPrivacyRequest(tx, id);
    if (request?.kind !== 'delete_data')
      throw new ApiError(404, `There is no data deletion request ${closing.requestNo}.`, 'not_found');
    if (request.status !== 'received')
      throw new ApiError(
        409,
        `Request ${closing.requestNo} is closed already${request.outcome ? ` (${request.outcome})` : ''}. Reload the requests.`,
        'conflict',
      );
    const actor = staffActor(closing.staff);
    const closed = await markClosed(tx, request.id, {
      outcome: closing.outcome,
      outcomeNote: closing.note,
      closedBy: actor,
      closedAt: closing.at,
    });
    await tx.insert(auditLog).values({
      actor,
      action: 'privacy_request.closed',
      subject: closing.requestNo,
      // The note may name what was erased: it stays with the request, the audit says what happened.
      detail: { request_id: request.id, outcome: closing.outcome },
      createdAt: closing.at,
    });
    return closed;
  });
}
