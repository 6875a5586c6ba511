import { z } from 'astro/zod';
import { copy, pageSchema } from './page.ts';

const titled = z.object({ title: copy(), text: copy() });

/** The fixed pages' copy; `page` says which page the file is for, and so which fields it needs. */
export const sitePageSchema = z.discriminatedUnion('page', [
  pageSchema.extend({
    page: z.literal('home'),
    headlines: z.array(copy()).min(2, 'the rotating headline needs at least two lines'),
    /** The loan range, beside Apply Now at the top of the page (on a phone, above the fold). */
    loanRange: copy(),
    heroAlt: copy(),
    calculatorHeading: copy(),
    faqHeading: copy(),
  }),
  pageSchema.extend({
    page: z.literal('about'),
    features: z.array(titled).length(2, 'certified company and experienced team'),
    whyChooseUs: z.array(titled).length(6, "the six 'Why choose us' items"),
  }),
  pageSchema.extend({ page: z.literal('services') }),
  pageSchema.extend({ page: z.literal('contact') }),
  pageSchema.extend({ page: z.literal('faq') }),
  pageSchema.extend({
    page: z.literal('apply'),
    disclaimers: z.array(titled).length(3, 'the three risk-disclaimer cards'),
    termsTeaser: copy(),
  }),
  pageSchema.extend({ page: z.literal('repay') }),
  pageSchema.extend({ page: z.literal('notFound') }),
]);
