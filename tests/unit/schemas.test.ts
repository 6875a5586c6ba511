import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isCalendarDate } from '../../src/lib/dates.ts';
import { EmploymentRequest } from '../../src/lib/schemas/application.ts';
import { FUTURE_DATE, IncomeDetailsRequest, PersonalDetailsRequest, TOO_YOUNG } from '../../src/lib/schemas/profile.ts';
import { citySchema } from '../../src/schemas/city.ts';
import { faqSchema } from '../../src/schemas/faq.ts';
import { legalSchema } from '../../src/schemas/legal.ts';
import { pageSchema, routedPageSchema } from '../../src/schemas/page.ts';
import { productSchema } from '../../src/schemas/product.ts';
import { sitePageSchema } from '../../src/schemas/sitePage.ts';

type Schema = {
  safeParse(input: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
};

/** The dotted paths of the issues a failed parse reports. */
function failedPaths(schema: Schema, input: unknown): string[] {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((issue) => issue.path.join('.'));
}

function issueFor(schema: Schema, input: unknown, path: string) {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  const issue = result.error?.issues.find((each) => each.path.join('.') === path);
  expect(issue, `an issue at ${path}`).toBeDefined();
  return issue as { path: PropertyKey[]; message: string };
}

const page = {
  title: 'Personal Loan in Mumbai | {{brand}}',
  description: 'Borrow {{minAmount}} to {{maxAmount}} online in Mumbai, with a decision within 24 hours.',
  heading: 'Personal loan in Mumbai',
};

const city = {
  ...page,
  route: '/loan-agency-in-mumbai',
  city: 'Mumbai',
  state: 'Maharashtra',
  footerOrder: 2,
  footerLabel: 'Personal Loan in Mumbai',
  applySteps: ['Sign in', 'Share details', 'Accept the offer'],
  eligibility: ['Age 21 to 60', 'Salaried', 'Salary above {{minSalary}}'],
  documents: ['PAN card'],
};

const product = {
  ...page,
  route: '/instant-loan',
  label: 'Instant Personal Loan',
  summary: 'Borrow {{minAmount}} to {{maxAmount}} for an urgent need.',
  order: 1,
  highlights: ['A fee of {{processingFee}} plus {{gst}} GST'],
  eligibility: ['Salaried, with a monthly salary of at least ₹26,000'],
};

const titled = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ title: `Item ${i + 1}`, text: `Text ${i + 1} by {{brand}}` }));

const about = {
  ...page,
  page: 'about',
  features: titled(2),
  whyChooseUs: titled(6),
};

describe('pageSchema (title, description, heading)', () => {
  it('parses valid front matter and fills facts', () => {
    expect(pageSchema.parse(page)).toEqual({
      title: 'Personal Loan in Mumbai | Kosh Credit',
      description: 'Borrow ₹5,000 to ₹1,00,000 online in Mumbai, with a decision within 24 hours.',
      heading: 'Personal loan in Mumbai',
    });
  });

  it('trims copy', () => {
    expect(pageSchema.parse({ ...page, heading: '  Padded  ' }).heading).toBe('Padded');
  });

  it('rejects a title over 70 characters, naming the title', () => {
    const issue = issueFor(pageSchema, { ...page, title: 'x'.repeat(71) }, 'title');
    expect(issue.message).toBe('keep the title within 70 characters for search results');
    expect(pageSchema.safeParse({ ...page, title: 'x'.repeat(70) }).success).toBe(true);
  });

  it('measures the title after facts are filled', () => {
    // 58 characters plus " | {{brand}}" is 70 before filling and 72 after ("Kosh Credit" is 11).
    const title = `${'y'.repeat(58)} | {{brand}}`;
    expect(title.length).toBe(70);
    expect(failedPaths(pageSchema, { ...page, title })).toEqual(['title']);
  });

  it('rejects a description under 50 or over 170 characters, naming the description', () => {
    expect(issueFor(pageSchema, { ...page, description: 'Too short.' }, 'description').message).toBe(
      'write at least 50 characters',
    );
    expect(issueFor(pageSchema, { ...page, description: 'z'.repeat(171) }, 'description').message).toBe(
      'keep within 170 characters',
    );
    expect(pageSchema.safeParse({ ...page, description: 'z'.repeat(50) }).success).toBe(true);
    expect(pageSchema.safeParse({ ...page, description: 'z'.repeat(170) }).success).toBe(true);
    expect(pageSchema.safeParse({ ...page, description: 'z'.repeat(49) }).success).toBe(false);
  });

  it('counts the description after facts are filled', () => {
    // "{{brand}}" (9) becomes "Kosh Credit" (11): 48 characters before, 50 after.
    const description = `${'d'.repeat(39)}{{brand}}`;
    expect(description.length).toBe(48);
    expect(pageSchema.parse({ ...page, description }).description).toHaveLength(50);
  });

  it('rejects empty or missing copy, naming the field', () => {
    expect(issueFor(pageSchema, { ...page, heading: '   ' }, 'heading').message).toBe('must not be empty');
    const { heading: _heading, ...noHeading } = page;
    expect(failedPaths(pageSchema, noHeading)).toEqual(['heading']);
    expect(failedPaths(pageSchema, { ...page, title: 42 })).toEqual(['title']);
  });

  it('refuses an unknown fact in front matter, naming the fact', () => {
    // Today copy() throws; reporting it as an issue on the field would also be fine.
    const input = { ...page, heading: 'About {{noSuchFact}}' };
    let result: ReturnType<typeof pageSchema.safeParse> | undefined;
    let thrown: unknown;
    try {
      result = pageSchema.safeParse(input);
    } catch (error) {
      thrown = error;
    }
    if (result) {
      expect(result.success).toBe(false);
      expect(issueFor(pageSchema, input, 'heading').message).toMatch(/unknown fact \{\{noSuchFact\}\}/);
    } else {
      expect(thrown).toBeInstanceOf(Error);
      expect((thrown as Error).message).toMatch(/unknown fact \{\{noSuchFact\}\}/);
    }
  });
});

describe('route', () => {
  it.each(['/loan-agency-in-mumbai', '/Instant-Personal-Loan-in-Ghaziabad', '/rateandterms', '/a', '/2024-offer'])(
    'accepts %s',
    (route) => {
      expect(routedPageSchema.parse({ ...page, route }).route).toBe(route);
    },
  );

  it.each([
    ['a slash inside', '/loans/mumbai'],
    ['a trailing slash', '/loan-agency-in-mumbai/'],
    ['no leading slash', 'loan-agency-in-mumbai'],
    ['just a slash', '/'],
    ['a space', '/loan in mumbai'],
    ['an underscore', '/loan_in_mumbai'],
    ['a dot', '/loan.html'],
    ['a query', '/loan?x=1'],
    ['empty', ''],
  ])('rejects a route with %s, naming the route', (_name, route) => {
    const issue = issueFor(routedPageSchema, { ...page, route }, 'route');
    expect(issue.message).toMatch(/must look like \/some-Route/);
  });

  it('rejects a missing route, naming the route', () => {
    expect(failedPaths(routedPageSchema, page)).toEqual(['route']);
  });
});

describe('citySchema', () => {
  it('parses valid front matter and fills facts', () => {
    const parsed = citySchema.parse(city);
    expect(parsed.title).toBe('Personal Loan in Mumbai | Kosh Credit');
    expect(parsed.eligibility[2]).toBe('Salary above ₹25,000');
    expect(parsed.footerOrder).toBe(2);
    expect(parsed.route).toBe('/loan-agency-in-mumbai');
  });

  it('lets footerOrder and footerLabel be left out', () => {
    const { footerOrder: _o, footerLabel: _l, ...rest } = city;
    const parsed = citySchema.parse(rest);
    expect(parsed.footerOrder).toBeUndefined();
    expect(parsed.footerLabel).toBeUndefined();
  });

  it.each([0, -1, 1.5, '2'])('rejects footerOrder %s', (footerOrder) => {
    expect(failedPaths(citySchema, { ...city, footerOrder })).toEqual(['footerOrder']);
  });

  it('needs at least three apply steps and eligibility criteria, and a document', () => {
    expect(issueFor(citySchema, { ...city, applySteps: ['a', 'b'] }, 'applySteps').message).toBe(
      'list at least three steps',
    );
    expect(issueFor(citySchema, { ...city, eligibility: ['a', 'b'] }, 'eligibility').message).toBe(
      'list at least three criteria',
    );
    expect(failedPaths(citySchema, { ...city, documents: [] })).toEqual(['documents']);
  });

  it('names the list item that is empty', () => {
    expect(failedPaths(citySchema, { ...city, applySteps: ['a', ' ', 'c'] })).toEqual(['applySteps.1']);
  });

  it('names route, city and state when they are missing', () => {
    const { route: _r, city: _c, state: _s, ...rest } = city;
    expect(failedPaths(citySchema, rest).sort()).toEqual(['city', 'route', 'state']);
  });
});

describe('faqSchema', () => {
  it('parses a question, filling facts and defaulting onHome to false', () => {
    expect(faqSchema.parse({ question: 'Is {{brand}} registered?', order: 3 })).toEqual({
      question: 'Is Kosh Credit registered?',
      order: 3,
      onHome: false,
    });
    expect(faqSchema.parse({ question: 'Q?', order: 1, onHome: true }).onHome).toBe(true);
  });

  it('names the bad field', () => {
    expect(failedPaths(faqSchema, { question: 'Q?', order: 0 })).toEqual(['order']);
    expect(failedPaths(faqSchema, { question: 'Q?', order: 2.5 })).toEqual(['order']);
    expect(failedPaths(faqSchema, { question: '', order: 1 })).toEqual(['question']);
    expect(failedPaths(faqSchema, { question: 'Q?', order: 1, onHome: 'yes' })).toEqual(['onHome']);
  });
});

describe('legalSchema', () => {
  const legal = { ...page, route: '/privacypolicy', updated: '2026-11-01' };

  it('parses the update date and defaults sidebar to false', () => {
    const parsed = legalSchema.parse(legal);
    expect(parsed.updated).toBeInstanceOf(Date);
    expect(parsed.updated.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(parsed.sidebar).toBe(false);
    expect(parsed.title).toBe('Personal Loan in Mumbai | Kosh Credit');
    expect(legalSchema.parse({ ...legal, sidebar: true }).sidebar).toBe(true);
  });

  it('accepts a date as YAML gives it', () => {
    expect(legalSchema.parse({ ...legal, updated: new Date('2026-11-01') }).updated.getTime()).toBe(
      Date.UTC(2026, 10, 1),
    );
  });

  it('names updated when it is not a date, and route when it is bad', () => {
    expect(failedPaths(legalSchema, { ...legal, updated: 'last week' })).toEqual(['updated']);
    expect(failedPaths(legalSchema, { ...legal, route: '/legal/privacy' })).toEqual(['route']);
  });
});

describe('productSchema', () => {
  it('parses valid front matter and fills facts in every list', () => {
    const parsed = productSchema.parse(product);
    expect(parsed.summary).toBe('Borrow ₹5,000 to ₹1,00,000 for an urgent need.');
    expect(parsed.highlights).toEqual(['A fee of 2% plus 18% GST']);
    expect(parsed.eligibility).toEqual(['Salaried, with a monthly salary of at least ₹26,000']);
  });

  it('defaults highlights and eligibility to empty lists', () => {
    const { highlights: _h, eligibility: _e, ...rest } = product;
    const parsed = productSchema.parse(rest);
    expect(parsed.highlights).toEqual([]);
    expect(parsed.eligibility).toEqual([]);
  });

  it('names the bad field', () => {
    expect(failedPaths(productSchema, { ...product, order: 0 })).toEqual(['order']);
    expect(failedPaths(productSchema, { ...product, label: '' })).toEqual(['label']);
    expect(failedPaths(productSchema, { ...product, route: 'instant-loan' })).toEqual(['route']);
    expect(failedPaths(productSchema, { ...product, highlights: ['ok', ''] })).toEqual(['highlights.1']);
    expect(failedPaths(productSchema, { ...product, title: `${'t'.repeat(71)}` })).toEqual(['title']);
  });
});

describe('sitePageSchema', () => {
  it('parses an about page and fills facts in nested items', () => {
    const parsed = sitePageSchema.parse(about);
    expect(parsed.page).toBe('about');
    if (parsed.page !== 'about') throw new Error('narrowing');
    expect(parsed.whyChooseUs).toHaveLength(6);
    expect(parsed.whyChooseUs[0]?.text).toBe('Text 1 by Kosh Credit');
    expect(parsed.features[1]?.title).toBe('Item 2');
  });

  it("rejects an about page with only 5 'Why choose us' items, naming whyChooseUs", () => {
    const issue = issueFor(sitePageSchema, { ...about, whyChooseUs: titled(5) }, 'whyChooseUs');
    expect(issue.message).toBe("the six 'Why choose us' items");
    expect(failedPaths(sitePageSchema, { ...about, whyChooseUs: titled(7) })).toEqual(['whyChooseUs']);
    expect(failedPaths(sitePageSchema, { ...about, features: titled(3) })).toEqual(['features']);
  });

  it('names the nested field of a bad item', () => {
    const whyChooseUs = titled(6);
    whyChooseUs[4] = { title: 'Fine', text: '' };
    expect(failedPaths(sitePageSchema, { ...about, whyChooseUs })).toEqual(['whyChooseUs.4.text']);
  });

  it('rejects an unknown page kind, naming page', () => {
    const issue = issueFor(sitePageSchema, { ...page, page: 'blog' }, 'page');
    expect(issue.message).toMatch(/'home'.*'notFound'/);
    expect(failedPaths(sitePageSchema, page)).toEqual(['page']);
  });

  it('parses the simple kinds with only the common fields', () => {
    for (const kind of ['services', 'contact', 'faq', 'repay', 'notFound']) {
      expect(sitePageSchema.parse({ ...page, page: kind })).toMatchObject({
        page: kind,
        title: 'Personal Loan in Mumbai | Kosh Credit',
      });
    }
  });

  it('asks the home page for at least two headlines and its headings', () => {
    const home = {
      ...page,
      page: 'home',
      headlines: ['Up to {{maxAmount}}', 'Approval within 24 hours'],
      heroAlt: 'A person with a phone',
      loanRange: 'Borrow {{minAmount}} to {{maxAmount}}',
      calculatorHeading: 'Work it out',
      faqHeading: 'Questions',
    };
    const parsed = sitePageSchema.parse(home);
    if (parsed.page !== 'home') throw new Error('narrowing');
    expect(parsed.headlines[0]).toBe('Up to ₹1,00,000');
    expect(parsed.loanRange).toBe('Borrow ₹5,000 to ₹1,00,000');
    expect(issueFor(sitePageSchema, { ...home, headlines: ['one'] }, 'headlines').message).toBe(
      'the rotating headline needs at least two lines',
    );
    const { heroAlt: _alt, ...noAlt } = home;
    expect(failedPaths(sitePageSchema, noAlt)).toEqual(['heroAlt']);
  });

  it('asks the apply page for exactly three disclaimers and a terms teaser', () => {
    const apply = { ...page, page: 'apply', disclaimers: titled(3), termsTeaser: 'Read the terms.' };
    expect(sitePageSchema.safeParse(apply).success).toBe(true);
    expect(issueFor(sitePageSchema, { ...apply, disclaimers: titled(2) }, 'disclaimers').message).toBe(
      'the three risk-disclaimer cards',
    );
    const { termsTeaser: _t, ...noTeaser } = apply;
    expect(failedPaths(sitePageSchema, noTeaser)).toEqual(['termsTeaser']);
  });

  it('checks the common fields for every kind', () => {
    expect(failedPaths(sitePageSchema, { ...about, title: 'x'.repeat(71) })).toEqual(['title']);
    expect(failedPaths(sitePageSchema, { ...page, page: 'contact', description: 'short' })).toEqual(['description']);
  });
});

describe('dates of the registration forms are real calendar dates', () => {
  const personal = { event_name: 'personal_details', gender: 1, personal_email: 'a@example.in', marital_status_id: 1 };
  const income = { event_name: 'income_details', income_type_id: 1, salary_mode_id: 1, monthly_income: 50000 };
  const employment = {
    event_name: 'employment_details',
    work_mode: 'WFO',
    company_name: 'Acme',
    company_type_id: 1,
    designation: 'Clerk',
    address_1: 'Road 1',
    address_2: 'Area 2',
    pincode: '400001',
  };
  const messageOf = (schema: v.GenericSchema, input: unknown, field: string) => {
    const result = v.safeParse(schema, input);
    expect(result.success).toBe(false);
    return result.issues?.find((issue) => v.getDotPath(issue) === field)?.message;
  };

  it.each([
    '2000-02-31',
    '1999-02-29',
    '2001-04-31',
    '1990-13-01',
    '1990-00-10',
    '1990-01-00',
    '1990-1-01',
    '01-01-1990',
  ])('%s is refused with the field message', (date) => {
    expect(messageOf(PersonalDetailsRequest, { ...personal, dob: date }, 'dob')).toBe(
      'Date of birth is not a valid date.',
    );
    expect(messageOf(IncomeDetailsRequest, { ...income, salary_date: date }, 'salary_date')).toBe(
      'Last salary date is not a valid date.',
    );
    expect(messageOf(EmploymentRequest, { ...employment, emp_since: date }, 'emp_since')).toBe(
      'Employed since is not a valid date.',
    );
  });

  it('a date that does not exist yet is in the future, one that does exist is accepted', () => {
    expect(messageOf(IncomeDetailsRequest, { ...income, salary_date: '2099-01-01' }, 'salary_date')).toBe(FUTURE_DATE);
    expect(messageOf(EmploymentRequest, { ...employment, emp_since: '2099-01-01' }, 'emp_since')).toBe(FUTURE_DATE);
    expect(messageOf(PersonalDetailsRequest, { ...personal, dob: '2099-01-01' }, 'dob')).toBe(TOO_YOUNG);
    expect(v.safeParse(PersonalDetailsRequest, { ...personal, dob: '2000-02-29' }).success).toBe(true);
    expect(v.safeParse(IncomeDetailsRequest, { ...income, salary_date: '2024-02-29' }).success).toBe(true);
    expect(v.safeParse(EmploymentRequest, { ...employment, emp_since: '2020-02-29' }).success).toBe(true);
  });

  it('isCalendarDate knows leap years, including the centuries', () => {
    expect(['2000-02-29', '2024-02-29', '1600-02-29', '0004-02-29', '2026-12-31'].map(isCalendarDate)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['1900-02-29', '2100-02-29', '2026-06-31', '2026-11-31', '0000-00-00', ''].map(isCalendarDate)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
