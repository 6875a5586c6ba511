import { defineCollection } from 'astro:content';
import { readdir, readFile } from 'node:fs/promises';
import { glob, type Loader } from 'astro/loaders';
import { fillFacts } from './lib/facts.ts';
import { citySchema } from './schemas/city.ts';
import { faqSchema } from './schemas/faq.ts';
import { legalSchema } from './schemas/legal.ts';
import { productSchema } from './schemas/product.ts';
import { sitePageSchema } from './schemas/sitePage.ts';

/**
 * Editors own content/; each folder is one collection, each markdown file one entry. Before the
 * folder loads, every {{fact}} in it is checked, so an unknown one stops the build naming the file
 * (a failed markdown render would otherwise only be logged).
 */
function from(folder: string): Loader {
  const base = `content/${folder}`;
  const markdown = glob({ pattern: '*.md', base: `./${base}` });
  return {
    name: `markdown:${folder}`,
    load: async (context) => {
      for (const file of (await readdir(base)).filter((name) => name.endsWith('.md'))) {
        fillFacts(await readFile(`${base}/${file}`, 'utf8'), undefined, `${base}/${file}`);
      }
      return markdown.load(context);
    },
  };
}

export const collections = {
  cities: defineCollection({ loader: from('cities'), schema: citySchema }),
  faq: defineCollection({ loader: from('faq'), schema: faqSchema }),
  legal: defineCollection({ loader: from('legal'), schema: legalSchema }),
  loans: defineCollection({ loader: from('loans'), schema: productSchema }),
  features: defineCollection({ loader: from('features'), schema: productSchema }),
  pages: defineCollection({ loader: from('pages'), schema: sitePageSchema }),
};
