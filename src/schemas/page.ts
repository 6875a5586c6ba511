import { z } from 'astro/zod';
import { fillFacts } from '../lib/facts.ts';

/** A front-matter string that may name site facts as {{name}}; they are filled in at build. */
export const copy = () =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .transform((text, context) => {
      try {
        return fillFacts(text);
      } catch (error) {
        // Reported as a schema issue so that Astro names the file and the field.
        context.addIssue({ code: 'custom', message: (error as Error).message.replace(/^content: /, '') });
        return z.NEVER;
      }
    });

/** Routes are exact, case included: one leading slash, then letters, digits and dashes. */
export const route = () =>
  z.string().regex(/^\/[A-Za-z0-9-]+$/, 'must look like /some-Route (one segment, letters, digits, dashes)');

/** What every page written in markdown has: its title, search description and main heading. */
export const pageSchema = z.object({
  title: copy().pipe(z.string().max(70, 'keep the title within 70 characters for search results')),
  description: copy().pipe(z.string().min(50, 'write at least 50 characters').max(170, 'keep within 170 characters')),
  heading: copy(),
});

/** A page with its own address, taken from the file rather than the file name. */
export const routedPageSchema = pageSchema.extend({ route: route() });
