/**
 * The smaller findings of the phone walk (issue 25, finding 11) that dashboardPromises.spec.ts does not
 * cover: the selfie camera first on a phone, with a plain file chooser beside it; the Loan Details
 * screen without "NA" rows before a loan is made; messages that cover nothing at 320 and 390 px; a
 * single document's failure banner gone once its retry succeeds. The webcam's live preview is in
 * dashboardWebcam.spec.ts (Chromium's fake camera).
 *
 * Checks that read the same kind of page share a test (issue 21): each test is a fresh browser context
 * (about 1.6 s of CPU however little it checks). The two widths' messages are one test, with the
 * /apply-now banner (from dashboardPromises.spec.ts) on the same loads; the documents' failure banners,
 * the KYC screen's and a single document's, one customer; Loan Details before the loan is made is in
 * dashboardPromises.spec.ts beside Application Preview's, and the selfie on a computer in
 * dashboardSmallFixes.spec.ts, on the customer whose selfie is still to take there. The disbursal messages read the shared
 * borrower's (sharedCustomers.ts): its disbursal is all they need.
 */
import type { Locator } from '@playwright/test';
import site from '../../../content/site.json' with { type: 'json' };
import { API } from '../../../src/lib/api/paths.ts';
import { tinyPdf } from '../../api/support/files.ts';
import { openCard, REGISTRATION, requestCode } from '../../support/signIn.ts';
import { expectFits } from '../../support/widths.ts';
import { expect, test } from '../test.ts';
import {
  alert,
  customerInState,
  heading,
  openDashboard,
  randomPan,
  registerByApi,
  signInByApi,
  steps,
  TINY_PNG,
} from './support.ts';
import { moveTo } from './walk.ts';

test.describe.configure({ timeout: 120_000 });

/** The visible controls and text of the page a message lies over (none of the message's own). */
async function coveredBy(message: Locator): Promise<string[]> {
  return message.evaluate((box) => {
    const m = box.getBoundingClientRect();
    const under = [...document.querySelectorAll<HTMLElement>('a, button, input, select, textarea, label, h1, h2, p')];
    return under
      .filter((el) => !box.contains(el) && !el.contains(box) && el.getClientRects().length > 0)
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return (
          r.width > 0 && r.height > 0 && r.left < m.right && m.left < r.right && r.top < m.bottom && m.top < r.bottom
        );
      })
      .map((el) => `${el.tagName} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
  });
}

test.describe('the selfie on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the front camera is the main control, a plain file chooser the other way; the photo is sent', async ({
    page,
    request,
  }) => {
    const customer = await registerByApi(request, await signInByApi(request), { steps: 4 });
    await openDashboard(page, customer, '/my-dashboard/upload-picture');
    await expect(heading(page)).toHaveText('Upload Picture');
    const camera = page.getByLabel('Take a selfie', { exact: true });
    await expect(camera).toHaveAttribute('capture', 'user');
    await expect(camera).toHaveAttribute('accept', 'image/*');
    const plain = page.getByLabel('Choose a picture instead');
    await expect(plain).not.toHaveAttribute('capture');
    await expect(plain).toHaveAttribute('accept', /jpeg.*png/);
    // The label is the visible button, and comes first; the file chooser is plain text below it.
    const cameraBox = await page.locator('label', { has: camera }).boundingBox();
    const plainBox = await page.locator('label', { has: plain }).boundingBox();
    expect(cameraBox && plainBox && cameraBox.y < plainBox.y).toBe(true);
    expect(cameraBox?.height).toBeGreaterThanOrEqual(44);
    await expectFits(page, 'upload-picture');

    // Continue with nothing: the message, and the keyboard on the camera.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Please select image', { exact: true })).toBeVisible();
    await expect(camera).toBeFocused();
    await expect(camera).toHaveAttribute('aria-invalid', 'true');

    // A photo from the phone's camera: shown, announced, and sent.
    await camera.setInputFiles({ name: 'image.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect(page.getByRole('img', { name: 'Your selfie, as it will be sent' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Picture chosen.' })).toBeAttached();
    await expect(page.getByLabel('Take another selfie', { exact: true })).toBeAttached();
    const upload = page.waitForRequest(
      (r) => r.url().endsWith(REGISTRATION) && r.postDataJSON()?.event_name === 'selfie_upload',
    );
    await page.getByRole('button', { name: 'Continue' }).click();
    expect((await upload).postDataJSON()).toMatchObject({ file_ext: 'PNG' });
    await expect(heading(page)).toHaveText('Profile Preview');
  });
});

test("messages cover nothing at 320 and 390 px: the sign-in card's and the dashboard's; /apply-now has no banner Apply Now leading to itself", async ({
  page,
  sharedNewCustomer: customer,
}) => {
  // The sign-in card first at both widths: once the dashboard's session is in the tab, the card is not offered.
  for (const width of [320, 390]) {
    await test.step(`the sign-in card at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 740 });
      // The sign-in card: "OTP sent" in its own line of the card.
      await openCard(page);
      if (width === 320) {
        // From dashboardPromises.spec.ts, on the same load: the card's page has no banner Apply Now to itself.
        await expect(page.locator('.banner').getByRole('link', { name: 'Apply Now' })).toHaveCount(0);
        await expect(page.locator('#login-card')).toBeVisible();
      }
      await requestCode(page, `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`);
      const sentLine = page.locator('#login-card').getByRole('status').filter({ hasText: /\S/ });
      await expect(sentLine).toBeVisible();
      expect(await coveredBy(sentLine)).toEqual([]);
    });
  }
  // Another page keeps the banner's Apply Now.
  await page.goto('/about-us');
  await expect(page.locator('.banner').getByRole('link', { name: 'Apply Now' })).toHaveAttribute('href', '/apply-now');

  // The run's shared signed-in customer: the PAN form's refusal here is the test's, so nothing of it changes.
  for (const width of [320, 390]) {
    await test.step(`the dashboard at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 740 });
      // The dashboard: a refusal's banner (it stays until closed) above the PAN form, over none of it.
      await openDashboard(page, customer, '/my-dashboard/pan-details');
      await page.route(`**${REGISTRATION}`, (route) =>
        route.fulfill({ json: { Status: 0, Message: 'The PAN could not be verified. Please check it.', Data: {} } }),
      );
      await steps.pan(page, randomPan(), 60000);
      const refused = alert(page).filter({ hasText: 'The PAN could not be verified.' });
      await expect(refused).toBeVisible();
      const box = page.locator('div', { has: refused }).last();
      expect(await coveredBy(box)).toEqual([]);
      // Above the screen, within the width.
      const where = await box.boundingBox();
      expect(where && where.x >= 0 && where.x + where.width <= width).toBe(true);
      await page.unroute(`**${REGISTRATION}`);
    });
  }
});

test("documents: the failure banner goes once the retry succeeds, on KYC Documents and on a single document's screen", async ({
  page,
  request,
}) => {
  const customer = await customerInState(request, 'documents pending');
  await test.step('a single document (the salary slip)', async () => {
    await openDashboard(page, customer, `/my-dashboard/upload-salaryslip?lead_id=${customer.leadId}`);
    const tile = page.getByRole('listitem');
    await expect(tile.locator('input[type="file"]').first()).toBeAttached();
    await page.route(`**${API.singleDocument}`, (route) => route.abort('internetdisconnected'));
    await tile.locator('input[type="file"]:not([capture])').setInputFiles({
      name: 'slip.pdf',
      mimeType: 'application/pdf',
      buffer: tinyPdf(),
    });
    await expect(alert(page)).toHaveText('An error occurred while uploading documents. Please try again.');
    await page.unroute(`**${API.singleDocument}`);
    await tile.getByRole('button', { name: /^Try again/ }).click();
    await expect(tile.getByRole('status')).toHaveText(/^Uploaded: slip\.pdf/);
    await expect(alert(page)).toHaveCount(0);
  });

  // From dashboardPromises.spec.ts, where it was the salary slip on a customer of its own: here another
  // document not yet uploaded, so that "Uploaded" can only come from the retry.
  await test.step('KYC Documents (the utility bill)', async () => {
    await moveTo(page, '/my-dashboard/adhar-upload');
    await expect(heading(page)).toHaveText('Complete Your KYC');
    const tile = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Utility bill', exact: true }) });
    await expect(tile.getByRole('status')).not.toHaveText(/^Uploaded/);
    await page.route(`**${REGISTRATION}`, (route) => route.abort('internetdisconnected'));
    await tile.locator('input[type="file"]:not([capture])').setInputFiles({
      name: 'bill.pdf',
      mimeType: 'application/pdf',
      buffer: tinyPdf(),
    });
    await expect(alert(page)).toHaveText('An error occurred while uploading documents. Please try again.');
    await page.unroute(`**${REGISTRATION}`);
    await tile.getByRole('button', { name: 'Try again to upload Utility bill' }).click();
    await expect(tile.getByRole('status')).toHaveText(/^Uploaded: bill\.pdf/);
    await expect(alert(page)).toHaveCount(0);
  });
});

test('the disbursal SMS and e-mail state the amount credited and the due date, and link to this server', async ({
  request,
  baseURL,
  sharedBorrower: borrower,
}) => {
  const email = `asha.${borrower.mobile}@example.in`;
  // The SMS queue and the mail are sent off the request: each is read once it is there.
  const latest = async (path: string, pick: (message: { subject?: string; body: string }) => boolean) => {
    let found: { body: string } | undefined;
    await expect
      .poll(async () => {
        const messages = (await (await request.get(path)).json()) as { subject?: string; body: string }[];
        found = messages.find(pick);
        return Boolean(found);
      })
      .toBe(true);
    return found?.body ?? '';
  };
  const sms = await latest(`${API.devOutbox}?to=${borrower.mobile}`, (m) => m.body.includes('is disbursed'));
  const loanNo = borrower.loanNo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expect(sms).toMatch(
    new RegExp(
      `loan ${loanNo} is disbursed: Rs\\.[\\d,.]+ credited to your bank account\\. Repay Rs\\.[\\d,.]+ by \\d{2}-\\d{2}-\\d{4}\\.`,
    ),
  );
  const disbursedMail = {
    body: await latest(`/__dev/mailbox?to=${encodeURIComponent(email)}`, (m) =>
      Boolean(m.subject?.includes('is disbursed')),
    ),
  };
  expect(disbursedMail.body).toMatch(/Amount credited to your bank account: ₹[\d,.]+/);
  expect(disbursedMail.body).toMatch(/Due date: \d{2}-\d{2}-\d{4}, when ₹[\d,.]+ closes the loan/);
  // In development the links open this server (the built site beside the API), never production's address.
  for (const body of [sms, disbursedMail.body]) {
    const link = body.match(/https?:\/\/\S+/)?.[0] ?? '';
    expect(link.startsWith(`${baseURL}/my-dashboard/lead-preview?lead_id=`), link).toBe(true);
    expect(link).not.toContain(new URL(site.siteUrl).host);
    expect((await request.get(link)).ok()).toBe(true);
  }
});
