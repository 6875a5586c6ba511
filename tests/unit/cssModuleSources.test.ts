import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cssModuleSources } from '../../src/plugins/cssModuleSources.ts';

/** The Vite that Astro builds the site with (not a dependency of ours by itself): the little used here. */
interface Logger {
  warn(message: string): void;
  warnOnce(message: string): void;
}
const vite = (await import(
  createRequire(createRequire(import.meta.url).resolve('astro/package.json')).resolve('vite')
)) as { build(config: object): Promise<unknown>; createLogger(level: 'warn'): Logger };

/** Builds a module that uses `composes: … from` another CSS module, and answers Vite's warnings. */
async function warningsOfBuild(root: string, plugins: object[]) {
  const warnings: string[] = [];
  const logger = vite.createLogger('warn');
  logger.warn = (message: string) => warnings.push(message);
  logger.warnOnce = (message: string) => warnings.push(message);
  const output = await vite.build({
    root,
    configFile: false,
    logLevel: 'silent',
    customLogger: logger,
    css: { postcss: { plugins } },
    build: { write: false, lib: { entry: join(root, 'main.js'), formats: ['es'], fileName: 'main' } },
  });
  return { warnings, output: JSON.stringify(output) };
}

describe('CSS modules that compose from another file (src/plugins/cssModuleSources.ts)', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'kosh-css-'));
    await writeFile(join(root, 'base.module.css'), '.base { color: red; }\n');
    await writeFile(
      join(root, 'card.module.css'),
      '.card { composes: base from "./base.module.css"; padding: 1px; }\n',
    );
    await writeFile(join(root, 'main.js'), "import styles from './card.module.css';\nexport default styles;\n");
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('make Vite warn "did not pass the `from` option" without the plugin', async () => {
    const { warnings } = await warningsOfBuild(root, []);
    expect(warnings.join('\n')).toContain('did not pass the `from` option');
  });

  it('build without that warning with it, to the same classes', async () => {
    const without = await warningsOfBuild(root, []);
    const { warnings, output } = await warningsOfBuild(root, [cssModuleSources()]);
    expect(warnings).toEqual([]);
    expect(output).toBe(without.output);
  });
});
