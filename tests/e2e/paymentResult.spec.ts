/**
 * The payment result pages, /thanku and /fail (issues 4, 14 and 25): static pages with a small script
 * reading the address. Every status, the transaction id or N/A, Home or Go to dashboard, the e-mail
 * address of /fail, search engines and the accessibility scans are checked on one tab, one address
 * after another (issue 21: each test's fresh browser context and worker cost more than the loads),
 * signed out first, then signed in as a borrower whose session could read receipts but must not look
 * up a failed payment's. Without JavaScript needs a context of its own. Paying and the receipt's
 * figures: repay.spec.ts, receipt.spec.ts, receiptDownload.spec.ts.
 */
import type { Page } from '@playwright/test';
import { RECEIPT_PATH } from '../../src/lib/receipt.ts';
import { site } from '../../src/lib/site.ts';
import { axeScan, WCAG_22_AA } from '../support/axe.ts';
import { resultCard as result } from '../support/paymentResult.ts';
import { stepper } from '../support/repay.ts';
import { borrowerByApi, storeSession } from './dashboard/support.ts';
import { expect, test } from './test.ts';

const NOT_YOURS = 'We found no payment of yours with this transaction ID.';

async function axeViolations(page: Page) {
  const results = await axeScan(page).withTags(WCAG_22_AA).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** No WCAG 2.2 AA violations at each width (the loaded page resized: one load serves them all). */
async function noViolationsAt(page: Page, widths: number[]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 844 });
    expect(await axeViolations(page), `at ${width} px`).toEqual([]);
  }
}

async function fitsWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: 740 });
  const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(sizes.scroll, `scrollWidth at ${width} px`).toBeLessThanOrEqual(sizes.inner);
}

/** Counts the receipt look-ups the page makes. */
function receiptCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(RECEIPT_PATH)) calls.push(request.url());
  });
  return calls;
}

test('/thanku and /fail for every status, signed out and then signed in: the title, the id, the way on, out of search results, no WCAG 2.2 AA violations', async ({
  page,
  request,
}) => {
  test.slow(); // five accessibility scans and a dozen loads
  const r = result(page);

  await test.step('SUCCESS: "Thank You" with the transaction id, kept on reload; Home without a session token, never Apply Now', async () => {
    expect((await page.goto('/thanku?txnStatus=SUCCESS&txnId=pay_Abc123XYZ'))?.status()).toBe(200);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(r.title).toHaveText('Thank You');
    await expect(r.txnIdHook).toHaveText('pay_Abc123XYZ');
    await expect(r.statusHook).toHaveText('Successful');
    await expect(page.getByText('Oops')).toBeHidden();
    await expect(r.next).toHaveText('Home');
    // Someone who has just paid is not offered a new loan (issue 14): the banner has no Apply Now.
    await expect(page.locator('.banner').getByRole('link', { name: 'Apply Now' })).toHaveCount(0);
    // The phone width first, so that the rest runs at the desktop's.
    await noViolationsAt(page, [390, 1280]);
    await page.reload();
    await expect(r.title).toHaveText('Thank You');
    await expect(r.txnIdHook).toHaveText('pay_Abc123XYZ');
    await r.next.click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  await test.step('any other status: "Oops" in red, the status, the id or N/A, Try again; Home without a session', async () => {
    for (const [query, status] of [
      ['?txnStatus=FAILED&txnId=pay_Failed1', 'Failed'],
      ['?txnStatus=CANCEL&txnId=403993715', 'Cancelled'],
      ['?txnStatus=FAILED', 'Failed'],
    ] as const) {
      await page.goto(`/thanku${query}`);
      await expect(r.title).toHaveText('Oops');
      await expect(r.title).toHaveCSS('color', 'rgb(180, 35, 24)');
      await expect(r.statusHook).toHaveText(status);
      await expect(r.txnIdHook).toHaveText(query.includes('txnId=') ? (query.split('txnId=')[1] as string) : 'N/A');
      await expect(r.tryAgain).toHaveAttribute('href', '/repayloan');
      if (query === '?txnStatus=FAILED&txnId=pay_Failed1') {
        await expect(r.next).toHaveText('Home');
        await noViolationsAt(page, [390, 1280]);
      }
    }
  });

  await test.step('/fail shows the failure screen whatever the status says, out of search results; neither page is in the sitemap', async () => {
    for (const query of ['', '?txnStatus=SUCCESS&txnId=403993716']) {
      expect((await page.goto(`/fail${query}`))?.status()).toBe(200);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await expect(r.title).toHaveText('Oops');
      await expect(r.txnIdHook).toHaveText(query ? '403993716' : 'N/A');
    }
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).not.toContain('/thanku');
    expect(sitemap).not.toContain('/fail');
  });

  await test.step('/fail: "write to us at" and the e-mail address are two words, the address a link; Try again and Home; fits 320 px, no WCAG 2.2 AA violations', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/fail?txnStatus=FAILED&txnId=403993716');
    await expect(r.title).toHaveText('Oops');
    await expect(r.txnId).toHaveText('403993716');
    const email = site.contact.supportEmail;
    await expect(r.card.getByText('Your payment did not go through.')).toHaveText(
      `Your payment did not go through. If money left your account anyway, write to us at ${email} with the transaction ID below.`,
    );
    await expect(r.card.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    await expect(r.tryAgain).toHaveAttribute('href', '/repayloan');
    await expect(r.home).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(NOT_YOURS)).toHaveCount(0);
    await fitsWidth(page, 320);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  // A borrower with a session that could read receipts: the page must still not look a failure up.
  const borrower = await borrowerByApi(request);
  await storeSession(page, borrower);
  const calls = receiptCalls(page);
  for (const [status, words] of [
    ['FAILED', 'Failed'],
    ['CANCEL', 'Cancelled'],
  ] as const) {
    await test.step(`/thanku after a ${words.toLowerCase()} payment, signed in: the id and Oops, never "no payment of yours"`, async () => {
      const txnId = `pay_failed${Date.now()}`;
      await page.goto(`/thanku?txnStatus=${status}&txnId=${txnId}`);
      await expect(r.title).toHaveText('Oops');
      await expect(r.status).toHaveText(words);
      await expect(r.txnId).toHaveText(txnId);
      await expect(r.card.getByRole('link', { name: 'Go to dashboard' })).toBeVisible();
      // Give a look-up time to happen and answer.
      await page.waitForLoadState('networkidle');
      await expect(page.getByText(NOT_YOURS)).toHaveCount(0);
      await expect(r.card.getByRole('link', { name: 'Sign in' })).toBeHidden();
      expect(calls).toEqual([]);
      if (status === 'CANCEL') await expect(r.card).toContainText('The payment was cancelled, so nothing was charged.');
    });
  }

  await test.step('no status and no id, with a session token: Oops, Failed, N/A, and the button goes to /my-dashboard', async () => {
    await page.goto('/thanku');
    await expect(r.title).toHaveText('Oops');
    await expect(r.title).toHaveCSS('color', 'rgb(180, 35, 24)');
    await expect(r.statusHook).toHaveText('Failed');
    await expect(r.txnIdHook).toHaveText('N/A');
    await expect(r.tryAgain).toHaveAttribute('href', '/repayloan');
    await expect(r.next).toHaveText('Go to dashboard');
    await expect(r.next).toHaveAttribute('href', '/my-dashboard');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/thanku explains where to look; /fail still says Oops; /repayloan offers the bank transfer', async ({
    page,
  }) => {
    await page.goto('/thanku?txnStatus=SUCCESS&txnId=pay_1');
    await expect(result(page).title).toHaveText('Your payment');
    await expect(page.getByText('Thank You')).toBeHidden();
    await page.goto('/fail');
    await expect(result(page).title).toHaveText('Oops');
    await page.goto('/repayloan');
    // Playwright's text matchers skip <noscript>, so its text is read directly.
    const note = page.locator('#repay-stepper .repay-noscript');
    await expect(note).toBeVisible();
    expect(await note.evaluate((element) => element.textContent)).toContain('Online repayment needs JavaScript');
    await expect(stepper(page).pan).toBeHidden();
  });
});

// The repay page on a phone ("OTP sent" and "OTP verified" over nothing at 320 and 390 px): payChoice.spec.ts,
// on the borrower whose amount card is reloaded there.
