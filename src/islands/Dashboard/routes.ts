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
  | 'LoanApplicationStep';

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
/** The loan application's screens; the next issue builds them, for now each says it is not open yet. */
const loanStep = (slug: string, title: string): ScreenRoute => ({
  slug,
  title,
  component: 'LoanApplicationStep',
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
  { slug: 'eligibility', title: 'Check Eligibility for Further Process', component: 'Eligibility', access: 'eligible' },
  signedIn('kyc', 'KYC Documents', 'Kyc'),
  signedIn('user-profile', 'My Profile', 'UserProfile'),
  loanStep('calculate-loan', 'Calculating Loans'),
  loanStep('about-your-company', 'Employment Details'),
  loanStep('adhar-upload', 'Complete Your KYC'),
  loanStep('pan-upload', 'PAN Card Upload'),
  loanStep('bank-upload', 'Bank Statement Upload'),
  loanStep('upload-salaryslip', 'Salary Slip Upload'),
  loanStep('upload-utilitybill', 'Utility Bill Upload'),
  loanStep('bank-detail', 'Banking Details'),
  loanStep('congratulations', 'Congratulations'),
  loanStep('lead-preview', 'Application Preview'),
  loanStep('leads', 'Loan History'),
  loanStep('details', 'Loan Details'),
  loanStep('repayment', 'Repayment'),
];

export function routeOf(slug: string): ScreenRoute | undefined {
  return SCREENS.find((screen) => screen.slug === slug);
}

/** The address of a screen: '' is /my-dashboard/, anything else /my-dashboard/<slug>. */
export function screenPath(slug: string): string {
  return slug ? `${DASHBOARD_BASE}/${slug}` : `${DASHBOARD_BASE}/`;
}
