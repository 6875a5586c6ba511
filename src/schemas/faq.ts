import { z } from 'astro/zod';
import { copy } from './page.ts';

/** One question; the markdown body is the answer. */
export const faqSchema = z.object({
  question: copy(),
  order: z.number().int().positive(),
  /** Shown in the home page's short list. */
  onHome: z.boolean().default(false),
});
