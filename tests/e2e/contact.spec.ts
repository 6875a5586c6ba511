import { expect, type Page, test } from '@playwright/test';
import { CONTACT_SENT } from '../../src/lib/schemas/contact.ts';

/** The contact form's answer: the message and the complaint's reference number (issue 22). */
const SENT = new RegExp(`^${CONTACT_SENT.replaceAll('.', '\\.')} Your reference number is KC-\\d{6}\\.$`);

const CONTACT = '/Api/Website/contactUs';
const LIMIT = 'You have sent several messages already. Please try again in an hour, or call us.';

async function openForm(page: Page) {
  await page.goto('/contact');
  const form = page.locator('#contact-form');
  await form.scrollIntoViewIfNeeded();
  // The form hydrates when visible; typing before that would be lost.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  return {
    form,
    name: form.getByRole('textbox', { name: 'Name' }),
    email: form.getByRole('textbox', { name: 'Email' }),
    subject: form.getByRole('textbox', { name: 'Subject (optional)' }),
    phone: form.getByRole('textbox', { name: 'Phone' }),
    message: form.getByRole('textbox', { name: 'Message' }),
    submit: form.getByRole('button', { name: 'Submit' }),
    status: form.getByRole('status'),
    alert: form.getByRole('alert'),
  };
}
type ContactForm = Awaited<ReturnType<typeof openForm>>;

async function fillValid(f: ContactForm) {
  await f.name.fill('Asha Verma');
  await f.email.fill('asha@example.in');
  await f.subject.fill('Repayment date');
  await f.phone.fill('9876543210');
  await f.message.fill('Can I move my repayment date by a week?');
}

/** The message shown under a field, found through the field's aria-describedby. */
async function messageOf(page: Page, field: ReturnType<Page['locator']>) {
  const id = await field.getAttribute('aria-describedby');
  expect(id).toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

test('has visible labels for name, email, subject, phone and message, and a Submit button', async ({ page }) => {
  const f = await openForm(page);
  for (const label of ['Name', 'Email', 'Subject (optional)', 'Phone', 'Message']) {
    await expect(f.form.locator('label').filter({ hasText: label }).first()).toBeVisible();
  }
  await expect(f.message).toHaveJSProperty('tagName', 'TEXTAREA');
  await expect(f.submit).toBeEnabled();
});

test('an empty form shows each required field its message, under the field, and sends nothing', async ({ page }) => {
  let sent = false;
  page.on('request', (request) => {
    if (request.url().endsWith(CONTACT)) sent = true;
  });
  const f = await openForm(page);
  await f.submit.click();
  for (const [field, text] of [
    [f.name, 'Name is required!'],
    [f.email, 'Email is required!'],
    [f.phone, 'Mobile number invalid!'],
    [f.message, 'Message is required!'],
  ] as const) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(await messageOf(page, field)).toHaveText(text);
  }
  await expect(f.subject).not.toHaveAttribute('aria-invalid');
  await expect(f.name).toBeFocused();
  expect(sent).toBe(false);
});

test('a malformed e-mail: "This is not a valid email format!"; a short phone: "Mobile number invalid!"', async ({
  page,
}) => {
  const f = await openForm(page);
  await fillValid(f);
  await f.email.fill('asha@example');
  await f.phone.fill('98765');
  await f.submit.click();
  await expect(await messageOf(page, f.email)).toHaveText('This is not a valid email format!');
  await expect(await messageOf(page, f.phone)).toHaveText('Mobile number invalid!');
  await expect(f.email).toBeFocused();
  await expect(f.name).not.toHaveAttribute('aria-invalid');
  // A phone not starting with 6 to 9 is refused too; letters are dropped as typed.
  await f.phone.fill('');
  await f.phone.pressSequentially('12a34567890');
  await expect(f.phone).toHaveValue('1234567890');
  await f.submit.click();
  await expect(await messageOf(page, f.phone)).toHaveText('Mobile number invalid!');
});

test('editing a field clears its message', async ({ page }) => {
  const f = await openForm(page);
  await f.submit.click();
  await expect(f.name).toHaveAttribute('aria-invalid', 'true');
  await f.name.fill('Asha');
  await expect(f.name).not.toHaveAttribute('aria-invalid');
  await expect(f.email).toHaveAttribute('aria-invalid', 'true');
});

test('a valid message is sent: the thank-you message is shown and the form is cleared', async ({ page }) => {
  const f = await openForm(page);
  await fillValid(f);
  const sent = page.waitForRequest((request) => request.url().endsWith(CONTACT));
  await f.submit.click();
  expect((await sent).postDataJSON()).toEqual({
    name: 'Asha Verma',
    email: 'asha@example.in',
    subject: 'Repayment date',
    phone: '9876543210',
    message: 'Can I move my repayment date by a week?',
  });
  await expect(f.status).toHaveText(SENT);
  for (const field of [f.name, f.email, f.subject, f.phone, f.message]) await expect(field).toHaveValue('');
  await expect(f.alert).toHaveCount(0);
});

test('a refusal from the server (429) shows its message and keeps what was typed', async ({ page }) => {
  await page.route(CONTACT, (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      headers: { 'Retry-After': '3600' },
      body: JSON.stringify({ Status: 0, Message: LIMIT, error: 'contact_limit', Data: { retry_after_seconds: 3600 } }),
    }),
  );
  const f = await openForm(page);
  await fillValid(f);
  await f.submit.click();
  await expect(f.alert).toHaveText(LIMIT);
  await expect(f.status).toHaveText('');
  await expect(f.name).toHaveValue('Asha Verma');
  await expect(f.message).toHaveValue('Can I move my repayment date by a week?');
  await expect(f.submit).toBeEnabled();
});

test('a network failure shows a plain message and keeps what was typed', async ({ page }) => {
  await page.route(CONTACT, (route) => route.abort('internetdisconnected'));
  const f = await openForm(page);
  await fillValid(f);
  await f.submit.click();
  await expect(f.alert).toHaveText(
    'We could not reach our servers. Please check your internet connection and try again.',
  );
  await expect(f.email).toHaveValue('asha@example.in');
});

test('while sending, the button is disabled and says Please wait…', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(CONTACT, async (route) => {
    await held;
    await route.continue();
  });
  const f = await openForm(page);
  await fillValid(f);
  await f.submit.click();
  const busy = f.form.getByRole('button', { name: 'Please wait…' });
  await expect(busy).toBeDisabled();
  await expect(busy).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(f.status).toHaveText(SENT);
  await expect(f.submit).toBeEnabled();
});
