/**
 * `npm run screenshots`: a full-page PNG of every dashboard screen, for a customer in each state
 * (registration in progress, eligible, documents pending, loan active, loan closed), at 390 and
 * 1366 px wide, into reports/screenshots/ (git-ignored), for review. Not part of `npm test`.
 *
 * Uses the built site in dist/ (building it first when it is missing, or with --build), or another
 * build folder with --dist <folder>. Starts the server on a free port with a fresh embedded database
 * (NODE_ENV=test, as the browser tests do) and makes its customers through the real API.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, request as playwrightRequest } from '@playwright/test';
import {
  CUSTOMER_STATES,
  customerInState,
  dashboardReady,
  screenAddress,
  screensOpenTo,
  storeSession,
} from '../tests/e2e/dashboard/support.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/support/chromium.ts';
import { startBenchServer } from './bench/server.ts';

const WIDTHS = [390, 1366] as const;
/**
 * A phone in India set to English (India), so native date fields read dd/mm/yyyy as a borrower sees
 * them (issue 25). Chromium draws a date field in its own interface language, which the headless
 * builds here hold only as en-US (mm/dd/yyyy), whatever `locale` or `--lang` says; the Blink feature
 * below draws it in the page's language instead, and every page is `lang="en-IN"`. `locale` sets
 * navigator.language and Intl to the same, and the time zone is India's.
 */
const AS_IN_INDIA = { locale: 'en-IN', timezoneId: 'Asia/Kolkata' } as const;
const IN_PAGE_LANGUAGE = '--enable-blink-features=LangAttributeAwareFormControlUI';
const OUT = 'reports/screenshots';

const { values } = parseArgs({
  options: { dist: { type: 'string' }, build: { type: 'boolean', default: false } },
});
const siteDir = values.dist ?? 'dist';
if (!values.dist && (values.build || !existsSync(join(siteDir, 'index.html')))) {
  console.log('Building the site…');
  const built = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
if (!existsSync(join(siteDir, 'my-dashboard'))) {
  console.error(`${siteDir} holds no built dashboard: build the site first (npm run build).`);
  process.exit(1);
}

const server = await startBenchServer('embedded', 0, undefined, { siteDir });
const browser = await chromium.launch({
  executablePath: await chromiumPath(),
  args: [...CHROMIUM_ARGS, IN_PAGE_LANGUAGE],
});
const api = await playwrightRequest.newContext({ baseURL: server.url });
let written = 0;
try {
  await rm(OUT, { recursive: true, force: true });
  for (const state of CUSTOMER_STATES) {
    const customer = await customerInState(api, state);
    const folder = join(OUT, state.replaceAll(' ', '-'));
    await mkdir(folder, { recursive: true });
    const page = await browser.newPage({ baseURL: server.url, reducedMotion: 'reduce', ...AS_IN_INDIA });
    await storeSession(page, customer);
    for (const screen of screensOpenTo(customer)) {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
        await page.goto(screenAddress(customer, screen.slug));
        await dashboardReady(page);
        // Wait for the screen's data (a loading line may only appear after a moment): calls done, no
        // loading line, nothing busy.
        await page.waitForLoadState('networkidle');
        await page
          .waitForFunction(
            () => !document.querySelector('[aria-busy="true"]') && !/\bLoading/.test(document.body.textContent ?? ''),
            undefined,
            { timeout: 10_000 },
          )
          .catch(() => console.warn(`${state} ${screen.slug || 'my-dashboard'}: still loading after 10 s`));
        const file = join(folder, `${screen.slug || 'my-dashboard'}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        written += 1;
      }
    }
    await page.close();
    console.log(`${state}: ${screensOpenTo(customer).length} screens`);
  }
  console.log(`${written} screenshots in ${OUT}/`);
} finally {
  await api.dispose();
  await browser.close();
  await server.stop();
}
