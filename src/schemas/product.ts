import { z } from 'astro/zod';
import { copy, routedPageSchema } from './page.ts';

/** Loan pages (instant, short-term, debt consolidation) and feature pages share one shape. */
export const productSchema = routedPageSchema.extend({
  /** Label on the Services card and in footer menus. */
  label: copy(),
  summary: copy(),
  order: z.number().int().positive(),
  /** Position among the footer's 'Loans for Lifestyle' links; pages without it are not listed there. */
  footerOrder: z.number().int().positive().optional(),
  highlights: z.array(copy()).default([]),
  eligibility: z.array(copy()).default([]),
});
