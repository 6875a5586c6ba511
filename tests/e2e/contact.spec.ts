/**
 * The contact page, on one load (its content, its form's errors and a refusal scanned with axe and
 * measured at phone widths, and a message sent to the real server were five browser tests in four files,
 * each loading the page).
 */
import type { Page } from '@playwright/test';
import { CONTACT_SENT } from '../../src/lib/schemas/contact.ts';
import { site } from '../../src/lib/site.ts';
import { axeViolations } from '../support/axe.ts';
import { expectFits } from '../support/widths.ts';
import { expect, test } from './test.ts';

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
// network's edge. Here, on one load of the page: what the page states, its form's errors and a refusal
// scanned and measured, and a message sent to the real server.

test('contact: offices, phone, e-mails, grievance officer, regulator portals and floating buttons; the form’s errors and a refusal have no axe violations and fit a phone; a valid message is sent', async ({
  page,
}) => {
  const f = await openForm(page);

  await test.step('offices, phone, support and collection e-mails, grievance officer and the regulator portals', async () => {
    const main = page.locator('main');
    for (const line of [...site.offices.registered.lines, ...site.offices.head.lines])
      await expect.soft(main).toContainText(line);
    const reach = page.getByRole('region', { name: 'Reach us' });
    await expect
      .soft(reach.getByRole('link', { name: site.contact.phone, exact: true }))
      .toHaveAttribute('href', /^tel:/);
    await expect
      .soft(reach.getByRole('link', { name: site.contact.supportEmail }))
      .toHaveAttribute('href', `mailto:${site.contact.supportEmail}`);
    await expect
      .soft(reach.getByRole('link', { name: site.contact.collectionEmail }))
      .toHaveAttribute('href', `mailto:${site.contact.collectionEmail}`);
    await expect.soft(main).toContainText(site.grievanceOfficer.name);
    await expect
      .soft(main.getByRole('link', { name: /complaint/ }))
      .toHaveAttribute('href', site.regulatorLinks.complaints);
    await expect.soft(main.getByRole('link', { name: 'Sachet' })).toHaveAttribute('href', site.regulatorLinks.sachet);
    await expect.soft(page.locator('footer')).toContainText(site.grievanceOfficer.name);
    // The floating chat and call buttons (layout.spec.ts checks them on about and services, and not on home).
    await expect
      .soft(page.getByRole('link', { name: 'Chat with us on WhatsApp' }))
      .toHaveAttribute('href', /^https:\/\/wa\.me\/\d+$/);
    await expect.soft(page.getByRole('link', { name: /^Call us on/ })).toHaveAttribute('href', /^tel:\+?\d+$/);
  });

  await test.step('the form showing its errors has no violations and fits 320 and 390 px', async () => {
    await f.submit.click();
    await expect(f.form.locator('[aria-invalid="true"]')).toHaveCount(4);
    expect(await axeViolations(page, '/contact with errors')).toEqual([]);
    await expectFits(page, '/contact with errors');
  });

  await test.step('a valid message is sent: the thank-you message is shown and the form is cleared', async () => {
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

  await test.step("the server's message for a refusal has no violations", async () => {
    await page.route(CONTACT, (route) =>
      route.fulfill({
        status: 429,
        json: { Status: 0, Message: 'Please try again in an hour.', error: 'x', Data: {} },
      }),
    );
    await f.name.fill('Asha');
    await f.email.fill('asha@example.in');
    await f.phone.fill('9876543210');
    await f.message.fill('Hello');
    await f.submit.click();
    await expect(f.alert).toHaveText('Please try again in an hour.');
    expect(await axeViolations(page, '/contact with a refusal')).toEqual([]);
  });
});
