/**
 * Every real file under content/: its front matter passes its collection's schema, its facts fill,
 * and the collections hold what the site's menus and pages expect.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { buildFacts, fillFacts } from '../../src/lib/facts.ts';
import { site } from '../../src/lib/site.ts';
import { citySchema } from '../../src/schemas/city.ts';
import { faqSchema } from '../../src/schemas/faq.ts';
import { legalSchema } from '../../src/schemas/legal.ts';
import { productSchema } from '../../src/schemas/product.ts';
import { sitePageSchema } from '../../src/schemas/sitePage.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const contentDir = join(root, 'content');

const schemas = {
  cities: citySchema,
  faq: faqSchema,
  legal: legalSchema,
  loans: productSchema,
  features: productSchema,
  pages: sitePageSchema,
} as const;
type Folder = keyof typeof schemas;

interface ContentFile {
  folder: Folder;
  /** Path from the project root, e.g. content/cities/mumbai.md. */
  file: string;
  text: string;
  frontMatter: Record<string, unknown>;
  body: string;
}

/** Front matter is the YAML between the first two lines that are exactly `---`. */
function split(text: string, file: string): { frontMatter: Record<string, unknown>; body: string } {
  const lines = text.split(/\r?\n/);
  if (lines[0] !== '---') throw new Error(`${file}: does not start with ---`);
  const end = lines.indexOf('---', 1);
  if (end < 0) throw new Error(`${file}: front matter is not closed with ---`);
  const frontMatter = parseYaml(lines.slice(1, end).join('\n'));
  if (typeof frontMatter !== 'object' || frontMatter === null)
    throw new Error(`${file}: front matter is not a mapping`);
  return { frontMatter, body: lines.slice(end + 1).join('\n') };
}

const folders = readdirSync(contentDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const files: ContentFile[] = folders.flatMap((folder) =>
  readdirSync(join(contentDir, folder))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      const path = join(contentDir, folder, name);
      const file = relative(root, path).split('\\').join('/');
      const text = readFileSync(path, 'utf8');
      return { folder: folder as Folder, file, text, ...split(text, file) };
    }),
);

const facts = buildFacts();

function parsed(file: ContentFile) {
  return schemas[file.folder].parse(file.frontMatter) as Record<string, unknown>;
}
const inFolder = (folder: Folder) => files.filter((file) => file.folder === folder);
const data = (folder: Folder): Array<Record<string, unknown> & { file: string }> =>
  inFolder(folder).map((file) => ({ ...parsed(file), file: file.file }));

/** Every string anywhere inside a value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object' && !(value instanceof Date)) return Object.values(value).flatMap(strings);
  return [];
}

describe('content folders', () => {
  it('are exactly the collections with a schema', () => {
    expect(folders).toEqual(Object.keys(schemas).sort());
  });

  it('hold markdown files', () => {
    expect(files.length).toBeGreaterThanOrEqual(30);
    for (const folder of folders) expect(inFolder(folder as Folder).length, folder).toBeGreaterThan(0);
  });
});

describe.each(files.map((file) => [file.file, file] as const))('%s', (_name, file) => {
  it("passes its collection's schema", () => {
    const result = schemas[file.folder].safeParse(file.frontMatter);
    const problems = result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(problems).toEqual([]);
  });

  it('fills every fact in its body and front matter', () => {
    expect(() => fillFacts(file.body, facts, file.file)).not.toThrow();
    const filledBody = fillFacts(file.body, facts, file.file);
    const filledData = strings(parsed(file));
    for (const text of [filledBody, ...filledData]) {
      // A token the fact pattern does not recognise (e.g. {{min-amount}}) would be left as is.
      expect(text).not.toMatch(/\{\{|\}\}/);
    }
  });

  if (file.folder === 'faq') {
    it('has an answer (its body)', () => {
      expect(file.body.trim().length).toBeGreaterThan(0);
    });
  }
});

describe('routes', () => {
  const routed = (['cities', 'loans', 'features', 'legal'] as const).flatMap((folder) =>
    data(folder).map((entry) => ({ file: entry.file, route: entry.route as string })),
  );

  it('are given by every routed file', () => {
    expect(routed).toHaveLength(
      inFolder('cities').length + inFolder('loans').length + inFolder('features').length + inFolder('legal').length,
    );
    for (const { file, route } of routed) expect(route, file).toMatch(/^\/[A-Za-z0-9-]+$/);
  });

  it('are unique, ignoring case', () => {
    const byRoute = new Map<string, string[]>();
    for (const { file, route } of routed) {
      const key = route.toLowerCase();
      byRoute.set(key, [...(byRoute.get(key) ?? []), file]);
    }
    const clashes = [...byRoute].filter(([, users]) => users.length > 1);
    expect(clashes).toEqual([]);
  });

  it("do not take a fixed page's address", () => {
    const fixed = readdirSync(join(root, 'src/pages'))
      .filter((name) => /^[a-z0-9-]+\.astro$/.test(name) && name !== 'index.astro' && name !== '404.astro')
      .map((name) => `/${basename(name, '.astro')}`);
    expect(fixed).toEqual(
      expect.arrayContaining(['/about-us', '/apply-now', '/repayloan', '/faq', '/contact', '/services']),
    );
    const taken = routed.filter(({ route }) => fixed.includes(route.toLowerCase()));
    expect(taken).toEqual([]);
  });
});

describe('FAQ', () => {
  const faq = data('faq') as { file: string; question: string; order: number; onHome: boolean }[];

  it('has exactly 10 questions, 5 of them on the home page', () => {
    expect(faq).toHaveLength(10);
    expect(faq.filter((item) => item.onHome)).toHaveLength(5);
  });

  it('numbers the questions 1 to 10, once each', () => {
    expect(faq.map((item) => item.order).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('cities', () => {
  const cities = data('cities') as {
    file: string;
    route: string;
    city: string;
    footerOrder?: number;
    footerLabel?: string;
  }[];
  const inFooter = cities
    .filter((city) => city.footerOrder !== undefined)
    .sort((a, b) => (a.footerOrder ?? 0) - (b.footerOrder ?? 0));

  it('has 10 cities, 8 of them in the footer at positions 1 to 8', () => {
    expect(cities).toHaveLength(10);
    expect(inFooter).toHaveLength(8);
    expect(inFooter.map((city) => city.footerOrder)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('lists exactly these routes in the footer, in this order', () => {
    expect(inFooter.map((city) => city.route)).toEqual([
      '/instant-personal-loan-online-in-hyderabad',
      '/loan-agency-in-mumbai',
      '/advance-loans-Online-in-Bangalore',
      '/Instant-Personal-Loan-for-Salaried-in-Delhi',
      '/personal-loan-in-Gurgaon',
      '/Personal-loan-in-Noida',
      '/personal-loan-in-faridabad',
      '/Instant-Personal-Loan-in-Ghaziabad',
    ]);
  });

  it('gives every footer city a label', () => {
    for (const city of inFooter) expect(city.footerLabel, city.file).toMatch(/\S/);
  });

  it('keeps Ahmedabad and Greater Noida out of the footer', () => {
    const others = cities.filter((city) => city.footerOrder === undefined).map((city) => city.route);
    expect(others.sort()).toEqual(['/personal-loan-in-ahmedabad', '/personal-loan-in-greater-noida']);
  });
});

describe('products and pages', () => {
  it.each(['loans', 'features'] as const)('orders %s 1..n, once each', (folder) => {
    const orders = data(folder).map((entry) => entry.order as number);
    expect(orders.sort((a, b) => a - b)).toEqual(orders.map((_, i) => i + 1));
  });

  it('has exactly one file for each fixed page', () => {
    const kinds = data('pages').map((entry) => entry.page as string);
    expect(kinds.sort()).toEqual(['about', 'apply', 'contact', 'faq', 'home', 'notFound', 'repay', 'services']);
  });
});

describe('no figure typed twice', () => {
  const literals = [
    site.contact.supportEmail,
    site.contact.collectionEmail,
    site.contact.phone,
    site.contact.phone.replace(/^\+91\s*/, ''),
    site.contact.whatsapp,
    site.grievanceOfficer.email,
    site.grievanceOfficer.phone,
  ];

  it.each(files.map((file) => [file.file, file] as const))(
    '%s types no percentage, rupee figure, e-mail or phone',
    (_name, file) => {
      const text = file.text;
      const lines = text.split('\n');
      expect(lines.filter((line) => line.includes('%'))).toEqual([]);
      expect(lines.filter((line) => /₹\s*\d/.test(line))).toEqual([]);
      for (const literal of literals) expect(text, literal).not.toContain(literal);
    },
  );
});

describe('the pricing pages say the same (issue 12)', () => {
  const filled = (path: string) => {
    const file = files.find((entry) => entry.file === path);
    if (!file) throw new Error(`${path} is missing`);
    return fillFacts(file.body, facts, file.file).replace(/\s+/g, ' ');
  };
  const faq = inFolder('faq')
    .map((file) => fillFacts(file.body, facts, file.file))
    .join('\n')
    .replace(/\s+/g, ' ');
  const pages = {
    'the rates page': filled('content/legal/rate-and-terms.md'),
    'the terms': filled('content/legal/terms.md'),
    'the FAQ': faq,
  };
  const { afterDueDate } = site.loan;
  // The figures as a visitor reads them, worked out here from site.json rather than through the facts.
  const penal = `₹${afterDueDate.penalChargeRupees}`;
  const overdueDays = `at most ${afterDueDate.interestDaysMax} days after the due date`;

  it.each(Object.entries(pages))('%s states the after-due-date policy with its figures', (_name, text) => {
    expect(text).toContain(overdueDays);
    expect(text).toMatch(/on the unpaid principal/);
    expect(text).toContain(`penal charge of ${penal} plus ${afterDueDate.penalChargeGstPercent}% GST`);
    expect(text).toMatch(/once, on the day after the due date/);
    // Issue 20: the threshold under which no penal charge is posted.
    expect(text).toContain(`₹${afterDueDate.penalThresholdRupees} or more is unpaid at the end of the due date`);
    expect(text).toMatch(/never compounded/);
    expect(text).toMatch(/[Nn]othing else is charged/);
  });

  it.each(Object.entries(pages))('%s states the allocation order and closing the loan at no charge', (_name, text) => {
    expect(text).toMatch(
      /first to any charges( due)?, then to (the )?interest( due)?( so far)?, (and )?then to (the )?principal/,
    );
    expect(text).toMatch(/principal (still unpaid|outstanding) plus the interest up to that day/);
    expect(text).toMatch(/no prepayment or foreclosure charge/);
  });

  it.each(Object.entries(pages))('%s states the rate tiers and the cooling-off terms', (_name, text) => {
    for (const tier of site.loan.rateTiers) expect(text).toContain(`${tier.dailyRatePercent}% a day`);
    expect(text).toContain('₹1,00,000 or more');
    expect(text).toContain(`Within ${site.loan.coolingOffDays} days of disbursal`);
    expect(text).toMatch(/processing fee and its GST.{0,40} not refunded/);
  });

  it('leaves no flat "1% a day" claim and no interest on the whole loan amount', () => {
    for (const file of files) {
      const text = fillFacts(file.text, facts, file.file);
      expect(text, file.file).not.toMatch(/\b1% (a|per) day on the (loan )?amount/i);
      expect(text, file.file).not.toMatch(/per day on the loan amount/i);
      expect(text, file.file).not.toMatch(/on the amount you borrow(ed)?\b/i);
    }
  });

  it('explains the daily rate range as the income tiers wherever a page states it', () => {
    const range = `${facts.minDailyRate} to ${facts.maxDailyRate}`;
    for (const file of files) {
      const text = fillFacts(file.text, facts, file.file);
      if (!text.includes(range)) continue;
      expect(text, file.file).toMatch(/monthly income|by income/);
    }
  });

  it.each([
    'content/features/flexibility.md',
    'content/features/minimal-commitment.md',
    'content/features/cost-effective.md',
  ])('%s says a part payment lowers the principal interest runs on', (path) => {
    const text = filled(path);
    expect(text).toMatch(/then to interest, then to principal/);
    expect(text).toMatch(/from the day we receive it/);
  });
});
