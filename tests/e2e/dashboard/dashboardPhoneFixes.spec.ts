/**
 * The smaller findings of the phone walk (issue 25, finding 11) that dashboardPromises.spec.ts does not
 * cover: the selfie camera first on a phone, with a plain file chooser beside it; the Loan Details
 * screen without "NA" rows before a loan is made; messages that cover nothing at 320 and 390 px; a
 * single document's failure banner gone once its retry succeeds. The webcam's live preview is in
 * dashboardWebcam.spec.ts (Chromium's fake camera).
 */
import { expect, type Locator, test } from '@playwright/test';
import site from '../../../content/site.json' with { type: 'json' };
import { API } from '../../../src/lib/api/paths.ts';
import { tinyPdf } from '../../api/support/files.ts';
import { openCard, REGISTRATION, requestCode } from '../../support/signIn.ts';
import { expectFits } from '../../support/widths.ts';
import {
  alert,
  borrowerByApi,
  customerInState,
  heading,
  openDashboard,
  randomPan,
  registerByApi,
  signInByApi,
  steps,
  TINY_PNG,
} from './support.ts';

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

test('the selfie on a computer: no "Take a selfie" that would open a file dialog; the camera and a file chooser', async ({
  page,
  request,
}) => {
  const customer = await registerByApi(request, await signInByApi(request), { steps: 4 });
  await openDashboard(page, customer, '/my-dashboard/upload-picture');
  await expect(page.getByRole('button', { name: 'Take a photo with your camera' })).toBeVisible();
  await expect(page.getByLabel('Take a selfie', { exact: true })).toHaveCount(0);
  await expect(page.locator('input[capture]')).toHaveCount(0);
  await page.getByLabel('Choose a picture instead').setInputFiles({
    name: 'me.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('GIF89a'),
  });
  await expect(page.getByText('Please choose a jpeg, jpg or png image.')).toBeVisible();
});

test('Loan Details before the loan is made: no NA rows, when the loan number comes; once paid out, the loan', async ({
  page,
  request,
}) => {
  const customer = await customerInState(request, 'documents pending');
  const path = `/my-dashboard/details?lead_id=${customer.leadId}`;
  await openDashboard(page, customer, path);
  await expect(page.getByRole('heading', { level: 2, name: `Loan application ${customer.leadId}` })).toBeVisible();
  const table = page.getByRole('table', { name: 'Loan details' });
  await expect(table.getByRole('rowheader', { name: 'Application number', exact: true })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(/\bNA\b/);
  await expect(table.getByRole('rowheader', { name: 'Loan number', exact: true })).toHaveCount(0);
  await expect(table.getByRole('rowheader', { name: 'Disbursed on', exact: true })).toHaveCount(0);
  await expect(page.getByRole('main')).toContainText(
    'Your loan number and the day the money is paid out show here once the loan is paid out.',
  );

  // Loan History: no "NA" amount either.
  await page.goto('/my-dashboard/leads');
  await expect(page.getByRole('list', { name: 'Your loans' })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(/\bNA\b/);

  // Sent, approved and paid out: the loan's number and day are there, and the note gone.
  const sent = await customerInState(request, 'loan active');
  await openDashboard(page, sent, `/my-dashboard/details?lead_id=${sent.leadId}`);
  const loanNo = page.getByRole('table', { name: 'Loan details' }).getByRole('row', { name: /Loan number/ });
  await expect(loanNo).toContainText(/\S+/);
  await expect(page.getByRole('heading', { level: 2, name: /^Loan KCL\d+$/ })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Disbursed on', exact: true })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('show here once the loan is paid out');
});

for (const width of [320, 390]) {
  test(`messages cover nothing at ${width} px: the sign-in card's and the dashboard's`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 740 });
    // The sign-in card: "OTP sent" in its own line of the card.
    await openCard(page);
    await requestCode(page, `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`);
    const sentLine = page.locator('#login-card').getByRole('status').filter({ hasText: /\S/ });
    await expect(sentLine).toBeVisible();
    expect(await coveredBy(sentLine)).toEqual([]);

    // The dashboard: a refusal's banner (it stays until closed) above the PAN form, over none of it.
    const customer = await signInByApi(request);
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
  });
}

test('a single document: the failure banner goes once the retry succeeds', async ({ page, request }) => {
  const customer = await customerInState(request, 'documents pending');
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

test('the disbursal SMS and e-mail state the amount credited and the due date, and link to this server', async ({
  request,
  baseURL,
}) => {
  const borrower = await borrowerByApi(request);
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
