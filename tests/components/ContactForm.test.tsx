/**
 * The contact form (src/islands/ContactForm/ContactForm.tsx) drawn alone, with the API answering at the
 * network's edge (serveApi) as src/server/contact does: its labels, the messages for missing and
 * malformed entries with nothing sent, a refusal, a network failure and Please wait…. A message sent to
 * the real server, with its reference number, stays in tests/e2e/contact.spec.ts.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import ContactForm from '../../src/islands/ContactForm/ContactForm.tsx';
import { API } from '../../src/lib/api/paths.ts';
import { CONTACT_SENT } from '../../src/lib/schemas/contact.ts';
import { type Api, type ApiReply, type Drawn, draw, held, serveApi } from './draw.tsx';

const LIMIT = 'You have sent several messages already. Please try again in an hour, or call us.';
const NETWORK = 'We could not reach our servers. Please check your internet connection and try again.';
const SENT = `${CONTACT_SENT} Your reference number is KC-000123.`;

const name = () => page.getByRole('textbox', { name: 'Name' });
const email = () => page.getByRole('textbox', { name: 'Email' });
const subject = () => page.getByRole('textbox', { name: 'Subject (optional)' });
const phone = () => page.getByRole('textbox', { name: 'Phone' });
const message = () => page.getByRole('textbox', { name: 'Message' });
const submit = () => page.getByRole('button', { name: 'Submit' });
const status = () => page.getByRole('status');
const alert = () => page.getByRole('alert');
type Field = ReturnType<typeof name>;
/** The message shown under a field, found through the field's aria-describedby. */
const messageOf = (field: Field) => {
  const id = field.element().getAttribute('aria-describedby');
  expect(id).toBeTruthy();
  return document.getElementById(id as string)?.textContent;
};

let reply: () => ApiReply | Promise<ApiReply>;
let drawn: Drawn;
let api: Api;
beforeEach(() => {
  reply = () => ({ status: 200, body: { Status: 1, Message: SENT, Data: {} } });
  api = serveApi((request) => {
    if (request.path !== API.contact) throw new Error(`no answer for ${request.path}`);
    return reply();
  });
  drawn = draw(<ContactForm />);
});
afterEach(() => {
  drawn.remove();
  api.restore();
});

async function fillValid() {
  await userEvent.fill(name(), 'Asha Verma');
  await userEvent.fill(email(), 'asha@example.in');
  await userEvent.fill(subject(), 'Repayment date');
  await userEvent.fill(phone(), '9876543210');
  await userEvent.fill(message(), 'Can I move my repayment date by a week?');
}

it('has visible labels for name, email, subject, phone and message, and a Submit button', async () => {
  const labels = [...document.querySelectorAll('label')];
  for (const label of ['Name', 'Email', 'Subject (optional)', 'Phone', 'Message']) {
    const shown = labels.find((element) => element.textContent?.startsWith(label));
    expect(shown, label).toBeDefined();
    await expect.element(shown as HTMLElement).toBeVisible();
  }
  expect(message().element().tagName).toBe('TEXTAREA');
  await expect.element(submit()).toBeEnabled();
});

it('an empty form shows each required field its message, under the field, and sends nothing', async () => {
  await submit().click();
  for (const [field, text] of [
    [name(), 'Name is required!'],
    [email(), 'Email is required!'],
    [phone(), 'Mobile number invalid!'],
    [message(), 'Message is required!'],
  ] as const) {
    await expect.element(field).toHaveAttribute('aria-invalid', 'true');
    expect(messageOf(field)).toBe(text);
  }
  await expect.element(subject()).not.toHaveAttribute('aria-invalid');
  await expect.element(name()).toHaveFocus();
  expect(api.requests).toEqual([]);
});

it('a malformed e-mail: "This is not a valid email format!"; a short phone: "Mobile number invalid!"', async () => {
  await fillValid();
  await userEvent.fill(email(), 'asha@example');
  await userEvent.fill(phone(), '98765');
  await submit().click();
  await expect.element(email()).toHaveFocus();
  expect(messageOf(email())).toBe('This is not a valid email format!');
  expect(messageOf(phone())).toBe('Mobile number invalid!');
  await expect.element(name()).not.toHaveAttribute('aria-invalid');
  // A phone not starting with 6 to 9 is refused too; letters are dropped as typed.
  await userEvent.fill(phone(), '');
  await userEvent.keyboard('12a34567890');
  await expect.element(phone()).toHaveValue('1234567890');
  await submit().click();
  await expect.element(phone()).toHaveAttribute('aria-invalid', 'true');
  expect(messageOf(phone())).toBe('Mobile number invalid!');
  expect(api.requests).toEqual([]);
});

it('editing a field clears its message', async () => {
  await submit().click();
  await expect.element(name()).toHaveAttribute('aria-invalid', 'true');
  await userEvent.fill(name(), 'Asha');
  await expect.element(name()).not.toHaveAttribute('aria-invalid');
  await expect.element(email()).toHaveAttribute('aria-invalid', 'true');
});

it('a refusal from the server (429) shows its message and keeps what was typed', async () => {
  reply = () => ({
    status: 429,
    body: { Status: 0, Message: LIMIT, error: 'contact_limit', Data: { retry_after_seconds: 3600 } },
  });
  await fillValid();
  await submit().click();
  await expect.element(alert()).toHaveTextContent(LIMIT);
  await expect.element(status()).toHaveTextContent(/^$/);
  await expect.element(name()).toHaveValue('Asha Verma');
  await expect.element(message()).toHaveValue('Can I move my repayment date by a week?');
  await expect.element(submit()).toBeEnabled();
});

it('a network failure shows a plain message and keeps what was typed', async () => {
  reply = () => 'offline';
  await fillValid();
  await submit().click();
  await expect.element(alert()).toHaveTextContent(NETWORK);
  await expect.element(email()).toHaveValue('asha@example.in');
});

it('while sending, the button is disabled and says Please wait…; the answer empties the form', async () => {
  const later = held<ApiReply>();
  reply = () => later.promise;
  await fillValid();
  await submit().click();
  const busy = page.getByRole('button', { name: 'Please wait…' });
  await expect.element(busy).toBeDisabled();
  await expect.element(busy).toHaveAttribute('aria-busy', 'true');
  later.release({ status: 200, body: { Status: 1, Message: SENT, Data: {} } });
  await expect.element(status()).toHaveTextContent(SENT);
  await expect.element(submit()).toBeEnabled();
  for (const field of [name(), email(), subject(), phone(), message()]) await expect.element(field).toHaveValue('');
});
