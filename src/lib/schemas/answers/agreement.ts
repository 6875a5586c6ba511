/** The loan agreement's answers (issue 24): where it stands, and where to sign it. */
import * as v from 'valibot';
import { AGREEMENT_STATES } from '../../agreement.ts';
import { DOCUMENT_LANGUAGES } from '../../documentText/languages.ts';

export const AgreementAnswer = v.strictObject({
  lead_id: v.number(),
  /** AGR- and the accepted statement's number. */
  agreement_no: v.string(),
  kfs_no: v.string(),
  /** unsigned (drawn, never sent to sign), pending (at the e-sign provider), signed, declined or expired. */
  status: v.picklist(AGREEMENT_STATES),
  /** Whether the customer may ask to sign now (the statement accepted, the loan not yet paid out, not signed). */
  can_sign: v.boolean(),
  /** ISO instant the provider reported the signature, the refusal or the expiry. */
  decided_at: v.nullable(v.string()),
  /** SHA-256 (hex) of the agreement as drawn: what the customer signs, recorded with their consent. */
  document_sha256: v.nullable(v.string()),
  /** The language it is drawn in (and, once signed, was signed in): the customer's choice, "en" or "hi". */
  language: v.picklist(DOCUMENT_LANGUAGES),
});

export const SigningStartedAnswer = v.strictObject({
  agreement: AgreementAnswer,
  /** The e-sign provider's signing page: send the customer there. */
  redirect_url: v.string(),
});
