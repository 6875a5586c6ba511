/**
 * Aadhaar, masked, in the browser (issue 24; decisions.md "Aadhaar, masked"): Complete Your KYC says
 * to upload the customer's own masked e-Aadhaar, where to get it, and shows a drawn one; each Aadhaar
 * upload says that choosing it confirms the first 8 digits are hidden; a whole number pasted keeps
 * only its last four, which is all that travels; staff read it masked. Axe, and 320 px.
 */
import type { Page } from '@playwright/test';
import { tinyJpeg } from '../../api/support/files.ts';
import { axeViolations } from '../../support/axe.ts';
import { REGISTRATION } from '../../support/signIn.ts';
import { expectFits } from '../../support/widths.ts';
import { consoleReady, openConsole, staffByApi } from '../staff/support.ts';
import { expect, test } from '../test.ts';
import { applyByApi, openDashboard, registerByApi, signInByApi } from './support.ts';

test.describe.configure({ timeout: 90_000 });

const SCREEN = '/my-dashboard/adhar-upload';
const LAST4 = 'Last four digits of your Aadhaar number (optional)';
const tile = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
const chooser = (page: Page, name: string) => tile(page, name).locator('input[type="file"]:not([capture])');

test('Complete Your KYC asks for the masked Aadhaar with a picture of one; only XXXX XXXX and the last four reach staff', async ({
  page,
  request,
}) => {
  const customer = await applyByApi(
    request,
    await registerByApi(request, await signInByApi(request), { checkEligibility: true }),
  );
  await openDashboard(page, customer, SCREEN);

  // The explanation comes before the uploads, with where to get one's own and a drawn example.
  const section = page.getByRole('region', { name: 'Upload your masked Aadhaar' });
  await expect(section).toContainText('hides the first 8 digits of the number and shows only the last 4');
  await expect(section.getByRole('img', { name: /masked Aadhaar: the number reads XXXX XXXX 1234/ })).toBeVisible();
  const uidai = section.getByRole('link', { name: /myAadhaar, UIDAI's site/ });
  await expect(uidai).toHaveAttribute('href', 'https://myaadhaar.uidai.gov.in/');
  await expect(uidai).toHaveAttribute('target', '_blank');
  const sectionTop = (await section.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  const firstTileTop = (await tile(page, 'Aadhaar card (front)').boundingBox())?.y ?? 0;
  expect(sectionTop).toBeLessThan(firstTileTop);

  // Each Aadhaar upload says what choosing a file confirms; other documents do not.
  for (const name of ['Aadhaar card (front)', 'Aadhaar card (back)']) {
    await expect(chooser(page, name)).toHaveAccessibleDescription(
      /Masked Aadhaar only \(XXXX XXXX 1234\): by uploading it you confirm its first 8 digits are hidden\./,
    );
  }
  await expect(chooser(page, 'PAN card')).not.toHaveAccessibleDescription(/Masked Aadhaar/);

  // A whole number pasted into the field keeps only its last four digits.
  const last4 = page.getByLabel(LAST4);
  await last4.fill('9876 5432 1098');
  await expect(last4).toHaveValue('1098');

  const sent = page.waitForRequest(
    (r) => r.url().endsWith(REGISTRATION) && r.postDataJSON()?.doc_type === 'aadhaar_front',
  );
  await chooser(page, 'Aadhaar card (front)').setInputFiles({
    name: 'masked-aadhaar.jpeg',
    mimeType: 'image/jpeg',
    buffer: tinyJpeg(),
  });
  const body = (await sent).postData() ?? '';
  expect(JSON.parse(body)).toMatchObject({ event_name: 'aadhaar_upload', aadhaar_last4: '1098' });
  expect(body).not.toMatch(/98765432|9876 5432/);
  await expect(tile(page, 'Aadhaar card (front)').getByRole('status')).toHaveText(/^Uploaded: masked-aadhaar\.jpeg/);

  expect(await axeViolations(page, SCREEN)).toEqual([]);
  await page.setViewportSize({ width: 320, height: 800 });
  await expectFits(page, `${SCREEN} at 320 px`);
  const picture = await section.getByRole('img').boundingBox();
  expect(picture?.width ?? 0).toBeGreaterThan(150);
  expect((picture?.x ?? 0) + (picture?.width ?? 0)).toBeLessThanOrEqual(320);

  // Staff read the number masked on the application's screen (in this tab, as a staff member).
  await openConsole(
    page,
    await staffByApi(request, 'credit@kosh.test'),
    `/staff/application/?lead_id=${customer.leadId}`,
  );
  await consoleReady(page);
  await expect(page.getByText(/Aadhaar card \(front\), uploaded .*: Aadhaar XXXX XXXX 1098/)).toBeVisible();
  await expect(page.locator('body')).not.toContainText('98765432');
});
