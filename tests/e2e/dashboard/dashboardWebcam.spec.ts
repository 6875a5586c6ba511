import { CHROMIUM_ARGS, chromiumPath } from '../../support/chromium.ts';
import { latestCode, openCard, requestCode, typeCode } from '../../support/signIn.ts';
import { expectFits } from '../../support/widths.ts';
import { expect, test } from '../test.ts';
import {
  birthDate,
  heading,
  openDashboard,
  randomMobile,
  randomPan,
  registerByApi,
  sessionOf,
  signInByApi,
  steps,
} from './support.ts';

// Chromium's fake camera (a test pattern) and an automatic yes to the camera prompt, for this file's browser.
test.use({
  launchOptions: {
    executablePath: await chromiumPath(),
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
  permissions: ['camera'],
});

const ELIGIBLE = 'Congratulations! You are eligible for a loan. Continue to choose the amount and tenure.';

test('a new customer signs in, registers in five steps with a webcam selfie, is found eligible and goes on', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const mobile = randomMobile();
  const pan = randomPan();

  // Sign in through the card, as a customer does.
  await openCard(page);
  await requestCode(page, mobile);
  await typeCode(page, await latestCode(request, mobile));
  await page.keyboard.press('Enter');
  await page.waitForURL('**/my-dashboard');
  await expect(heading(page)).toHaveText('Profile Registration');
  await expect(page.getByText('Profile completed: 0%')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check Eligibility' })).toHaveCount(0);

  // Only the current step's card is a link.
  const cards = page.getByRole('list').filter({ hasText: 'PAN Authentication' }).first();
  await expect(cards.getByRole('link')).toHaveCount(1);
  await cards.getByRole('link', { name: /PAN Authentication/ }).click();

  await steps.pan(page, pan, 60000);
  // The PAN check gave the name: the top bar greets by first name, the next step shows it read-only.
  await expect(page.getByRole('banner').getByRole('link', { name: /^Hi, [A-Z][a-z]+$/ })).toBeVisible();
  const fullName = page.getByRole('textbox', { name: 'Full Name' });
  await expect(fullName).toHaveValue(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
  await expect(fullName).toHaveAttribute('readonly', '');
  await steps.personal(page, { email: `asha.${mobile}@example.in`, dob: birthDate(30) });
  await steps.address(page);
  await steps.income(page, 60000);

  await expect(heading(page)).toHaveText('Upload Picture');
  await page.getByRole('button', { name: 'Take a photo with your camera' }).click();
  const preview = page.getByLabel('Camera preview');
  await expect(preview).toBeVisible();
  // The keyboard is on Take photo once the preview shows: Enter takes it.
  const take = page.getByRole('button', { name: 'Take photo' });
  await expect(take).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('img', { name: 'Your selfie, as it will be sent' })).toHaveAttribute(
    'src',
    /^data:image\/jpeg;base64,/,
  );
  // The camera is off once the picture is taken.
  await expect(preview).toHaveCount(0);
  const upload = page.waitForRequest(
    (r) => r.url().endsWith('/appCustomerRegisteration') && r.postDataJSON()?.event_name === 'selfie_upload',
  );
  await page.getByRole('button', { name: 'Continue' }).click();
  expect((await upload).postDataJSON()).toMatchObject({ file_ext: 'JPEG', file: expect.stringMatching(/^\/9j\//) });

  // Registration done: the profile preview, then the eligibility check.
  await expect(heading(page)).toHaveText('Profile Preview');
  await expect(page.getByRole('region', { name: 'Residence Address' })).toContainText('New Delhi');
  expect(await sessionOf(page)).toMatchObject({ next_step: 'register_now', step_percent: '100', pancard: pan });
  // The top bar shows the new picture.
  await expect(page.getByRole('banner').locator('img')).toHaveAttribute('src', /\/Api\/files\//);

  await page.getByRole('checkbox', { name: /get my credit report from a credit bureau/ }).check();
  await page.getByRole('button', { name: 'Check Eligibility' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eligibility Check' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(ELIGIBLE);
  await expect(dialog.getByRole('button', { name: 'OK' })).toHaveCount(0);
  expect(await sessionOf(page)).toMatchObject({ eligibility: '1', next_step: 'generate_loan_quote' });
  await dialog.getByRole('button', { name: 'Process' }).click();
  await expect(page).toHaveURL(/\/my-dashboard\/eligibility$/);
  await expect(heading(page)).toHaveText('Your Loan');
  await expect(dialog).toBeHidden();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });

  test('the live camera with a face guide beside the phone camera, within 320 px', async ({ page, request }) => {
    const customer = await registerByApi(request, await signInByApi(request), { steps: 4 });
    await openDashboard(page, customer, '/my-dashboard/upload-picture');
    await expect(page.getByLabel('Take a selfie', { exact: true })).toHaveAttribute('capture', 'user');
    await page.getByRole('button', { name: 'Use the camera with a face guide' }).click();
    const preview = page.getByLabel('Camera preview');
    await expect(page.getByRole('button', { name: 'Take photo' })).toBeFocused();
    // The oval lies over the preview, inside it; the frame fits the screen.
    const frame = await preview.boundingBox();
    const oval = await preview.locator('xpath=following-sibling::div[1]').boundingBox();
    expect(frame && frame.x >= 0 && frame.x + frame.width <= 320).toBe(true);
    expect(frame && oval && oval.x > frame.x && oval.x + oval.width < frame.x + frame.width).toBe(true);
    await expectFits(page, 'upload-picture with the camera on');
    await page.getByRole('button', { name: 'Close camera' }).click();
    await expect(preview).toHaveCount(0);
    await expect(page.getByLabel('Take a selfie', { exact: true })).toBeAttached();
  });
});
