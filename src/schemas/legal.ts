import { z } from 'astro/zod';
import { routedPageSchema } from './page.ts';

export const legalSchema = routedPageSchema.extend({
  updated: z.coerce.date(),
  /** Whether the page shows the sidebar of section links. */
  sidebar: z.boolean().default(false),
});
