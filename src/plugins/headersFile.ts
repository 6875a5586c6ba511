import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { formatHeadersFile, staticHeaderRules } from '../server/security/headers.ts';

/** Writes dist/_headers (security headers and caching) for whichever CDN serves the build. */
export function headersFile(apiBase: string | undefined): AstroIntegration {
  return {
    name: 'headers-file',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        await writeFile(new URL('_headers', dir), formatHeadersFile(staticHeaderRules(apiBase)));
      },
    },
  };
}
