/**
 * The staff console's navigation in one table (issue 22): every screen under /staff/ with its
 * address, its title, the component that draws it and the roles that may open it. Read by the Astro
 * page that pre-renders one shell per screen, the island's router and guard, the home's work queues
 * and scripts/budgets.ts (each component's chunk).
 *
 * Plain data: the components are imported lazily by screenLoader.ts, so the page that reads this
 * table at build time does not reach the screens' code.
 */

/** The roles of the back office (src/server/staff/roles.ts). */
export type StaffRole = 'credit' | 'finance' | 'collections' | 'support' | 'admin';

export type StaffScreenComponent =
  | 'StaffSignIn'
  | 'StaffHome'
  | 'CreditQueue'
  | 'CreditApplication'
  | 'FinanceQueue'
  | 'StaffAdmin'
  | 'CollectionsQueue'
  | 'LoanAccount'
  | 'ComplaintsQueue'
  | 'CustomerView'
  | 'RefundsQueue'
  | 'PrivacyRequestsQueue';

export interface StaffScreen {
  /** The path under /staff/; '' is the console's home. */
  slug: string;
  title: string;
  component: StaffScreenComponent;
  /** Who may open it: nobody signed in (sign-in), any staff member ([]), or one of these roles. */
  roles: readonly StaffRole[] | 'signedOut';
}

export const STAFF_BASE = '/staff';

export const STAFF_SCREENS: readonly StaffScreen[] = [
  { slug: '', title: 'Staff console', component: 'StaffHome', roles: [] },
  { slug: 'sign-in', title: 'Staff sign-in', component: 'StaffSignIn', roles: 'signedOut' },
  { slug: 'applications', title: 'Applications to decide', component: 'CreditQueue', roles: ['credit', 'admin'] },
  {
    slug: 'application',
    title: 'Application',
    component: 'CreditApplication',
    roles: ['credit', 'finance', 'admin'],
  },
  { slug: 'disbursals', title: 'Disbursals', component: 'FinanceQueue', roles: ['finance'] },
  { slug: 'staff-members', title: 'Staff members', component: 'StaffAdmin', roles: ['admin'] },
  { slug: 'loans', title: 'Loans', component: 'CollectionsQueue', roles: ['collections', 'finance', 'support'] },
  { slug: 'loan', title: 'Loan', component: 'LoanAccount', roles: ['collections', 'finance', 'support'] },
  { slug: 'complaints', title: 'Complaints', component: 'ComplaintsQueue', roles: ['support'] },
  { slug: 'customer', title: 'Customer', component: 'CustomerView', roles: ['support'] },
  { slug: 'refunds', title: 'Refunds', component: 'RefundsQueue', roles: ['finance'] },
  // Issue 24: the customers' requests to delete their data, for support to act on.
  {
    slug: 'privacy-requests',
    title: 'Data deletion requests',
    component: 'PrivacyRequestsQueue',
    roles: ['support', 'admin'],
  },
];

/** The address of a screen: '' -> /staff/, 'applications' -> /staff/applications/. */
export const staffPath = (slug: string): string => (slug ? `${STAFF_BASE}/${slug}/` : `${STAFF_BASE}/`);

/** The slug of a console address: /staff, /staff/ -> '', /staff/applications/ -> 'applications'. */
export function staffSlugOf(pathname: string): string {
  const rest = pathname.startsWith(STAFF_BASE) ? pathname.slice(STAFF_BASE.length) : pathname;
  return rest.replace(/^\/+|\/+$/g, '');
}

export const screenOf = (slug: string): StaffScreen | undefined => STAFF_SCREENS.find((screen) => screen.slug === slug);

/** Whether a member with `roles` may open `screen`. */
export function mayOpen(screen: StaffScreen, roles: readonly string[]): boolean {
  if (screen.roles === 'signedOut') return true;
  return screen.roles.length === 0 || screen.roles.some((role) => roles.includes(role));
}

/** The work queues of the home, by the role that works them. */
export const WORK_QUEUES = [
  { role: 'credit', slug: 'applications', name: 'Applications to decide' },
  { role: 'finance', slug: 'disbursals', name: 'Disbursals to request', count: 'to_request' },
  { role: 'finance', slug: 'disbursals', name: 'Disbursals to approve', count: 'to_approve' },
  { role: 'admin', slug: 'staff-members', name: 'Staff members' },
  { role: 'collections', slug: 'loans', name: 'Loans overdue' },
  { role: 'support', slug: 'complaints', name: 'Complaints to answer' },
  { role: 'support', slug: 'privacy-requests', name: 'Data deletion requests' },
  { role: 'finance', slug: 'refunds', name: 'Refunds to pay', count: 'to_request' },
  { role: 'finance', slug: 'refunds', name: 'Refunds to approve', count: 'to_approve' },
] as const;
