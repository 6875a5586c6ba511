/**
 * The few inline scripts of the site (src/scripts/*.js), minified once at build. The pages render
 * exactly this text (InlineScript.astro) and the CSP allows exactly its hash (astro.config.mjs),
 * so the two can never disagree.
 *
 * A script named *.inline.ts is bundled first (esbuild, one IIFE): it may import the small shared
 * modules of src/lib it needs (the dashboard's first paint draws the dues with the screens' own
 * functions, issue 25), which end up in the page's text like the rest of it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSync, transformSync } from 'esbuild';

// From the project root: this module also runs bundled, from dist/.prerender, during the build.
const SCRIPTS = new URL('src/scripts/', pathToFileURL(`${process.cwd()}/`));
const minified = new Map<string, string>();
/** The ending of a script that is bundled before it is inlined. */
const BUNDLED = '.inline.ts';

export function inlineScript(name: string): string {
  let code = minified.get(name);
  if (code === undefined) {
    const bundled = new URL(`${name}${BUNDLED}`, SCRIPTS);
    code = existsSync(bundled)
      ? bundle(fileURLToPath(bundled))
      : minify(readFileSync(new URL(`${name}.js`, SCRIPTS), 'utf8'));
    minified.set(name, code);
  }
  return code;
}

const minify = (source: string) =>
  transformSync(source, { minify: true, target: 'es2020', legalComments: 'none' }).code.trim();

function bundle(entry: string): string {
  const { outputFiles } = buildSync({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
  });
  const [output] = outputFiles ?? [];
  if (!output) throw new Error(`${entry}: no output`);
  return output.text.trim();
}

/** CSP hashes of every inline script. */
export function inlineScriptHashes(): `sha256-${string}`[] {
  return readdirSync(SCRIPTS)
    .filter((file) => file.endsWith('.js') || file.endsWith(BUNDLED))
    .map(
      (file) =>
        `sha256-${createHash('sha256')
          .update(inlineScript(file.replace(/(\.inline\.ts|\.js)$/, '')))
          .digest('base64')}` as const,
    );
}
