/**
 * How a page's claims are read (issue 24): statements of age and of an income floor, the claims the
 * product keeps (each read against the product's own source of truth) and the claims it does not keep,
 * each with its reason. Used on the content files (tests/unit/pageCriteria.test.ts) and on the built
 * pages (tests/e2e/pageCriteria.spec.ts).
 */
import site from '../../content/site.json' with { type: 'json' };
import { maskedForm } from '../../src/lib/aadhaar.ts';
import { AGREEMENT_TITLE } from '../../src/lib/agreement.ts';
import { LOAN_DOCUMENTS } from '../../src/lib/documents.ts';
import { STAGE } from '../../src/lib/onboarding.ts';

/** Sentences and list items: the unit a statement is read in. */
export const statements = (text: string) =>
  text
    .split(/\n+|(?<=[.;:?!])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The credit scores the policy names: the least it lends at, and each band's start. */
const SCORES = [site.creditReport.minScore, ...site.creditReport.scoreBands.map((band) => band.minScore)];

/** The Aadhaar's formats the server takes (src/lib/documents.ts): pictures of a masked card, no PDF today. */
const AADHAAR_FORMATS = new Set(
  LOAN_DOCUMENTS.filter((doc) => doc.doc_type.startsWith('aadhaar')).flatMap((doc) => doc.formats),
);

/** What is signed: the loan agreement of the accepted Key Fact Statement (src/lib/agreement.ts). */
const AGREEMENT = AGREEMENT_TITLE.toLowerCase();

interface Forbidden {
  pattern: RegExp;
  reason: string;
}

/** Claims the product does not keep today, with why. */
export const FORBIDDEN: Forbidden[] = [
  {
    // The credit report is asked before deciding (issue 24, src/server/bureauCheck/): a page may say so, but
    // a score it names must be one the policy uses (content/site.json creditReport).
    pattern: new RegExp(
      `score of (?:at least |about |over |above )?(?!(?:${SCORES.join('|')})\\b)\\d{3}|credit score (?:above|over) `,
      'i',
    ),
    reason: 'a credit score the policy does not use (content/site.json creditReport)',
  },
  {
    pattern: /\bno (?:credit|CIBIL|bureau) (?:check|report)|without (?:a |any )?(?:credit|CIBIL|bureau) check/i,
    reason: 'a credit report is asked, with consent, before every decision (src/server/bureauCheck/)',
  },
  {
    // The only agreement is the loan agreement; no rent or other agreement is asked for (src/lib/documents.ts).
    pattern: /\b(?:rent|rental|lease|leave and licen[cs]e|employment|salary) agreements?\b/i,
    reason: 'no agreement but the loan agreement is taken (src/lib/documents.ts)',
  },
  {
    pattern: /digi\s?locker/i,
    reason: 'no DigiLocker fetch is built: the customer uploads a masked Aadhaar (decisions.md "Aadhaar, masked")',
  },
  {
    pattern:
      /\b(?:wet|ink|physical|paper|handwritten) signature|\bsign(?:ed)? (?:it )?on paper|digital signature certificate|\bDSC\b|\bcourier\b|\bvideo KYC\b/i,
    reason:
      'the agreement is e-signed with an Aadhaar OTP, nothing on paper or on video (src/server/agreement/esign.ts)',
  },
  ...(AADHAAR_FORMATS.has('pdf')
    ? []
    : [
        {
          pattern: /\bAadhaar\b[^.;\n]*\bPDF\b(?![^.;\n]*\b(?:screenshot|photo|picture)s?\b)/i,
          reason: 'the Aadhaar is taken as pictures, not as a PDF (src/lib/documents.ts formats)',
        },
      ]),
  {
    // Of the account a loan is paid into: a payment to us into "any account" is another matter.
    pattern:
      /\b(?:paid|disbursed|sent|credited) (?:in)?to (?:any|someone else's|a family member's|another person's) (?:bank )?account|\b(?:someone else's|a family member's|another person's) (?:bank )?account\b/i,
    reason: "the account's holder must be the PAN's name, verified by penny-drop (src/server/bankAccount/)",
  },
  {
    // Disbursal waits for the verified account and the signed agreement (makeLoan, src/server/application/staff.ts).
    pattern:
      /\b(?:once|after|when|if|as soon as) you(?:'ve| have)? accept(?:ed)?\b[^.;\n]*\b(?:money|disburs\w*|reaches|is sent|arrives|paid)\b[^.;\n]*\b(?:within|business day|at once|immediately|same day)\b|\b(?:days?|hours?) of (?:your )?accept/i,
    reason: 'the money follows the verified bank account and the signed loan agreement, not the acceptance',
  },
  {
    pattern: /passport|voter id|driving licen[cs]e/i,
    reason: 'the server takes only the documents of src/lib/documents.ts',
  },
  {
    pattern: /salary slips? or (?:your )?bank statements?|bank statements? or (?:your )?salary slips?/i,
    reason: 'both a bank statement and a salary slip are asked for, not either',
  },
  {
    pattern:
      /(?:work |job )?experience\b[^.;\n]*\b\d+ (?:years?|months?)|\b\d+ (?:years?|months?)\b[^.;\n]*(?:experience|current job)/i,
    reason: 'no length of experience or of the current job is checked',
  },
  {
    pattern: /length of employment|in your current job|work experience/i,
    reason: 'no length of experience or of the current job is checked',
  },
  {
    pattern: /approval within/i,
    reason: 'a decision, not an approval, is what comes within the decision time',
  },
];

// Said of what the lender reports, not of a check: true today (src/server/bureau/).
const ALLOWED = [/lower your credit score/i, /build your credit history/i];

/** Digits in words, as the pages write a count. */
const COUNT: Record<string, number> = { four: 4, six: 6, eight: 8, twelve: 12 };
const count = (word: string) => COUNT[word.toLowerCase()] ?? Number(word);

/** How many digits of the Aadhaar number the product keeps and shows (src/lib/aadhaar.ts). */
const AADHAAR_KEPT = maskedForm('1234').replace(/\D/g, '').length;

/**
 * Claims the product keeps, each read against what the product does: a statement that makes one must
 * make it as the product keeps it.
 */
export function keptClaimsWrong(statement: string): string[] {
  const wrong: string[] = [];
  // Only the loan agreement is signed, e-signed with an Aadhaar OTP (src/server/agreement/esign.ts).
  if (/\be-?sign|\bsign(?:s|ed|ing)?\b(?!\s+(?:in|out|up)\b|-in)/i.test(statement)) {
    if (!statement.toLowerCase().includes('agreement'))
      wrong.push(`signs something other than the ${AGREEMENT}: only the ${AGREEMENT} is signed`);
    if (/\b(?:OTP|one-time (?:code|password))\b/i.test(statement) && !/\bAadhaar\b/i.test(statement))
      wrong.push('the e-sign OTP is Aadhaar eSign’s, to the mobile linked to the Aadhaar: say so');
  }
  // The credit report is asked only with the customer's consent (src/lib/consents/bureauCheck.ts).
  if (
    /\b(?:check|checks|checked|checking|ask for|get|gets|pull|pulls|fetch|fetches)\b[^.;\n]*\bcredit (?:report|bureau)/i.test(
      statement,
    )
  ) {
    if (!/\bconsent/i.test(statement)) wrong.push('a credit report is asked only with consent: say so');
  }
  // A masked Aadhaar shows the last digits maskedForm keeps, in its form (src/lib/aadhaar.ts).
  for (const m of statement.matchAll(/[Xx*]{4}[ -]?[Xx*]{4}[ -]?(\d{4})/g)) {
    if (m[0] !== maskedForm(m[1] ?? ''))
      wrong.push(`"${m[0]}" is not a masked Aadhaar as shown: ${maskedForm('1234')}`);
  }
  if (/\bAadhaar\b/i.test(statement)) {
    for (const m of statement.matchAll(/\b(?:last|final) (\w+) digits\b/gi)) {
      if (count(m[1] ?? '') !== AADHAAR_KEPT)
        wrong.push(`the product keeps the last ${AADHAAR_KEPT} digits of the Aadhaar, not ${m[1]}`);
    }
    if (/\bfirst (\w+) digits\b/i.test(statement)) {
      const hidden = /\bfirst (\w+) digits\b/i.exec(statement)?.[1] ?? '';
      if (count(hidden) !== 12 - AADHAAR_KEPT)
        wrong.push(`a masked Aadhaar hides the first ${12 - AADHAAR_KEPT} digits`);
    }
  }
  return wrong;
}

export function forbiddenIn(text: string): string[] {
  const found: string[] = [];
  for (const statement of statements(text)) {
    const checked = ALLOWED.reduce((s, allowed) => s.replace(allowed, ''), statement);
    for (const { pattern, reason } of FORBIDDEN) {
      if (pattern.test(checked)) found.push(`"${statement}": ${reason}`);
    }
    for (const reason of keptClaimsWrong(checked)) found.push(`"${statement}": ${reason}`);
  }
  return found;
}

/**
 * The application's steps, in the product's order: sign in, then the progress stages of
 * src/lib/onboarding.ts (the profile's registration steps, eligibility at register_now, the quote and its
 * Key Fact Statement, employment, documents, the bank account), then the agreement's e-signature (asked
 * from the completed application, src/islands/Dashboard/screens/LeadPreview.tsx) and the disbursal,
 * which needs both the verified account and the signed agreement. Each is recognised by the words a
 * description must use for it.
 */
export const PROCESS_STEPS = [
  { step: 'sign in with the mobile OTP', rank: -1, pattern: /\bsign in\b[^.;\n]*\b(?:mobile|one-time code|OTP)\b/i },
  { step: 'profile', rank: STAGE.panDetails, pattern: /\bprofile\b/i },
  { step: 'eligibility, with the credit report under consent', rank: STAGE.registered, pattern: /\beligib/i },
  { step: 'quote and Key Fact Statement', rank: STAGE.loanQuote, pattern: /\bKey Fact Statement\b/i },
  { step: 'employment', rank: STAGE.employment, pattern: /\bemploy(?:ment|er)\b/i },
  { step: 'documents, with the masked Aadhaar', rank: STAGE.documents, pattern: /\bmasked Aadhaar\b/i },
  {
    step: 'bank account verified',
    rank: STAGE.banking,
    pattern: /\bbank account\b[^.;\n]*\bverif|\bverif\w*\b[^.;\n]*\bbank account\b/i,
  },
  { step: `e-sign the ${AGREEMENT}`, rank: STAGE.completed, pattern: /\be-?sign/i },
  { step: 'approval and disbursal', rank: STAGE.completed + 1, pattern: /\bdisburs|\bpaid out\b/i },
] as const;

/**
 * What is wrong with a description of how to apply: a step left out, steps out of the product's order
 * (by where each is first named), or a step's facts missing (the credit report's consent, the Aadhaar
 * OTP of the e-signature).
 */
export function processProblems(text: string): string[] {
  const problems: string[] = [];
  const found = PROCESS_STEPS.map((s) => ({ ...s, at: text.search(s.pattern) }));
  for (const s of found) if (s.at < 0) problems.push(`leaves out: ${s.step}`);
  const named = found.filter((s) => s.at >= 0).sort((a, b) => a.at - b.at);
  for (let i = 1; i < named.length; i++) {
    const [before, after] = [named[i - 1], named[i]];
    if (before && after && before.rank > after.rank) problems.push(`"${after.step}" is named before "${before.step}"`);
  }
  if (!/\bcredit report\b/i.test(text) || !/\bconsent/i.test(text))
    problems.push('the eligibility step does not say the credit report is checked with consent');
  const esign = statements(text).find((s) => /\be-?sign/i.test(s));
  if (
    esign &&
    !(/\bAadhaar\b/i.test(esign) && /\bOTP\b|one-time/i.test(esign) && esign.toLowerCase().includes(AGREEMENT))
  )
    problems.push(`the e-signature is not said to be the ${AGREEMENT}'s, with an Aadhaar OTP: "${esign}"`);
  return problems;
}

/** Every statement of an age figure, with the figures it gives. */
export function ageFigures(text: string): { statement: string; min: number; max?: number }[] {
  const found: { statement: string; min: number; max?: number }[] = [];
  for (const statement of statements(text)) {
    for (const m of statement.matchAll(
      /\b(?:aged?|age of|at least)\s+(\d{1,2})(?:\s*(?:to|-|–|and)\s*(\d{1,2}))?(?:\s+years)?\b(?!\s*(?:days|%|per))/gi,
    )) {
      if (/^at least/i.test(m[0]) && !/years old|age/i.test(statement)) continue;
      found.push({ statement, min: Number(m[1]), ...(m[2] ? { max: Number(m[2]) } : {}) });
    }
    for (const m of statement.matchAll(/\b(\d{1,2})\s+years(?: old)?\s+or\s+(?:above|older|more)/gi)) {
      found.push({ statement, min: Number(m[1]) });
    }
  }
  return found;
}

/** Every statement of an income floor: its wording and the amount. */
export function incomeFloors(text: string): { statement: string; qualifier: string; amount: string }[] {
  const found: { statement: string; qualifier: string; amount: string }[] = [];
  for (const statement of statements(text)) {
    if (!/income|salary|earn/i.test(statement)) continue;
    for (const m of statement.matchAll(/\b(above|over|more than|at least|minimum(?: of)?)\s+(₹[\d,]+)/gi)) {
      found.push({ statement, qualifier: (m[1] ?? '').toLowerCase(), amount: m[2] ?? '' });
    }
  }
  return found;
}

/** A page's visible text, one line per block, without scripts and styles. */
export const visibleText = (html: string) =>
  html
    .replace(/<(script|style|template)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<(?:p|li|h[1-6]|div|section|br|dd|dt|td|th)\b[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&#39;|&rsquo;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ');
