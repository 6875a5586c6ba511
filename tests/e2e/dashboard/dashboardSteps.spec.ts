import { expect, type Page, test } from '@playwright/test';
import { REGISTRATION } from '../../support/signIn.ts';
import {
  alert,
  birthDate,
  type Customer,
  heading,
  openDashboard,
  randomPan,
  registerByApi,
  sessionOf,
  signInByApi,
  steps,
  TINY_PNG,
  typePan,
} from './support.ts';

/** product.md §5, §8, word for word. */
const MESSAGES = {
  pan: 'Please enter a valid PAN number',
  income: 'Monthly income is required',
  email: 'Email is required!',
  emailFormat: 'This is not a valid email format!',
  tooYoung: 'You must be at least 18 years old.',
  personalNetwork: 'Error saving personal details',
  pin: 'Pin code invalid!',
  future: 'Date cannot be in the future.',
  selfie: 'Please select image',
};

const box = (page: Page, n: number) => page.getByRole('textbox', { name: `PAN character ${n} of 10` });
const boxes = (page: Page) => Array.from({ length: 10 }, (_, i) => box(page, i + 1));
const save = (page: Page) => page.getByRole('button', { name: 'Save and Continue' }).click();

/** Answers one registration event from the test; every other call goes through. */
async function onEvent(page: Page, event: string, reply: Parameters<Page['route']>[1]) {
  await page.route(REGISTRATION, async (route, request) => {
    if (request.postDataJSON()?.event_name === event) return (reply as (r: typeof route) => unknown)(route);
    return route.continue();
  });
}

/** A customer part-way through registration, on the screen of their next step. */
async function customerAt(page: Page, request: Parameters<typeof signInByApi>[0], done: number, path: string) {
  const customer: Customer = await registerByApi(request, await signInByApi(request), { steps: done });
  await openDashboard(page, customer, path);
  return customer;
}

test.describe('PAN Authentication', () => {
  test('ten boxes: letters, digits, letter; typing advances, Backspace goes back, lower case is raised', async ({
    page,
    request,
  }) => {
    await customerAt(page, request, 0, '/my-dashboard/pan-details');
    await expect(heading(page)).toHaveText('PAN Authentication');
    await box(page, 1).click();
    // A digit in a letter box is refused; a lower-case letter is taken as upper case.
    await page.keyboard.type('1a');
    await expect(box(page, 1)).toHaveValue('A');
    await expect(box(page, 2)).toBeFocused();
    await page.keyboard.type('bcpe');
    await expect(box(page, 6)).toBeFocused();
    // A letter in a digit box is refused.
    await page.keyboard.type('x12');
    await expect(box(page, 6)).toHaveValue('1');
    await expect(box(page, 8)).toBeFocused();
    await page.keyboard.press('Backspace');
    await expect(box(page, 7)).toBeFocused();
    await expect(box(page, 7)).toHaveValue('');
    await page.keyboard.type('2345f');
    const values = await Promise.all(boxes(page).map((b) => b.inputValue()));
    // The 5 did not fit the last box (a letter); the f did.
    expect(values.join('')).toBe('ABCPE1234F');
    for (const [index, b] of boxes(page).entries()) {
      await expect(b).toHaveAttribute('inputmode', index >= 5 && index <= 8 ? 'numeric' : 'text');
    }
  });

  test('a pasted PAN fills all ten boxes, wherever it is pasted', async ({ page, request }) => {
    await customerAt(page, request, 0, '/my-dashboard/pan-details');
    await box(page, 4).evaluate((element) => {
      const data = new DataTransfer();
      data.setData('text/plain', ' abcpe-1234-f ');
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    const values = await Promise.all(boxes(page).map((b) => b.inputValue()));
    expect(values.join('')).toBe('ABCPE1234F');
  });

  test(`empty: "${MESSAGES.pan}" and "${MESSAGES.income}", tied to their fields; income takes 7 digits only`, async ({
    page,
    request,
  }) => {
    await customerAt(page, request, 0, '/my-dashboard/pan-details');
    let sent = false;
    page.on('request', (r) => {
      if (r.url().endsWith(REGISTRATION)) sent = true;
    });
    await page.getByRole('button', { name: 'Verify PAN' }).click();
    await expect(page.getByText(MESSAGES.pan, { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.income, { exact: true })).toBeVisible();
    await expect(box(page, 1)).toBeFocused();
    await expect(box(page, 1)).toHaveAttribute('aria-invalid', 'true');
    const income = page.getByRole('textbox', { name: 'Monthly Income' });
    await expect(income).toHaveAttribute('aria-invalid', 'true');
    await expect(income).toHaveAccessibleDescription(new RegExp(MESSAGES.income));
    await income.pressSequentially('12a34567890');
    await expect(income).toHaveValue('1234567');
    // An incomplete PAN is still refused before anything is sent.
    await typePan(page, 'ABCPE12');
    await page.getByRole('button', { name: 'Verify PAN' }).click();
    await expect(page.getByText(MESSAGES.pan, { exact: true })).toBeVisible();
    expect(sent).toBe(false);
  });

  test('a refused PAN: the server message, the boxes cleared and the first focused', async ({ page, request }) => {
    await customerAt(page, request, 0, '/my-dashboard/pan-details');
    // The sandbox refuses a PAN whose 4th letter is not P (not an individual's).
    await steps.pan(page, 'ABCFE1234F', 45000);
    await expect(alert(page)).toHaveText('This PAN is not of an individual. Please use your personal PAN.');
    for (const b of boxes(page)) await expect(b).toHaveValue('');
    await expect(box(page, 1)).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Monthly Income' })).toHaveValue('45000');
  });

  test("the hint's example is an individual's PAN that is accepted; the ten boxes stay on one row at 320 px", async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await customerAt(page, request, 0, '/my-dashboard/pan-details');
    const hint = page.getByText(/e\.g\. [A-Z]{5}\d{4}[A-Z]\b/);
    await expect(hint).toContainText('The 4th letter of a personal PAN is P.');
    await expect(page.getByRole('group', { name: 'PAN Number' })).toHaveAccessibleDescription(
      /4th letter of a personal PAN is P/,
    );
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
    await steps.pan(page, example, 52000);
    await expect(heading(page)).toHaveText('Personal Information');
  });

  test('while the check runs the button is disabled and says Please wait…', async ({ page, request }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await customerAt(page, request, 0, '/my-dashboard/pan-details');
    await onEvent(page, 'pancard_verification', async (route) => {
      await held;
      await route.continue();
    });
    await steps.pan(page, randomPan(), 50000);
    const busy = page.getByRole('button', { name: 'Please wait…' });
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(heading(page)).toHaveText('Personal Information');
    expect(await sessionOf(page)).toMatchObject({ next_step: 'personal_details', step_percent: '20' });
  });
});

test.describe('Personal Information', () => {
  test('every required field says so; the e-mail format; under 18 refused', async ({ page, request }) => {
    await customerAt(page, request, 1, '/my-dashboard/captur-personal-information');
    await expect(page.getByRole('textbox', { name: 'Full Name' })).not.toHaveValue('');
    await save(page);
    for (const message of [
      MESSAGES.email,
      'Date of birth is required!',
      'Marital status is required!',
      'Gender is required!',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('textbox', { name: 'Personal Email' })).toBeFocused();
    await page.getByRole('textbox', { name: 'Personal Email' }).fill('asha@');
    await page.getByLabel('Date of Birth').fill(birthDate(17));
    await save(page);
    await expect(page.getByText(MESSAGES.emailFormat, { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.tooYoung, { exact: true })).toBeVisible();
  });

  test('spouse name only when Married, required then, and sent only then', async ({ page, request }) => {
    const customer = await customerAt(page, request, 1, '/my-dashboard/captur-personal-information');
    const spouse = page.getByRole('textbox', { name: 'Spouse Name' });
    const marital = page.getByRole('combobox', { name: 'Marital Status' });
    await expect(spouse).toHaveCount(0);
    await marital.selectOption('2');
    await expect(spouse).toBeVisible();
    await page.getByRole('textbox', { name: 'Personal Email' }).fill(`s.${customer.mobile}@example.in`);
    await page.getByLabel('Date of Birth').fill(birthDate(28));
    await page.getByRole('radio', { name: 'Male', exact: true }).check();
    await save(page);
    await expect(page.getByText('Spouse name is required!', { exact: true })).toBeVisible();
    await spouse.fill('Kavya');
    // Divorced after typing a spouse name: the field goes, and the name is not sent.
    await marital.selectOption('3');
    await expect(spouse).toHaveCount(0);
    const sent = page.waitForRequest((r) => r.url().endsWith(REGISTRATION));
    await save(page);
    const payload = (await sent).postDataJSON();
    expect(payload).toMatchObject({ event_name: 'personal_details', marital_status_id: 3, gender: 1 });
    expect(payload).not.toHaveProperty('spouse_name');
    await expect(heading(page)).toHaveText('Residence Address');
  });

  test(`a network failure: "${MESSAGES.personalNetwork}"`, async ({ page, request }) => {
    const customer = await customerAt(page, request, 1, '/my-dashboard/captur-personal-information');
    await onEvent(page, 'personal_details', (route) => route.abort('internetdisconnected'));
    await steps.personal(page, { email: `n.${customer.mobile}@example.in`, dob: birthDate(40) });
    await expect(alert(page)).toHaveText(MESSAGES.personalNetwork);
    await expect(heading(page)).toHaveText('Personal Information');
    await expect(page.getByRole('button', { name: 'Save and Continue' })).toBeEnabled();
    // An error stays until it is closed.
    await page.getByRole('button', { name: 'Close message' }).click();
    await expect(alert(page)).toHaveCount(0);
  });
});

test.describe('Residence Address', () => {
  test(`required fields, "${MESSAGES.pin}", and the city and state from the pin code`, async ({ page, request }) => {
    await customerAt(page, request, 2, '/my-dashboard/captur-address');
    await save(page);
    for (const message of [
      'Residence type is required!',
      'Address line 1 is required!',
      'Address line 2 is required!',
      MESSAGES.pin,
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    // The landmark is optional.
    await expect(page.getByText(/Landmark.*required/)).toHaveCount(0);
    const pin = page.getByRole('textbox', { name: 'Pin Code' });
    await pin.fill('012345');
    await save(page);
    await expect(page.getByText(MESSAGES.pin, { exact: true })).toBeVisible();
    await pin.fill('999999');
    await expect(page.getByText('We could not find this pin code. Please check it.')).toBeVisible();
    await pin.fill('110001');
    await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('New Delhi');
    await expect(page.getByRole('textbox', { name: 'State' })).toHaveValue('Delhi');
    await pin.fill('');
    await pin.pressSequentially('56000a1');
    await expect(pin).toHaveValue('560001');
    await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Bangalore');
  });
});

test.describe('Income Details', () => {
  test(`required fields and "${MESSAGES.future}"`, async ({ page, request }) => {
    await customerAt(page, request, 3, '/my-dashboard/captur-income-details');
    // The income given with the PAN is already there.
    const income = page.getByRole('textbox', { name: 'Monthly Income' });
    await expect(income).toHaveValue('60000');
    await income.fill('');
    await save(page);
    for (const message of [
      'Employment type is required!',
      MESSAGES.income,
      'Last salary date is required!',
      'Salary mode is required!',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Last Salary Date').fill(tomorrow);
    await save(page);
    await expect(page.getByText(MESSAGES.future, { exact: true })).toBeVisible();
  });
});

test.describe('Upload Picture', () => {
  test(`nothing chosen: "${MESSAGES.selfie}"; a wrong file type is refused`, async ({ page, request }) => {
    await customerAt(page, request, 4, '/my-dashboard/upload-picture');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(MESSAGES.selfie, { exact: true })).toBeVisible();
    await expect(page.getByLabel('Choose a picture')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Choose a picture')).toHaveAttribute('accept', /jpeg.*jpg.*png/);
    await page
      .getByLabel('Choose a picture')
      .setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(page.getByText('Please choose a jpeg, jpg or png image.')).toBeVisible();
  });

  test('the upload shows its progress and disables the button', async ({ page, request }) => {
    await customerAt(page, request, 4, '/my-dashboard/upload-picture');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await onEvent(page, 'selfie_upload', async (route) => {
      await held;
      await route.continue();
    });
    await page
      .getByLabel('Choose a picture')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('button', { name: /^Uploading… \d+%$/ })).toBeDisabled();
    await expect(page.getByRole('progressbar')).toBeVisible();
    release();
    await expect(heading(page)).toHaveText('Profile Preview');
    expect(await sessionOf(page)).toMatchObject({
      next_step: 'register_now',
      selfie: expect.stringContaining('/Api/files/'),
    });
  });

  test('the update action: title Update, button Update, Back to the profile; kept in the address on reload', async ({
    page,
    request,
  }) => {
    await customerAt(page, request, 5, '/my-dashboard/user-profile');
    await page.getByRole('link', { name: 'Update picture' }).click();
    await expect(page).toHaveURL(/\/my-dashboard\/upload-picture\?action=update$/);
    await expect(heading(page)).toHaveText('Update Picture');
    expect(await page.evaluate(() => history.state)).toEqual({ action: 'update' });
    await page.reload();
    await expect(heading(page)).toHaveText('Update Picture');
    await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
    await page
      .getByLabel('Choose a picture')
      .setInputFiles({ name: 'new.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(heading(page)).toHaveText('Profile Preview');
    await page.goto('/my-dashboard/upload-picture?action=update');
    await page.getByRole('link', { name: '← Back to your profile' }).click();
    await expect(page).toHaveURL(/\/my-dashboard\/profile-preview$/);
  });
});

test('redoing a step: personal details changed later, the customer stays on the step after', async ({
  page,
  request,
}) => {
  const customer = await customerAt(page, request, 3, '/my-dashboard/');
  await expect(page.getByText('Profile completed: 60%')).toBeVisible();
  // Only the current step (income) is a link on the home; an earlier step is opened by its address.
  await expect(page.getByRole('main').getByRole('link', { name: /Income Details/ })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /Personal Information/ })).toHaveCount(0);
  await page.goto('/my-dashboard/captur-personal-information');
  const email = page.getByRole('textbox', { name: 'Personal Email' });
  await expect(email).toHaveValue(`asha.${customer.mobile}@example.in`);
  await email.fill(`asha.new.${customer.mobile}@example.in`);
  await save(page);
  // Saved, and on to the step after the furthest one done, not back to the address.
  await expect(heading(page)).toHaveText('Income Details');
  expect(await sessionOf(page)).toMatchObject({ next_step: 'income_details', step_percent: '60' });
  await page.goto('/my-dashboard/profile-preview');
  await expect(page.getByRole('region', { name: 'Basic Details' })).toContainText(
    `asha.new.${customer.mobile}@example.in`,
  );
});
