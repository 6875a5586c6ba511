import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { citySchema } from './schemas/city.ts';
import { faqSchema } from './schemas/faq.ts';
import { legalSchema } from './schemas/legal.ts';
import { productSchema } from './schemas/product.ts';
import { sitePageSchema } from './schemas/sitePage.ts';

// Editors own content/; each folder is one collection, each markdown file one entry.
// deferRender: rendering at page build makes an unknown {{fact}} in a body fail the build; the
// glob loader's eager render only logs the error and ships an empty body.
const from = (folder: string) => glob({ pattern: '*.md', base: `./content/${folder}`, deferRender: true });

export const collections = {
  cities: defineCollection({ loader: from('cities'), schema: citySchema }),
  faq: defineCollection({ loader: from('faq'), schema: faqSchema }),
  legal: defineCollection({ loader: from('legal'), schema: legalSchema }),
  loans: defineCollection({ loader: from('loans'), schema: productSchema }),
  features: defineCollection({ loader: from('features'), schema: productSchema }),
  pages: defineCollection({ loader: from('pages'), schema: sitePageSchema }),
};
