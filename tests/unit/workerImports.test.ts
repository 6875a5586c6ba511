/**
 * The PDF worker threads load only what they draw or check with: each server starts its own on demand,
 * and the ORM and the database driver, pulled in through a shared module, were half a second of CPU for
 * each worker started (src/server/loans/accountFigures.ts). Every module a worker's script resolves is
 * recorded in a process of its own, as the worker would load them.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

/** The module addresses a script loads, by a resolve hook registered before it is imported. */
async function modulesLoadedBy(script: string): Promise<string[]> {
  const source = `
    import { registerHooks } from 'node:module';
    const loaded = [];
    registerHooks({ resolve(specifier, context, next) { const found = next(specifier, context); loaded.push(found.url); return found; } });
    await import(${JSON.stringify(new URL(`../../${script}`, import.meta.url).href)});
    console.log(JSON.stringify(loaded));
    process.exit(0);
  `;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', source]);
  return JSON.parse(stdout) as string[];
}

describe.each(['src/server/statements/drawWorker.ts', 'src/server/storage/pdfCheckWorker.ts'])('%s', (script) => {
  it('loads no database driver, ORM or schema', async () => {
    const loaded = await modulesLoadedBy(script);
    expect(loaded.some((url) => url.endsWith(script))).toBe(true);
    expect(
      loaded.filter((url) => /node_modules\/(drizzle-orm|pg|@electric-sql)\/|src\/server\/db\//.test(url)),
    ).toEqual([]);
  });
});
