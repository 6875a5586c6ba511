/**
 * The employment details form (src/islands/Dashboard/screens/AboutYourCompany.tsx) drawn alone: what it
 * says field by field before anything is sent (product.md §5, word for word), and a server's refusal
 * shown as the server words it. Saving for real, and the form opened again with what was saved, stay in
 * tests/e2e/dashboard/dashboardApplication.spec.ts against the real server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import AboutYourCompany from '../../src/islands/Dashboard/screens/AboutYourCompany.tsx';
import { API } from '../../src/lib/api/paths.ts';
import { ProfileAnswer } from '../../src/lib/schemas/answers/profile.ts';
import { FUTURE_DATE, PIN_INVALID } from '../../src/lib/schemas/profile.ts';
import { type Drawn, draw } from './draw.tsx';
import { type Answerer, applicantProfile, refused, type Server, screen, serve, served } from './server.ts';

const EMAIL_INVALID = 'This is not a valid email format!';
const REQUIRED = [
  'Work mode is required!',
  'Company name is required!',
  'Company type is required!',
  'Designation is required!',
  'Department is required!',
  'Address line 1 is required!',
  'Address line 2 is required!',
  'Pin code is required!',
  'Employed since is required!',
];

const textbox = (name: string) => page.getByRole('textbox', { name, exact: true });
const combobox = (name: string) => page.getByRole('combobox', { name });
const workFromOffice = () => page.getByRole('radio', { name: 'Work from office' });
const employedSince = () => page.getByLabelText('Employed Since');
const save = () => page.getByRole('button', { name: 'Save and Continue' }).click();

/** A customer who has accepted a quote: the employment step is the one to do. */
const atEmployment = () => served(ProfileAnswer, applicantProfile('employment_details', 25));

let server: Server;
let drawn: Drawn;
async function open(registration: Answerer = () => refused(500, 'not expected', 'unexpected')) {
  server = serve({ [API.getProfile]: atEmployment, [API.registration]: registration });
  drawn = draw(screen(AboutYourCompany, 'about-your-company'));
  await expect.element(page.getByRole('heading', { level: 1 })).toHaveTextContent('Employment Details');
  await expect.element(workFromOffice()).toBeVisible();
}
afterEach(() => {
  drawn.remove();
  server.restore();
});

/** A whole, valid form, as a customer fills it. */
async function fill() {
  await workFromOffice().click();
  await userEvent.fill(textbox('Company Name'), 'Acme Technologies Pvt Ltd');
  await userEvent.selectOptions(combobox('Company Type'), 'Listed Public');
  await userEvent.fill(textbox('Designation'), 'Senior Analyst');
  await userEvent.selectOptions(combobox('Department'), 'FINANCE');
  await userEvent.fill(textbox('Address line 1'), 'Tower B, DLF Cyber City');
  await userEvent.fill(textbox('Address line 2'), 'Phase 2');
  await userEvent.fill(textbox('Pin Code'), '122002');
  await userEvent.fill(employedSince(), '2021-06-01');
}

describe('the employment details form', () => {
  it('empty: every required field says so, the first is focused, the optional ones are not marked, nothing is sent', async () => {
    await open();
    expect(combobox('Company Type').element().querySelectorAll('option')).toHaveLength(10);
    expect(combobox('Department').element().querySelectorAll('option')).toHaveLength(10);
    await save();
    for (const message of REQUIRED) await expect.element(page.getByText(message, { exact: true })).toBeVisible();
    await expect.element(workFromOffice()).toHaveFocus();
    await expect.element(textbox('Landmark (optional)')).not.toHaveAttribute('aria-invalid');
    await expect.element(textbox('Official Email (optional)')).not.toHaveAttribute('aria-invalid');
    expect(server.bodiesTo(API.registration)).toEqual([]);
  });

  it(`a short pin code, a future date and a wrong email: "${PIN_INVALID}", "${FUTURE_DATE}", "${EMAIL_INVALID}"; nothing is sent`, async () => {
    await open();
    await fill();
    await userEvent.fill(textbox('Pin Code'), '12345');
    await userEvent.fill(employedSince(), `${new Date().getFullYear() + 1}-01-15`);
    await userEvent.fill(textbox('Official Email (optional)'), 'asha@acme');
    await save();
    await expect.element(page.getByText(PIN_INVALID, { exact: true })).toBeVisible();
    await expect.element(page.getByText(FUTURE_DATE, { exact: true })).toBeVisible();
    await expect.element(page.getByText(EMAIL_INVALID, { exact: true })).toBeVisible();
    await expect.element(textbox('Pin Code')).toHaveFocus();
    for (const message of REQUIRED)
      await expect.element(page.getByText(message, { exact: true })).not.toBeInTheDocument();
    expect(server.bodiesTo(API.registration)).toEqual([]);
  });

  it('the pin code takes digits only, at most six', async () => {
    await open();
    await userEvent.clear(textbox('Pin Code'));
    await userEvent.type(textbox('Pin Code'), '12a20029');
    await expect.element(textbox('Pin Code')).toHaveValue('122002');
  });

  it("before a quote is accepted the server's refusal is shown as an error alert, and the form stays", async () => {
    await open(() => refused(409, 'Please accept a loan quote first.', 'out_of_order'));
    await fill();
    await save();
    await expect.element(page.getByRole('alert')).toHaveTextContent('Please accept a loan quote first.');
    await expect.element(textbox('Company Name')).toHaveValue('Acme Technologies Pvt Ltd');
    // What was sent is the whole form, but never the department (product.md §5).
    const [sent] = server.bodiesTo(API.registration);
    expect(sent).toMatchObject({ event_name: 'employment_details', pincode: '122002', company_type_id: 3 });
    expect(JSON.stringify(sent)).not.toContain('FINANCE');
  });
});
