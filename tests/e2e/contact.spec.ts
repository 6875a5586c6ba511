import { expect, type Page, test } from '@playwright/test';
import { CONTACT_SENT } from '../../src/lib/schemas/contact.ts';

/** The contact form's answer: the message and the complaint's reference number (issue 22). */
const SENT = new RegExp(`^${CONTACT_SENT.replaceAll('.', '\\.')} Your reference number is KC-\\d{6}\\.$`);

const CONTACT = '/Api/Website/contactUs';

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

// The labels, the messages for missing and malformed entries with nothing sent, editing a field, a refusal, a
// network failure and Please wait…: tests/components/ContactForm.test.tsx, with the API's answers at the
// network's edge. Here, a message sent to the real server.

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
