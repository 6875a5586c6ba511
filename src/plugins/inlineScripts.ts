/**
 * The few inline scripts of the site (src/scripts/*.js), minified once at build. The pages render
 * exactly this text (InlineScript.astro) and the CSP allows exactly its hash (astro.config.mjs),
 * so the two can never disagree.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';

// From the project root: this module also runs bundled, from dist/.prerender, during the build.
const SCRIPTS = new URL('src/scripts/', pathToFileURL(`${process.cwd()}/`));
const minified = new Map<string, string>();

export function inlineScript(name: string): string {
  let code = minified.get(name);
  if (code === undefined) {
    const source = readFileSync(new URL(`${name}.js`, SCRIPTS), 'utf8');
    code = transformSync(source, { minify: true, target: 'es2020', legalComments: 'none' }).code.trim();
    minified.set(name, code);
  }
  return code;
}

/** CSP hashes of every inline script. */
export function inlineScriptHashes(): `sha256-${string}`[] {
  return readdirSync(SCRIPTS)
    .filter((file) => file.endsWith('.js'))
    .map(
      (file) =>
        `sha256-${createHash('sha256')
          .update(inlineScript(file.slice(0, -3)))
          .digest('base64')}` as const,
    );
}
