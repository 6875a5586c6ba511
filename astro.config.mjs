// @ts-check

import { satteri } from '@astrojs/markdown-satteri';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import site from './content/site.json' with { type: 'json' };
import { afterPaint } from './src/plugins/afterPaint.ts';
import { cssModuleSources } from './src/plugins/cssModuleSources.ts';
import { dashboardCss } from './src/plugins/dashboardCss.ts';
import { headersFile } from './src/plugins/headersFile.ts';
import { inlineScriptHashes as scriptHashes } from './src/plugins/inlineScripts.ts';
import { markdownFacts } from './src/plugins/markdownFacts.ts';
import { apiOrigin, PAYMENT_ORIGINS } from './src/server/security/headers.ts';

// Where the browser finds the API: same origin when unset (npm start), else e.g. https://api.example.in
const apiBase = process.env.PUBLIC_API_BASE || undefined;

// The small inline scripts of src/scripts/ (rendered minified by InlineScript.astro) are allowed by hash.
const inlineScriptHashes = scriptHashes();

// Every page is pre-rendered to plain files; islands hydrate only where there is interaction.
export default defineConfig({
  site: site.siteUrl,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  // dashboardCss: the dashboard's pages keep inline only the CSS their first paint draws with (issue 25).
  integrations: [react(), afterPaint(), headersFile(apiBase), dashboardCss()],
  // Per-page hashes for every script and style the build emits, as a CSP <meta>.
  security: {
    csp: {
      scriptDirective: {
        resources: ["'self'", ...(apiBase ? [apiOrigin(apiBase)] : []), ...PAYMENT_ORIGINS.scripts],
        hashes: inlineScriptHashes,
      },
    },
  },
  // No code blocks in the copy, and Shiki's inline styles would need a looser CSP.
  markdown: { syntaxHighlight: false, processor: satteri({ mdastPlugins: [markdownFacts()] }) },
  devToolbar: { enabled: false },
  // `npm run dev` runs the API beside Astro's dev server; the browser reaches it on the same origin.
  vite: {
    // CSS modules' `composes … from` declarations get their file as source (src/plugins/cssModuleSources.ts).
    css: { postcss: { plugins: [cssModuleSources()] } },
    ...(process.env.API_PROXY && {
      server: { proxy: { '/Api': process.env.API_PROXY, '/__dev': process.env.API_PROXY } },
    }),
  },
  prefetch: false,
});
