/**
 * The customer's consent calls (issue 24), in a module of their own: only the dashboard's "What you
 * agreed to" screen and the server import it, so the public islands' shared chunk does not carry them.
 */
export const CONSENT_PATHS = {
  list: '/Api/Website/getConsents',
  withdraw: '/Api/Website/withdrawConsent',
  deleteData: '/Api/Website/requestDataDeletion',
} as const;
