import { z } from 'astro/zod';
import { copy, routedPageSchema } from './page.ts';

export const citySchema = routedPageSchema.extend({
  city: copy(),
  state: copy(),
  /** Position among the footer's 'Loans in your City' links; cities without it are not listed there. */
  footerOrder: z.number().int().positive().optional(),
  footerLabel: copy().optional(),
  applySteps: z.array(copy()).min(3, 'list at least three steps'),
  eligibility: z.array(copy()).min(3, 'list at least three criteria'),
  documents: z.array(copy()).min(1),
});
