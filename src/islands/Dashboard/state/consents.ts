/**
 * The customer's consents (issue 24): what they agreed to, their withdrawals and deletion requests.
 * Only the "What you agreed to" screen imports this module, so the consent paths stay out of every
 * other screen's code.
 */
import type * as v from 'valibot';
import { failureMessage } from '../../../lib/api/client.ts';
import { CONSENT_PATHS } from '../../../lib/api/consentPaths.ts';
import { type Envelope, STATUS } from '../../../lib/api/envelope.ts';
import type { ConsentsAnswer, PrivacyRequestAnswer } from '../../../lib/schemas/answers/consent.ts';
import type { DataDeletionRequest, WithdrawConsentRequest } from '../../../lib/schemas/consent.ts';
import { dashboardCall } from './api.ts';
import type { Loaded } from './useLoaded.ts';

export type ConsentsOnRecord = v.InferOutput<typeof ConsentsAnswer>;
export type ConsentOnRecord = ConsentsOnRecord['consents'][number];
export type PrivacyRequest = v.InferOutput<typeof PrivacyRequestAnswer>;

export async function loadConsents(): Promise<Loaded<ConsentsOnRecord>> {
  const envelope = await dashboardCall<ConsentsOnRecord>(CONSENT_PATHS.list);
  if (envelope.Status !== STATUS.ok) return { error: failureMessage(envelope) };
  return { data: envelope.Data };
}

export function withdrawConsent(request: WithdrawConsentRequest): Promise<Envelope<PrivacyRequest>> {
  return dashboardCall<PrivacyRequest>(CONSENT_PATHS.withdraw, request);
}

export function askForDeletion(request: DataDeletionRequest): Promise<Envelope<PrivacyRequest>> {
  return dashboardCall<PrivacyRequest>(CONSENT_PATHS.deleteData, request);
}

const REQUEST_KINDS: Record<string, string> = {
  withdraw_consent: 'Consent withdrawn',
  delete_data: 'Data deletion asked',
};
const REQUEST_STATUS: Record<string, string> = {
  received: 'Received: our team is acting on it',
  closed: 'Done',
};
/** A deletion request staff closed, by its outcome. */
const REQUEST_OUTCOMES: Record<string, string> = {
  erased: 'Done: we erased what the law lets us erase',
  kept: 'Closed: we must keep your records for now',
};
export const requestKindLabel = (kind: string) => REQUEST_KINDS[kind] ?? kind;
export const requestStatusLabel = (request: Pick<PrivacyRequest, 'status' | 'outcome'>) =>
  (request.outcome && REQUEST_OUTCOMES[request.outcome]) ?? REQUEST_STATUS[request.status] ?? request.status;
