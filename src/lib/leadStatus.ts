/**
 * The words the dashboard shows for an application's status code (getLeadList, getLeadDetail). Shared
 * by the island's screens (src/islands/Dashboard/state/loans.ts) and the dashboard's first paint, which
 * draws loan history's cards before React (src/scripts/dashboardFirstPaintDraw.ts, issue 25): so the
 * two can never say different things.
 */
export const NA = 'NA';

const STATUS_LABELS: Record<string, string> = {
  applied: 'Applied',
  submitted: 'Under review',
  sent_back: 'Sent back for changes',
  approved: 'Approved',
  accepted: 'Approved',
  rejected: 'Rejected',
  disbursed: 'Disbursed',
  closed: 'Closed',
  withdrawn: 'Withdrawn',
};
export const statusLabel = (status: string | null | undefined) => (status ? (STATUS_LABELS[status] ?? status) : NA);
