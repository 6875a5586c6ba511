/**
 * The customer's complaint calls (issue 22), in a module of their own: only the dashboard's
 * Complaints screen and the server import it, so the public islands' shared chunk does not carry
 * them (/apply-now is at its budget, docs/budgets.md).
 */
export const COMPLAINT_PATHS = {
  raise: '/Api/Website/raiseComplaint',
  list: '/Api/Website/getComplaints',
} as const;
