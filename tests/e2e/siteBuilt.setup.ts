/**
 * Playwright's global setup, run after its servers have started and before any test file loads: under
 * `npm test`, which starts the browser tests with the build (scripts/test.ts, E2E_SITE_BUILT), it waits
 * for the build's end, so Playwright and the servers start while the site builds and no page is asked
 * for half built. Run alone (`npx playwright test` on a built site) there is nothing to wait for.
 */
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

/** Longer than any build takes; a runner that died leaves the tests waiting no longer than this. */
const LIMIT_MS = 15 * 60_000;

export default async function siteBuilt(): Promise<void> {
  const mark = process.env.E2E_SITE_BUILT;
  if (!mark) return;
  const started = Date.now();
  while (Date.now() - started < LIMIT_MS) {
    const ended = await readFile(mark, 'utf8').catch(() => undefined);
    if (ended === 'passed') return;
    if (ended === 'failed') throw new Error('The site did not build (see the build step): no browser test ran.');
    await sleep(200);
  }
  throw new Error(`The build had not ended after ${LIMIT_MS / 60_000} minutes: no browser test ran.`);
}
