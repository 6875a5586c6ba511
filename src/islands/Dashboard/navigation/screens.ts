/**
 * Every screen of the customer dashboard (dashboard.md §2, decisions.md §8): its address under
 * /my-dashboard/, its title, the component that draws it and who may open it. Plain data with no
 * imports, read by the Astro page that pre-renders one shell per screen, by the island's router
 * and by scripts/budgets.ts (which measures each component's chunk).
 */

/** Who may open a screen: any signed-in customer, or only one found eligible (eligibility 1). */
export type Access = 'signedIn' | 'eligible';

/** The screen components, one file each in this folder, each loaded when first shown. */
export type ScreenComponent =
  | 'RegistrationHome'
  | 'PanDetails'
  | 'PersonalInformation'
  | 'ResidenceAddress'
  | 'IncomeDetails'
  | 'UploadPicture'
  | 'ProfilePreview'
  | 'ProfileSummary'
  | 'Eligibility'
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
  | 'Repayment';

export interface ScreenRoute {
  /** The path under /my-dashboard/; '' is the dashboard itself. */
  slug: string;
  /** The screen's heading and page title. */
  title: string;
  component: ScreenComponent;
  access: Access;
}

export const DASHBOARD_BASE = '/my-dashboard';

const signedIn = (slug: string, title: string, component: ScreenComponent): ScreenRoute => ({
  slug,
  title,
  component,
  access: 'signedIn',
});
/** The loan application's screens and what follows it: for the eligible only (dashboard.md §2, §6). */
const loanStep = (slug: string, title: string, component: ScreenComponent): ScreenRoute => ({
  slug,
  title,
  component,
  access: 'eligible',
});

export const SCREENS: readonly ScreenRoute[] = [
  signedIn('', 'Profile Registration', 'RegistrationHome'),
  signedIn('pan-details', 'PAN Authentication', 'PanDetails'),
  signedIn('captur-personal-information', 'Personal Information', 'PersonalInformation'),
  signedIn('captur-address', 'Residence Address', 'ResidenceAddress'),
  signedIn('captur-income-details', 'Income Details', 'IncomeDetails'),
  signedIn('upload-picture', 'Upload Picture', 'UploadPicture'),
  signedIn('profile-preview', 'Profile Preview', 'ProfilePreview'),
  signedIn('profile-summary', 'Profile Summary', 'ProfileSummary'),
  // The eligible customer's home (the sidebar's Dashboard, dashboard.md §2): the loan first, else the application.
  loanStep('eligibility', 'Your Loan', 'Eligibility'),
  signedIn('kyc', 'KYC Documents', 'Kyc'),
  signedIn('user-profile', 'My Profile', 'UserProfile'),
  loanStep('calculate-loan', 'Calculate Your Loan', 'CalculateLoan'),
  loanStep('about-your-company', 'Employment Details', 'AboutYourCompany'),
  loanStep('adhar-upload', 'Complete Your KYC', 'MandatoryDocuments'),
  loanStep('pan-upload', 'PAN Card Upload', 'DocumentUpload'),
  loanStep('bank-upload', 'Bank Statement Upload', 'DocumentUpload'),
  loanStep('upload-salaryslip', 'Salary Slip Upload', 'DocumentUpload'),
  loanStep('upload-utilitybill', 'Utility Bill Upload', 'DocumentUpload'),
  loanStep('bank-detail', 'Banking Details', 'BankDetail'),
  loanStep('congratulations', 'Congratulations', 'Congratulations'),
  loanStep('lead-preview', 'Application Preview', 'LeadPreview'),
  // Open to every signed-in customer: one with no application sees "No loan history found.".
  signedIn('leads', 'Loan History', 'Leads'),
  loanStep('details', 'Loan Details', 'LeadDetails'),
  loanStep('repayment', 'Repayment', 'Repayment'),
];

export function routeOf(slug: string): ScreenRoute | undefined {
  return SCREENS.find((screen) => screen.slug === slug);
}

/** The address of a screen: '' is /my-dashboard/, anything else /my-dashboard/<slug>. */
export function screenPath(slug: string): string {
  return slug ? `${DASHBOARD_BASE}/${slug}` : `${DASHBOARD_BASE}/`;
}
