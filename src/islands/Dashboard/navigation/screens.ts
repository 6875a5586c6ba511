/**
 * The dashboard's navigation in one table: every screen of the customer dashboard (product.md §2, §10.8) with its address under /my-dashboard/, its title, the component that draws it,
 * who may open it (the guard), and the progress stage it does, which the server's next_step events
 * of that stage lead to. Read by the Astro page that pre-renders one shell per screen, the island's
 * router and guard, the step cards, the homes, and scripts/budgets.ts (each component's chunk).
 *
 * Plain data: the components are named here and imported lazily by screenLoader.ts, because the
 * Astro page reads this table at build time and Astro gives a page the CSS of every module it can
 * reach, dynamic imports included.
 */
import { eventsOf, STAGE, type Stage } from '../../../lib/onboarding.ts';

/** Who may open a screen: any signed-in customer, or only one found eligible (eligibility 1). */
export type Access = 'signedIn' | 'eligible';

/** The screen components, one file each in screens/, each loaded when first shown (screenLoader.ts). */
export type ScreenComponent =
  | 'RegistrationHome'
  | 'PanDetails'
  | 'PersonalInformation'
  | 'ResidenceAddress'
  | 'IncomeDetails'
  | 'UploadPicture'
  | 'ProfilePreview'
  | 'ProfileSummary'
  | 'LoanHome'
  | 'Kyc'
  | 'UserProfile'
  | 'CalculateLoan'
  | 'AboutYourCompany'
  | 'MandatoryDocuments'
  | 'DocumentUpload'
  | 'BankDetail'
  | 'Congratulations'
  | 'LeadPreview'
  | 'Leads'
  | 'LeadDetails'
  | 'Repayment'
  | 'Complaints'
  | 'Consents';

export interface ScreenRoute {
  /** The path under /my-dashboard/; '' is the dashboard itself. */
  slug: string;
  /** The screen's heading and page title; a screen whose heading says otherwise in a state gives the tab that (screenHeading.ts). */
  title: string;
  component: ScreenComponent;
  access: Access;
  /** The progress stage this screen does (product.md §4), for the screens that do one. */
  stage?: Stage;
  /** The server's next_step events that lead here: those of its stage. */
  events: readonly string[];
}

export const DASHBOARD_BASE = '/my-dashboard';

const screen = (
  access: Access,
  slug: string,
  title: string,
  component: ScreenComponent,
  stage?: Stage,
): ScreenRoute => ({
  slug,
  title,
  component,
  access,
  ...(stage !== undefined && { stage }),
  events: stage === undefined ? [] : eventsOf(stage),
});
const signedIn = (slug: string, title: string, component: ScreenComponent, stage?: Stage) =>
  screen('signedIn', slug, title, component, stage);
/** The loan application's screens and what follows it: for the eligible only (product.md §2, §6). */
const loanStep = (slug: string, title: string, component: ScreenComponent, stage?: Stage) =>
  screen('eligible', slug, title, component, stage);

export const SCREENS: readonly ScreenRoute[] = [
  signedIn('', 'Profile Registration', 'RegistrationHome'),
  signedIn('pan-details', 'PAN Authentication', 'PanDetails', STAGE.panDetails),
  signedIn('captur-personal-information', 'Personal Information', 'PersonalInformation', STAGE.personalDetails),
  signedIn('captur-address', 'Residence Address', 'ResidenceAddress', STAGE.residence),
  signedIn('captur-income-details', 'Income Details', 'IncomeDetails', STAGE.income),
  signedIn('upload-picture', 'Upload Picture', 'UploadPicture', STAGE.selfie),
  signedIn('profile-preview', 'Profile Preview', 'ProfilePreview', STAGE.registered),
  signedIn('profile-summary', 'Profile Summary', 'ProfileSummary'),
  // The eligible customer's home (the sidebar's Dashboard, product.md §2): the loan first, else the application.
  loanStep('eligibility', 'Your Loan', 'LoanHome'),
  signedIn('kyc', 'KYC Documents', 'Kyc'),
  signedIn('user-profile', 'My Profile', 'UserProfile'),
  loanStep('calculate-loan', 'Calculate Your Loan', 'CalculateLoan', STAGE.loanQuote),
  loanStep('about-your-company', 'Employment Details', 'AboutYourCompany', STAGE.employment),
  loanStep('adhar-upload', 'Complete Your KYC', 'MandatoryDocuments', STAGE.documents),
  loanStep('pan-upload', 'PAN Card Upload', 'DocumentUpload'),
  loanStep('bank-upload', 'Bank Statement Upload', 'DocumentUpload'),
  loanStep('upload-salaryslip', 'Salary Slip Upload', 'DocumentUpload'),
  loanStep('upload-utilitybill', 'Utility Bill Upload', 'DocumentUpload'),
  loanStep('bank-detail', 'Banking Details', 'BankDetail', STAGE.banking),
  loanStep('congratulations', 'Congratulations', 'Congratulations', STAGE.completed),
  loanStep('lead-preview', 'Application Preview', 'LeadPreview'),
  // Open to every signed-in customer: one with no application sees "No loan history found.".
  signedIn('leads', 'Loan History', 'Leads'),
  loanStep('details', 'Loan Details', 'LeadDetails'),
  loanStep('repayment', 'Repayment', 'Repayment'),
  // Issue 22: any signed-in customer raises a complaint and reads support's answer.
  signedIn('complaints', 'Complaints', 'Complaints'),
  // Issue 24: every consent on record, the bureau consent withdrawn, a data deletion asked.
  signedIn('what-you-agreed-to', 'What you agreed to', 'Consents'),
];

/** The hub: registration's home, and the eligible customer's home (the sidebar's Dashboard, product.md §2). */
export const HOME = { registration: '', loan: 'eligibility' } as const;

export function routeOf(slug: string): ScreenRoute | undefined {
  return SCREENS.find((route) => route.slug === slug);
}

/** The guard: eligibility-gated screens need the stored eligibility flag to be 1 (product.md §2, §6). */
export function mayOpen(route: ScreenRoute, eligible: boolean): boolean {
  return route.access !== 'eligible' || eligible;
}

/** The screen the server's next_step event leads to; none for login and anything unknown. */
export function screenOfEvent(event: string | null | undefined): ScreenRoute | undefined {
  return event ? SCREENS.find((route) => route.events.includes(event)) : undefined;
}

/** The screen a step card opens: its event's (every step's event has one). */
export function stepRoute(event: string): ScreenRoute {
  const route = screenOfEvent(event);
  if (!route) throw new Error(`No dashboard screen for the step ${event}`);
  return route;
}

export const stepScreen = (event: string): string => stepRoute(event).slug;

export interface Destination {
  /** A path under /my-dashboard/ ('' is the dashboard root), or the absolute /apply-now. */
  screen: string;
  /** The progress stage. */
  index: number;
}

/** Where an event leads (product.md §4): its screen and stage; login and anything unknown, back to sign-in. */
export function destinationOf(event: string | null | undefined): Destination {
  const route = screenOfEvent(event);
  return route?.stage !== undefined ? { screen: route.slug, index: route.stage } : { screen: '/apply-now', index: 0 };
}

/** The address of a screen: '' is /my-dashboard/, anything else /my-dashboard/<slug>. */
export function screenPath(slug: string): string {
  return slug ? `${DASHBOARD_BASE}/${slug}` : `${DASHBOARD_BASE}/`;
}
