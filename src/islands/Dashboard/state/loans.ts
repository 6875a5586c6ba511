/**
 * The customer's loans as the dashboard reads them (product.md §3.9, "Loan
 * detail", product.md §7 getLeadList and getLeadDetail), and the words the screens show for their codes.
 */
import type * as v from 'valibot';
import { failureMessage } from '../../../lib/api/client.ts';
import { STATUS } from '../../../lib/api/envelope.ts';
import { API } from '../../../lib/api/paths.ts';
import { NA } from '../../../lib/leadStatus.ts';
import { formatRupees } from '../../../lib/money.ts';
import type { LeadDetailAnswer, LeadListAnswer } from '../../../lib/schemas/answers/loans.ts';
import type { DashboardLocation } from '../navigation/router.ts';
import { screenPath } from '../navigation/screens.ts';
import { dashboardCall } from './api.ts';
import { leadsView } from './firstPaintView.ts';
import { settledFirstLeads, takeFirstLeads } from './firstProfile.ts';
import { leadsSource } from './lastFigures.ts';
import { $profile, keepLastFigures, loadProfile } from './profile.ts';
import { $session } from './sessionStore.ts';
import type { Loaded } from './useLoaded.ts';

type LeadDetail = v.InferOutput<typeof LeadDetailAnswer>;
export type LeadListItem = v.InferOutput<typeof LeadListAnswer>['lead_list'][number];
export type LoanDetail = LeadDetail['data'][number];
export type Collection = LeadDetail['collection'][number][number];
export type Refund = Collection['refunds'][number];

export interface LoanDetails {
  detail: LoanDetail;
  collections: Collection[];
}

export { NA, statusLabel } from '../../../lib/leadStatus.ts';

export const NO_LOAN_HISTORY = 'No loan history found.';
export const NO_LOAN_DETAILS = 'No loan details available.';

/** The PAN getLeadList names (product.md §7): stored at the PAN step or from the profile, else asked for. */
async function customerPan(): Promise<string> {
  const known = $session.get().pancard || $profile.get()?.profile_details.pancard;
  if (known) return known;
  const fresh = await loadProfile();
  return 'profile' in fresh ? fresh.profile.profile_details.pancard : '';
}

/** The customer's applications, newest first; the server answers for the session's customer only. */
export async function loadLeads(): Promise<Loaded<LeadListItem[]>> {
  // The first load takes the request the page's first paint made (issue 25), read like any answer.
  const first = takeFirstLeads($session.get().token);
  const envelope = first
    ? await dashboardCall<v.InferOutput<typeof LeadListAnswer>>(API.leadList, {}, { transport: () => first })
    : await dashboardCall<v.InferOutput<typeof LeadListAnswer>>(API.leadList, { pancard: await customerPan() });
  if (envelope.Status !== STATUS.ok) return { error: failureMessage(envelope) };
  keepLastFigures({ leads: leadsView(envelope.Data.lead_list), from: leadsSource(envelope.Data.lead_list) });
  return { data: envelope.Data.lead_list };
}

/** The first paint's applications when its answer has come before the island (issue 25): the screen starts from them. */
export function firstLeadList(): LeadListItem[] | null {
  const answer = settledFirstLeads($session.get().token) as { Data?: { lead_list?: LeadListItem[] } } | null;
  return answer?.Data?.lead_list ?? null;
}

/** One application with its loan and payments; null when there is none to show (not found, or not theirs). */
export async function loadLoanDetails(leadId: string): Promise<Loaded<LoanDetails | null>> {
  const envelope = await dashboardCall<LeadDetail>(API.leadDetail, {
    lead_id: leadId,
  });
  // The server answers another customer's lead and a missing one alike (404): nothing to show.
  if (envelope.Status !== STATUS.ok)
    return envelope.error === 'not_found' ? { data: null } : { error: failureMessage(envelope) };
  const detail = envelope.Data.data[0];
  return detail ? { data: { detail, collections: envelope.Data.collection[0] ?? [] } } : { data: null };
}

/** Where a lead's details are: the lead id in the address as well as in the history state, so a reload keeps it. */
export function detailsLink(leadId: number | string): { to: string; state: { lead_id: string } } {
  const id = String(leadId);
  return { to: `${screenPath('details')}?${new URLSearchParams({ lead_id: id })}`, state: { lead_id: id } };
}

/** The lead a details screen was opened for: the navigation state, else the address. */
export function leadIdOf(location: DashboardLocation): string | null {
  const fromState = (location.state as { lead_id?: unknown } | null)?.lead_id;
  const id = fromState ?? new URLSearchParams(location.search).get('lead_id');
  return id !== null && id !== undefined && /^\d{1,12}$/.test(String(id)) ? String(id) : null;
}

const SOURCE_LABELS: Record<string, string> = {
  razorpay: 'Razorpay',
  payu: 'PayU',
  offline: 'Bank transfer',
  bank_transfer: 'Bank transfer',
};
export const sourceLabel = (source: string) => SOURCE_LABELS[source] ?? source;

/** product.md §3: in the loan-detail views gender "1" is male and anything else female. */
export const genderLabel = (gender: string | undefined) => (!gender ? NA : gender === '1' ? 'Male' : 'Female');
/** product.md §3: marital_status_id "1" is Single, "2" Married and anything else Divorced. */
export const maritalLabel = (id: string | undefined) =>
  !id ? NA : id === '1' ? 'Single' : id === '2' ? 'Married' : 'Divorced';

/** Rupees from the API, shown with Indian grouping; NA when absent. */
export const rupees = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? NA : formatRupees(value);

/** Text or NA. */
export const orNA = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? NA : String(value);
