/**
 * The credit bureau consent shown beside Check Eligibility (issue 24), in one place: the dashboard renders
 * it and the server records the SHA-256 of its plain text (bureauConsentText) when the customer ticks it,
 * so the version on record is of what was shown. Changing a word here makes a new version.
 */

export interface BureauConsent {
  /** The checkbox's label. */
  label: string;
  /** What the consent covers, shown under the checkbox. */
  more: string;
}

/** The consent naming the brand, its lender (site.brand, site.legalName) and how long a report is used. */
export function bureauConsent(brand: string, lender: string, reportValidDays: number): BureauConsent {
  return {
    label: `I authorise ${brand} and its lender ${lender} to get my credit report from a credit bureau to decide on my loan.`,
    more: `${lender} will ask a credit information company registered with the RBI (TransUnion CIBIL, Experian, Equifax or CRIF High Mark) for my credit report and score, using my PAN, name, date of birth and mobile number, only to decide on this application and on the amount it can offer me. The bureau records this enquiry on my report. A report is used for ${reportValidDays} days; after that a new one is asked only with this consent standing. I can withdraw it in "What you agreed to"; without it no decision can be made.`,
  };
}

/** The consent as plain text: what its version is the hash of. */
export const bureauConsentText = (consent: BureauConsent): string => `${consent.label}\n\n${consent.more}`;

/** The decision's reason when there is no standing consent: no bureau was asked. */
export const NO_BUREAU_CONSENT =
  'We decide only after checking your credit report with a credit bureau, and we ask for it only with your consent. Tick the box to give it, then check your eligibility again.';
