/**
 * The five registration steps against the real server, as two walks of one customer each: the PAN
 * (its ten boxes at 320 px, Please wait… while checked), personal details, the summary, the address
 * from the pin code, a step redone later, and the session ended elsewhere; then the picture (a refusal
 * and the alerts' timing, the upload's progress), the profile's screens it fills, and the update
 * action. Each step's page load and customer cost more than what it checked, so the forms' edge cases
 * (messages field by field, what is refused before a request, keys, paste, a network failure) are
 * component tests (tests/components/RegistrationSteps.test.tsx), and each walk loads the dashboard once
 * and moves inside the island where the old tests loaded a page.
 */
import type { Page } from '@playwright/test';
import { REGISTRATION } from '../../support/signIn.ts';
import { expect, test } from '../test.ts';
import {
  birthDate,
  callAs,
  heading,
  openDashboard,
  registerByApi,
  sessionOf,
  sidebar,
  signInByApi,
  steps,
  TINY_PNG,
} from './support.ts';
import { moveTo, requestsInFlight } from './walk.ts';

const box = (page: Page, n: number) => page.getByRole('textbox', { name: `PAN character ${n} of 10` });
const boxes = (page: Page) => Array.from({ length: 10 }, (_, i) => box(page, i + 1));
const save = (page: Page) => page.getByRole('button', { name: 'Save and Continue' }).click();

/** Holds one registration event until `release`; every other call goes through. */
async function holdEvent(page: Page, event: string) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(REGISTRATION, async (route, request) => {
    if (request.postDataJSON()?.event_name === event) await released;
    return route.continue();
  });
  return { release, stop: () => page.unroute(REGISTRATION) };
}

test('the steps on a 320 px phone: the PAN hint’s example accepted after Please wait…, personal details without a divorced customer’s spouse name, the summary, the address from the pin code, a step redone keeps the customer on the step after; a session ended elsewhere signs out at the next call', async ({
  page,
  request,
}) => {
  // Four steps, a page load and a sign-out on a busy machine: a long test.
  test.slow();
  await page.setViewportSize({ width: 320, height: 640 });
  const customer = await signInByApi(request);
  await openDashboard(page, customer, '/my-dashboard/pan-details');

  await test.step("PAN: the hint's example is an individual's PAN that is accepted; the ten boxes stay on one row at 320 px; Please wait… while it is checked", async () => {
    const hint = page.getByText(/e\.g\. [A-Z]{5}\d{4}[A-Z]\b/);
    await expect(hint).toContainText('The 4th letter of a personal PAN is P.');
    // One row, inside the screen: every box on the first box's line, the last one's right edge within 320.
    const places = await Promise.all(boxes(page).map((b) => b.boundingBox()));
    for (const place of places) {
      expect(place?.y).toBe(places[0]?.y);
      expect(place?.width).toBeGreaterThanOrEqual(20);
    }
    expect((places[9]?.x ?? 0) + (places[9]?.width ?? 0)).toBeLessThanOrEqual(320);
    // The example is the one PAN used here, so no other test's customer holds it.
    const example = ((await hint.textContent()) ?? '').match(/e\.g\. ([A-Z]{5}\d{4}[A-Z])/)?.[1] as string;
    expect(example[3]).toBe('P');
    const check = await holdEvent(page, 'pancard_verification');
    await steps.pan(page, example, 52000);
    const busy = page.getByRole('button', { name: 'Please wait…' });
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    check.release();
    await expect(heading(page)).toHaveText('Personal Information');
    await check.stop();
    expect(await sessionOf(page)).toMatchObject({ next_step: 'personal_details', step_percent: '20' });
  });

  await test.step('Personal Information: the spouse name only when Married; Divorced after typing one, it is not sent', async () => {
    const spouse = page.getByRole('textbox', { name: 'Spouse Name' });
    const marital = page.getByRole('combobox', { name: 'Marital Status' });
    await expect(spouse).toHaveCount(0);
    await marital.selectOption('2');
    await expect(spouse).toBeVisible();
    await page.getByRole('textbox', { name: 'Personal Email' }).fill(`s.${customer.mobile}@example.in`);
    await page.getByLabel('Date of Birth').fill(birthDate(28));
    await page.getByRole('radio', { name: 'Male', exact: true }).check();
    await spouse.fill('Kavya');
    await marital.selectOption('3');
    await expect(spouse).toHaveCount(0);
    const sent = page.waitForRequest((r) => r.url().endsWith(REGISTRATION));
    await save(page);
    const payload = (await sent).postDataJSON();
    expect(payload).toMatchObject({ event_name: 'personal_details', marital_status_id: 3, gender: 1 });
    expect(payload).not.toHaveProperty('spouse_name');
    await expect(heading(page)).toHaveText('Residence Address');
  });

  await test.step('profile-summary: the five steps, none clickable, address before personal, and the preview card', async () => {
    await moveTo(page, '/my-dashboard/profile-summary');
    const titles = page.getByRole('main').getByRole('listitem').locator('span span:first-child');
    await expect(titles).toHaveText([
      'PAN Authentication',
      'Residence Address',
      'Personal Information',
      'Income Details',
      'Upload Picture',
    ]);
    await expect(
      page.getByRole('main').getByRole('link', { name: /Authentication|Information|Address|Income|Upload/ }),
    ).toHaveCount(0);
    await page.getByRole('link', { name: /Profile Preview/ }).click();
    await expect(heading(page)).toHaveText('Profile Preview');
  });

  await test.step('Residence Address: the city and state from the pin code, by the server', async () => {
    await moveTo(page, '/my-dashboard/captur-address');
    await page.getByRole('textbox', { name: 'Pin Code' }).fill('110001');
    await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('New Delhi');
    await expect(page.getByRole('textbox', { name: 'State' })).toHaveValue('Delhi');
    await steps.address(page);
    await expect(heading(page)).toHaveText('Income Details');
  });

  await test.step('redoing a step: personal details changed later, the customer stays on the step after', async () => {
    await moveTo(page, '/my-dashboard/');
    await expect(page.getByText('Profile completed: 60%')).toBeVisible();
    // Only the current step (income) is a link on the home; an earlier step is opened by its address.
    await expect(page.getByRole('main').getByRole('link', { name: /Income Details/ })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /Personal Information/ })).toHaveCount(0);
    await page.goto('/my-dashboard/captur-personal-information');
    const email = page.getByRole('textbox', { name: 'Personal Email' });
    await expect(email).toHaveValue(`s.${customer.mobile}@example.in`);
    await email.fill(`asha.new.${customer.mobile}@example.in`);
    await save(page);
    // Saved, and on to the step after the furthest one done, not back to the address.
    await expect(heading(page)).toHaveText('Income Details');
    expect(await sessionOf(page)).toMatchObject({ next_step: 'income_details', step_percent: '60' });
    await moveTo(page, '/my-dashboard/profile-preview');
    await expect(page.getByRole('region', { name: 'Basic Details' })).toContainText(
      `asha.new.${customer.mobile}@example.in`,
    );
  });

  await test.step('Status 4 on any call (the session ended behind the page) logs out: storage cleared, /apply-now', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const quiet = requestsInFlight(page);
    await moveTo(page, '/my-dashboard/captur-personal-information');
    const email = page.getByRole('textbox', { name: 'Personal Email' });
    await expect(email).not.toHaveValue('');
    // The screen's own calls answered first: one still on its way would find the session ended and sign
    // out before the form is pressed (seen on a busy machine).
    await quiet();
    // The session ends elsewhere (another tab, expiry): the page does not know yet.
    expect((await callAs(request, customer, '/Api/Website/logout', {})).status).toBe(200);
    await email.fill('');
    await save(page);
    // Invalid form: nothing is sent, the page stays.
    await expect(page.getByText('Email is required!')).toBeVisible();
    // A screen that calls the server finds out.
    await sidebar(page).getByRole('link', { name: 'My Account' }).click();
    await page.waitForURL('**/apply-now');
    // Sign-in says so, and takes the note that told it: nothing of the session is left.
    await expect(page.getByText('You have been signed out.')).toBeVisible();
    expect(await sessionOf(page)).toEqual({});
  });
});

test('the picture: a refusal stays until closed and the saved message closes itself after 1000 ms; the upload shows its progress; the profile’s screens then show it; the update action', async ({
  page,
  request,
}) => {
  test.slow();
  const customer = await registerByApi(request, await signInByApi(request), { steps: 4 });
  await page.clock.install({ time: new Date('2030-01-01T10:00:00+05:30') });
  await openDashboard(page, customer, '/my-dashboard/upload-picture');
  const chooser = page.getByLabel('Choose a picture');

  await test.step('an error stays until closed', async () => {
    // The screen's code loaded first: jumping the clock five minutes while it still loads would run
    // out the loader's time limit, and the screen would rightly say it could not be loaded.
    await expect(chooser).toBeVisible();
    await page.clock.pauseAt(new Date('2030-01-01T10:05:00+05:30'));
    await page.route('**/appCustomerRegisteration', (route) =>
      route.fulfill({ status: 409, json: { Status: 0, Message: 'Not now, please.', Data: {} } }),
    );
    await chooser.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByRole('button', { name: 'Continue' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Not now, please.' });
    await expect(refused).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(refused).toBeVisible();
    await page.getByRole('button', { name: 'Close message' }).click();
    await expect(refused).toHaveCount(0);
    await page.unroute('**/appCustomerRegisteration');
  });

  await test.step('the upload shows its progress and disables the button; the success message closes itself after 1000 ms', async () => {
    const upload = await holdEvent(page, 'selfie_upload');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('button', { name: /^Uploading… \d+%$/ })).toBeDisabled();
    await expect(page.getByRole('progressbar')).toBeVisible();
    upload.release();
    const saved = page.getByRole('status').filter({ hasText: 'Picture saved.' });
    await expect(saved).toBeVisible();
    await page.clock.runFor(900);
    await expect(saved).toBeVisible();
    await page.clock.runFor(200);
    await expect(saved).toHaveCount(0);
    await expect(heading(page)).toHaveText('Profile Preview');
    await upload.stop();
    expect(await sessionOf(page)).toMatchObject({
      next_step: 'register_now',
      selfie: expect.stringContaining('/Api/files/'),
    });
    await page.clock.resume();
  });

  await test.step('user-profile shows the mobile, e-mail, masked PAN (first 2 and last 1) and the picture', async () => {
    await moveTo(page, '/my-dashboard/user-profile');
    const account = page.getByRole('region', { name: 'Your account' });
    await expect(account).toContainText(customer.mobile);
    await expect(account).toContainText(`asha.${customer.mobile}@example.in`);
    await expect(page.getByTestId('masked-pan')).toHaveText(
      `${customer.pan.slice(0, 2)}*******${customer.pan.slice(-1)}`,
    );
    await expect(account).not.toContainText(customer.pan);
    await expect(account.getByRole('img', { name: 'Your profile' })).toHaveAttribute('src', /\/Api\/files\//);
  });

  await test.step('kyc lists the documents with their state', async () => {
    await moveTo(page, '/my-dashboard/kyc');
    const row = (name: string) =>
      page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    await expect(row('PAN')).toContainText('Verified');
    await expect(row('Selfie')).toContainText('Uploaded');
    for (const name of [
      'Aadhaar card (front)',
      'Aadhaar card (back)',
      'PAN card',
      'Bank statement (last six months)',
      'Salary slip',
      'Utility bill',
    ]) {
      await expect(row(name)).toContainText('Not yet requested');
    }
  });

  await test.step('the update action: title Update, button Update, Back to the profile; kept in the address on reload', async () => {
    await moveTo(page, '/my-dashboard/user-profile');
    await page.getByRole('link', { name: 'Update picture' }).click();
    await expect(page).toHaveURL(/\/my-dashboard\/upload-picture\?action=update$/);
    await expect(heading(page)).toHaveText('Update Picture');
    expect(await page.evaluate(() => history.state)).toEqual({ action: 'update' });
    await page.reload();
    await expect(heading(page)).toHaveText('Update Picture');
    await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
    await chooser.setInputFiles({ name: 'new.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(heading(page)).toHaveText('Profile Preview');
    await page.goto('/my-dashboard/upload-picture?action=update');
    await page.getByRole('link', { name: '← Back to your profile' }).click();
    await expect(page).toHaveURL(/\/my-dashboard\/profile-preview$/);
  });
});
