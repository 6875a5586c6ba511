/**
 * Resolves the relative imports inside drizzle-orm without Node's package-scope lookup. For every
 * ES module it loads, Node reads the nearest package.json to learn the file's format, and Node 24
 * parses that file's whole `exports` map each time (getPackageScopeConfig spreads a lazily parsed
 * object): drizzle-orm's is 179 KB, read once for each of the 462 drizzle files a server loads. That
 * was about half of the time a server process spent loading its code (1.6 to 1.8 s of CPU against
 * 0.7 to 0.85 s without, measured importing app.ts; docs/benchmarks.md "The whole test run").
 * What this answers is what Node would: the file next to the importing one, an ES module because
 * drizzle-orm's package.json says `"type": "module"` (checked here, once).
 */
import { readFileSync } from 'node:fs';
import { findPackageJSON, registerHooks } from 'node:module';

const DRIZZLE = '/node_modules/drizzle-orm/';
const drizzlePackage = findPackageJSON('drizzle-orm', import.meta.url);
const isModulePackage =
  drizzlePackage !== undefined && JSON.parse(readFileSync(drizzlePackage, 'utf8')).type === 'module';

if (isModulePackage) {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL;
      if (parent?.includes(DRIZZLE) && parent.endsWith('.js') && /^\.\.?\/.*\.js$/.test(specifier)) {
        return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
      }
      return nextResolve(specifier, context);
    },
  });
}
