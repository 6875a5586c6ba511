/** Every API path the site calls. The ones the specifications give are kept exactly (decisions.md §2). */
export const API = {
  registration: '/Api/Website/InstantJourneyController/appCustomerRegisteration',
  getUser: '/Api/Website/getUser',
  logout: '/Api/Website/logout',
  master: '/Api/MasterController/masterAPI',
  contact: '/Api/Website/contactUs',
  health: '/Api/health',
  openapi: '/Api/openapi.json',
  devOutbox: '/__dev/outbox',
} as const;

/** Header names of §7: the public client credential without a session, the token with one. */
export const HEADERS = { clientKey: 'Auth', token: 'Authtoken' } as const;
