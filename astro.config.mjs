// @ts-check
import { satteri } from '@astrojs/markdown-satteri';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import site from './content/site.json' with { type: 'json' };
import { markdownFacts } from './src/plugins/markdownFacts.ts';

// Every page is pre-rendered to plain files; islands hydrate only where there is interaction.
export default defineConfig({
  site: site.siteUrl,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react()],
  markdown: { processor: satteri({ mdastPlugins: [markdownFacts()] }) },
  devToolbar: { enabled: false },
  prefetch: false,
});
