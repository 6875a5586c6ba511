/**
 * Every page's statement of who may borrow, what documents to bring and what happens is true of the
 * product today (issue 24): the pages' facts are read against the eligibility policy the server applies
 * (src/server/eligibility/policy.ts, whose defaults come from content/site.json) and the documents the
 * server asks for (src/lib/documents.ts). The claims the product keeps since issue 24 (the credit report
 * checked with consent, the masked Aadhaar, the bank account verified, the loan agreement e-signed with an
 * Aadhaar OTP) must be made as it keeps them; the claims it does not keep are forbidden, each with its
 * reason; every description of how to apply names the application's steps in the product's order (the
 * rules: tests/support/pageClaims.ts; the built pages are read by tests/e2e/pageCriteria.spec.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { LOAN_DOCUMENTS } from '../../src/lib/documents.ts';
import { buildFacts, fillFacts } from '../../src/lib/facts.ts';
import { formatRupees } from '../../src/lib/money.ts';
import { site } from '../../src/lib/site.ts';
import { DEFAULT_POLICY } from '../../src/server/eligibility/policy.ts';
import {
  ageFigures,
  forbiddenIn,
  incomeFloors,
  PROCESS_STEPS,
  processProblems,
  statements,
} from '../support/pageClaims.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const facts = buildFacts();
const policy = DEFAULT_POLICY;
const floor = formatRupees(policy.minMonthlyIncomeRupees);

interface Page {
  where: string;
  raw: string;
  /** The text with its facts filled, markdown marks removed. */
  text: string;
  frontMatter: Record<string, unknown>;
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

const plain = (text: string) => text.replace(/\*\*|__|`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');

const pages: Page[] = markdownFiles(join(root, 'content')).map((path) => {
  const where = relative(root, path);
  const raw = readFileSync(path, 'utf8');
  const [, yaml = ''] = raw.split(/^---$/m);
  return {
    where,
    raw,
    text: plain(fillFacts(raw, facts, where)),
    frontMatter: (parseYaml(yaml) ?? {}) as Record<string, unknown>,
  };
});

describe('the eligibility policy and the pages read the same figures', () => {
  it("the server's default policy is content/site.json's eligibility", () => {
    expect(policy.minAge).toBe(site.eligibility.ageYears.min);
    expect(policy.maxAge).toBe(site.eligibility.ageYears.max);
    expect(policy.minMonthlyIncomeRupees).toBe(site.loan.minMonthlySalaryRupees);
    expect(policy.maxLoanIncomeShare).toBe(site.eligibility.maxLoanIncomeShare);
    expect(policy.incomeTypes).toEqual(site.eligibility.employment.map((kind) => (kind === 'salaried' ? 1 : 2)));
    expect(policy.salaryModes).toEqual(
      site.eligibility.salaryPaidBy.map((mode) => ({ bank: 1, cheque: 2, cash: 3 })[mode]),
    );
  });

  it('the lowest rate tier starts at the income floor, as the rates pages state the tiers', () => {
    // The rates page, the terms and FAQ 6 give each tier's income range; the lowest must be the floor,
    // or a customer at the floor would be lent to at a rate no page names for their income.
    const lowest = site.loan.rateTiers.at(-1);
    expect(lowest?.minMonthlyIncomeRupees).toBe(policy.minMonthlyIncomeRupees);
    expect(facts.rateTiers).toContain(`${floor} to`);
  });

  it('the facts the pages use state the policy', () => {
    expect(facts.minAge).toBe(String(policy.minAge));
    expect(facts.maxAge).toBe(String(policy.maxAge));
    expect(facts.minSalary).toBe(floor);
    expect(facts.employment).toBe(policy.incomeTypes.includes(2) ? 'salaried or self-employed' : 'salaried');
    expect(facts.salaryPaidBy).toContain(policy.salaryModes.includes(2) ? 'by cheque' : 'into a bank account');
    expect(facts.salaryNotPaidBy).toContain(policy.salaryModes.includes(3) ? 'any way' : 'in cash');
  });
});

describe('every content file states only the criteria the policy applies', () => {
  it('has read the content', () => {
    expect(pages.length).toBeGreaterThan(20);
  });

  it.each(pages.map((page) => [page.where, page] as const))('%s types no criterion figure', (_where, page) => {
    // Rupee amounts and ages come from the facts ({{minSalary}}, {{minAge}} …), never typed.
    const body = page.raw.replace(/\{\{[^}]*\}\}/g, '');
    expect(body.match(/₹\s?\d[\d,]*/g) ?? [], 'a typed rupee amount').toEqual([]);
    expect(body.match(/\b(?:aged?|at least)\s+\d{1,2}\s*(?:to|-|years)/gi) ?? [], 'a typed age').toEqual([]);
  });

  it.each(pages.map((page) => [page.where, page] as const))("%s: ages are the policy's", (_where, page) => {
    for (const { statement, min, max } of ageFigures(page.text)) {
      expect(min, statement).toBe(policy.minAge);
      if (max !== undefined) expect(max, statement).toBe(policy.maxAge);
    }
  });

  it.each(pages.map((page) => [page.where, page] as const))(
    "%s: the income floor is the policy's and inclusive",
    (_where, page) => {
      for (const { statement, qualifier, amount } of incomeFloors(page.text)) {
        expect(amount, statement).toBe(floor);
        // The policy accepts exactly the floor: "above ₹25,000" would turn away someone it lends to.
        expect(['at least', 'minimum', 'minimum of'], statement).toContain(qualifier);
      }
    },
  );

  it.each(pages.map((page) => [page.where, page] as const))(
    '%s makes no claim the product does not keep',
    (_w, page) => {
      expect(forbiddenIn(page.text)).toEqual([]);
    },
  );

  it.each(pages.map((page) => [page.where, page] as const))(
    '%s: employment and salary mode as the policy has them',
    (_where, page) => {
      for (const statement of statements(page.text)) {
        if (/self-employed/i.test(statement)) expect(statement).toContain(facts.selfEmployed);
        if (/salary[^.]*(?:paid|credited)\s+(?:in)?to\s+(?:a|your)\s+bank account/i.test(statement))
          expect(statement, 'a salary mode statement leaves out a mode the policy takes').toContain(facts.salaryPaidBy);
        if (/salary[^.]*\bcash\b|\bcash salary/i.test(statement)) expect(statement).toContain(facts.salaryNotPaidBy);
      }
    },
  );

  it('a page with an eligibility list names no city: the policy does not check where you live', () => {
    for (const page of pages) {
      const list = page.frontMatter.eligibility;
      if (!Array.isArray(list)) continue;
      const city = String(page.frontMatter.city ?? '');
      for (const item of list) {
        expect(String(item), page.where).not.toMatch(/resident of (?!India)|living in|live in/i);
        if (city) expect(String(item), page.where).not.toContain(city);
      }
    }
  });

  it('every eligibility list states the age, the income floor and the salary mode', () => {
    const lists = pages.filter((page) => Array.isArray(page.frontMatter.eligibility));
    expect(lists.length).toBeGreaterThan(10);
    for (const page of lists) {
      const text = fillFacts((page.frontMatter.eligibility as string[]).join('\n'), facts, page.where);
      expect(text, page.where).toContain(`${policy.minAge} to ${policy.maxAge}`);
      expect(text, page.where).toContain(`at least ${floor}`);
      expect(text, page.where).toContain(facts.salaryPaidBy);
    }
  });

  it('the FAQ and the terms state every hard rule of the policy', () => {
    for (const where of ['content/faq/03-who-is-eligible.md', 'content/legal/terms.md']) {
      const page = pages.find((p) => p.where === where);
      expect(page, where).toBeDefined();
      const text = page?.text ?? '';
      expect(text).toContain(`aged ${policy.minAge} to ${policy.maxAge}`);
      expect(text).toContain(`at least ${floor}`);
      expect(text).toContain(facts.employment);
      expect(text).toContain(facts.salaryPaidBy);
    }
  });
});

describe('every list of documents is what the server asks for', () => {
  // "Aadhaar card (front)" → "aadhaar card": what a page must call each document.
  const names = [...new Set(LOAN_DOCUMENTS.map((doc) => doc.name.replace(/\s*\(.*\)$/, '').toLowerCase()))];

  const lists = [
    ...pages
      .filter((page) => Array.isArray(page.frontMatter.documents))
      .map((page) => [page.where, (page.frontMatter.documents as string[]).join('\n')] as const),
    ...pages
      .filter((page) => page.where === 'content/faq/04-what-documents-do-i-need.md')
      .map((page) => [page.where, page.text] as const),
  ];

  it('has found the lists', () => {
    expect(lists.length).toBeGreaterThan(10);
  });

  it.each(lists)('%s names every document the server asks for, and a selfie', (_where, text) => {
    for (const name of names) expect(text.toLowerCase()).toContain(name);
    expect(text.toLowerCase()).toContain('selfie');
    expect(text.toLowerCase()).toContain('front and back');
  });

  it.each(lists)('%s asks for the Aadhaar masked, as the upload screen does', (_where, text) => {
    // Only the last four digits may be kept (src/lib/aadhaar.ts): every line naming the Aadhaar says masked.
    const aadhaarLines = statements(text).filter((line) => /\baadhaar\b/i.test(line));
    expect(aadhaarLines.length).toBeGreaterThan(0);
    for (const line of aadhaarLines) expect(line).toMatch(/\bmasked\b/i);
  });
});

describe('every description of how to apply gives the steps the product takes, in its order', () => {
  /** A markdown section by its heading: the text up to the next heading. */
  const section = (text: string, heading: RegExp) => {
    const parts = text.split(/^(?=#{2,3} )/m);
    return parts.find((part) => heading.test(part.split('\n')[0] ?? ''));
  };
  const HOW_TO_APPLY = /^#{2,3} (?:how it works|how to apply|simple to apply|applying)/i;

  const descriptions = [
    ...pages
      .filter((page) => Array.isArray(page.frontMatter.applySteps))
      .map(
        (page) =>
          [page.where, fillFacts((page.frontMatter.applySteps as string[]).join('\n'), facts, page.where)] as const,
      ),
    ...pages.flatMap((page) => {
      const body = page.text.split(/^---$/m).slice(2).join('---');
      const found = section(body, HOW_TO_APPLY);
      return found ? [[`${page.where} (${found.split('\n')[0]})`, found] as const] : [];
    }),
    ...pages
      .filter((page) => page.where === 'content/faq/05-how-fast-is-disbursal.md')
      .map((page) => [page.where, page.text.split(/^---$/m).slice(2).join('---')] as const),
  ];

  it('has found them: every city page, the instant-loan page, the terms and the FAQ', () => {
    const where = descriptions.map(([w]) => w);
    expect(where.filter((w) => w.startsWith('content/cities/')).length).toBe(
      pages.filter((page) => page.where.startsWith('content/cities/')).length,
    );
    for (const page of [
      'content/loans/instant.md',
      'content/legal/terms.md',
      'content/faq/05-how-fast-is-disbursal.md',
    ])
      expect(
        where.some((w) => w.startsWith(page)),
        page,
      ).toBe(true);
  });

  it.each(descriptions)('%s', (_where, text) => {
    expect(processProblems(text)).toEqual([]);
  });

  it('a description out of order, or with a step left out, is caught', () => {
    const inOrder = [
      'Sign in with your mobile number and a one-time code.',
      'Fill in your profile.',
      'Check your eligibility: with your consent, we check your credit report.',
      'Read your offer and its Key Fact Statement, and accept it.',
      'Add your employment details.',
      'Upload your documents, with your masked Aadhaar.',
      'Give your bank account: we verify it is yours.',
      'E-sign the loan agreement with an OTP from Aadhaar.',
      'Once approved, the loan is disbursed.',
    ];
    expect(processProblems(inOrder.join('\n'))).toEqual([]);
    const swapped = [...inOrder];
    [swapped[6], swapped[7]] = [swapped[7] ?? '', swapped[6] ?? ''];
    expect(processProblems(swapped.join('\n'))).not.toEqual([]);
    expect(processProblems(inOrder.slice(1).join('\n'))).toEqual([`leaves out: ${PROCESS_STEPS[0].step}`]);
    expect(processProblems(inOrder.join('\n').replace('with your consent, ', ''))).not.toEqual([]);
  });
});

describe('a claim the product keeps is read as it keeps it; one it does not keep is refused', () => {
  it.each([
    'You e-sign the loan agreement with an OTP sent to the mobile linked to your Aadhaar.',
    'Your bank account is verified before disbursal.',
    'With your consent, we check your credit report with a credit bureau.',
    'Upload your masked Aadhaar (XXXX XXXX 1234): we keep only its last four digits.',
  ])('allows: %s', (claim) => {
    expect(forbiddenIn(claim)).toEqual([]);
  });

  it.each([
    ['we check your credit report', 'consent'],
    ['Sign the Key Fact Statement.', 'signed'],
    ['E-sign the loan agreement with an OTP.', 'Aadhaar'],
    ['Fetch your Aadhaar from DigiLocker.', 'DigiLocker'],
    ['Upload your rent agreement.', 'agreement'],
    ['We keep only the last six digits of your Aadhaar.', 'last 4'],
    ['Upload your masked Aadhaar (XXXX-XXXX-1234).', 'masked'],
    ['Upload your Aadhaar PDF.', 'PDF'],
    ['The loan can be paid into any bank account.', 'penny-drop'],
    ['The money reaches you within one business day of accepting the offer.', 'signed loan agreement'],
    ['No credit check.', 'consent'],
  ])('refuses: %s', (claim, why) => {
    const found = forbiddenIn(claim);
    expect(found.length, claim).toBeGreaterThan(0);
    expect(found.join(' ')).toContain(why);
  });
});
