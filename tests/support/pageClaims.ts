/**
 * How a page's claims are read (issue 24): statements of age and of an income floor, and the claims the
 * product does not keep today, each with its reason and the part of issue 24 that lifts it. Used on the
 * content files (tests/unit/pageCriteria.test.ts) and on the built pages (tests/e2e/pageCriteria.spec.ts).
 */
import site from '../../content/site.json' with { type: 'json' };

/** Sentences and list items: the unit a statement is read in. */
export const statements = (text: string) =>
  text
    .split(/\n+|(?<=[.;:?!])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The credit scores the policy names: the least it lends at, and each band's start. */
const SCORES = [site.creditReport.minScore, ...site.creditReport.scoreBands.map((band) => band.minScore)];

interface Forbidden {
  pattern: RegExp;
  reason: string;
}

/** Claims the product does not keep today, with why; the part of issue 24 that builds the thing lifts each. */
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
  { pattern: /\be-?sign/i, reason: 'there is no e-sign (issue 24: signed agreement)' },
  {
    pattern: /\bagreement\b/i,
    reason: 'there is no loan agreement, and no rent agreement is taken (issue 24: agreement)',
  },
  {
    pattern: /\bsign(?:s|ed|ing)?\b(?!\s+(?:in|out|up)\b|-in)/i,
    reason: 'the customer accepts the Key Fact Statement; nothing is signed (issue 24: signed agreement)',
  },
  {
    pattern: /keep only (?:its|the) last four|never (?:store|keep)[^.]*full Aadhaar/i,
    reason: 'the pictures of the whole Aadhaar card are kept (issue 24: masked Aadhaar)',
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

export function forbiddenIn(text: string): string[] {
  const found: string[] = [];
  for (const statement of statements(text)) {
    const checked = ALLOWED.reduce((s, allowed) => s.replace(allowed, ''), statement);
    for (const { pattern, reason } of FORBIDDEN) {
      if (pattern.test(checked)) found.push(`"${statement}": ${reason}`);
    }
  }
  return found;
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
