/**
 * The five registration step screens (src/islands/Dashboard/screens: PanDetails, PersonalInformation,
 * ResidenceAddress, IncomeDetails, UploadPicture) drawn alone for a customer part-way through
 * registration: what each form says field by field before anything is sent (product.md §5, §8, word
 * for word), what it refuses to send, its keys, and what it shows for the server's refusals and a
 * network failure. These were browser tests that each built a customer and loaded the page; the walk
 * through the steps against the real server (each step saved, the next opened, a step redone, the
 * picture uploaded with its progress) stays in tests/e2e/dashboard/dashboardSteps.spec.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import IncomeDetails from '../../src/islands/Dashboard/screens/IncomeDetails.tsx';
import PanDetails from '../../src/islands/Dashboard/screens/PanDetails.tsx';
import PersonalInformation from '../../src/islands/Dashboard/screens/PersonalInformation.tsx';
import ResidenceAddress from '../../src/islands/Dashboard/screens/ResidenceAddress.tsx';
import UploadPicture from '../../src/islands/Dashboard/screens/UploadPicture.tsx';
import { $alerts } from '../../src/islands/Dashboard/state/alerts.ts';
import { $profile } from '../../src/islands/Dashboard/state/profile.ts';
import { API } from '../../src/lib/api/paths.ts';
import { PincodeAnswer } from '../../src/lib/schemas/answers/master.ts';
import { DashboardAnswer, ProfileAnswer } from '../../src/lib/schemas/answers/profile.ts';
import { type Drawn, draw, held } from './draw.tsx';
import { type Answerer, applicantProfile, refused, type Server, screen, serve, served } from './server.ts';

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
/** The server's words (src/server/master/routes.ts, src/server/kyc/panVerifier.ts; tests/api checks them there). */
const PIN_UNKNOWN = 'We could not find this pin code. Please check it.';
const PAN_REFUSED = 'This PAN is not of an individual. Please use your personal PAN.';

const STEPS = ['pancard_verification', 'personal_details', 'residence_details', 'income_details', 'selfie_upload'];

/** A date of birth `years` ago (mid-January, so no time zone moves it across a birthday). */
const birthDate = (years: number) => `${new Date().getFullYear() - years}-01-15`;

/**
 * getProfile's Data for a customer who has done the first `done` steps (as the server builds it): the
 * answers of the steps not yet done are empty, the picture not yet sent.
 */
function registering(done: number) {
  const whole = applicantProfile(STEPS[done] ?? 'register_now', 0);
  const d = whole.profile_details;
  const blank = <T,>(step: number, given: T, empty: T) => (done > step ? given : empty);
  return {
    ...whole,
    full_name: done > 0 ? whole.full_name : '',
    profile_filled_percent: done * 20,
    registration_successful: 0,
    eligibility_status: 0,
    lead_details: { status: '', lead_id: null, sent_back_reason: null },
    step_complete_percent: done * 20,
    step_stage: 1,
    profile_details: {
      ...d,
      full_name: blank(0, d.full_name, ''),
      first_name: blank(0, d.first_name, ''),
      pancard: blank(0, d.pancard, ''),
      // The income given with the PAN is the income step's too.
      monthly_income: blank(0, 60_000, null),
      personal_email: blank(1, d.personal_email, ''),
      dob: blank(1, d.dob, ''),
      marital_status_id: blank(1, d.marital_status_id, null),
      spouse_name: '',
      gender: blank(1, d.gender, null),
      residence_type_id: blank(2, d.residence_type_id, null),
      residence_address_1: blank(2, d.residence_address_1, ''),
      residence_address_2: blank(2, d.residence_address_2, ''),
      residence_landmark: '',
      residence_pincode: blank(2, d.residence_pincode, ''),
      residence_city: blank(2, d.residence_city, ''),
      residence_state: blank(2, d.residence_state, ''),
      income_type_id: blank(3, d.income_type_id, null),
      salary_mode_id: blank(3, d.salary_mode_id, null),
      salary_date: blank(3, d.salary_date, ''),
    },
  };
}

const PLACES: Record<string, { city_name: string; state_name: string }> = {
  '110001': { city_name: 'New Delhi', state_name: 'Delhi' },
  '560001': { city_name: 'Bangalore', state_name: 'Karnataka' },
};

let server: Server | undefined;
let drawn: Drawn | undefined;

/** The screen drawn for a customer who has done `done` steps; the registration endpoint answers `registration`. */
async function open(
  Screen: Parameters<typeof screen>[0],
  slug: string,
  done: number,
  registration: Answerer = () => refused(500, 'not expected', 'unexpected'),
) {
  server = serve({
    [API.getProfile]: () => served(ProfileAnswer, registering(done)),
    [API.dashboardData]: () =>
      served(DashboardAnswer, {
        profile_pic: '',
        profile_details: { first_name: 'Asha' },
        eligibility_status: 0,
        next_step: STEPS[done] ?? 'register_now',
        step_percentage: done * 20,
      }),
    [API.registration]: registration,
    [API.master]: ({ pincode }) => {
      const place = PLACES[String(pincode)];
      return place
        ? served(PincodeAnswer, { pincode: String(pincode), city_id: 1, state_id: 1, ...place })
        : refused(404, PIN_UNKNOWN, 'unknown_pincode');
    },
  });
  drawn = draw(screen(Screen, slug));
  await expect.element(page.getByRole('heading', { level: 1 })).toBeVisible();
}

afterEach(() => {
  drawn?.remove();
  server?.restore();
  drawn = undefined;
  server = undefined;
  $profile.set(null);
  $alerts.set([]);
});

const save = () => page.getByRole('button', { name: 'Save and Continue' }).click();
const text = (message: string) => page.getByText(message, { exact: true });
const textbox = (name: string) => page.getByRole('textbox', { name, exact: true });
const sentEvents = () => server?.bodiesTo(API.registration).map((body) => body.event_name) ?? [];

describe('PAN Authentication', () => {
  const NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const box = (n: number) => page.getByRole('textbox', { name: `PAN character ${n} of 10` });
  const values = () => NUMBERS.map((n) => (box(n).element() as HTMLInputElement).value).join('');
  const openPan = (registration?: Answerer) => open(PanDetails, 'pan-details', 0, registration);

  it('ten boxes: letters, digits, letter; typing advances, Backspace goes back, lower case is raised', async () => {
    await openPan();
    await expect.element(page.getByRole('heading', { level: 1 })).toHaveTextContent('PAN Authentication');
    await box(1).click();
    // A digit in a letter box is refused; a lower-case letter is taken as upper case.
    await userEvent.keyboard('1a');
    await expect.element(box(1)).toHaveValue('A');
    await expect.element(box(2)).toHaveFocus();
    await userEvent.keyboard('bcpe');
    await expect.element(box(6)).toHaveFocus();
    // A letter in a digit box is refused.
    await userEvent.keyboard('x12');
    await expect.element(box(6)).toHaveValue('1');
    await expect.element(box(8)).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    await expect.element(box(7)).toHaveFocus();
    await expect.element(box(7)).toHaveValue('');
    await userEvent.keyboard('2345f');
    // The 5 did not fit the last box (a letter); the f did.
    await expect.poll(values).toBe('ABCPE1234F');
    for (const n of NUMBERS) {
      await expect.element(box(n)).toHaveAttribute('inputmode', n >= 6 && n <= 9 ? 'numeric' : 'text');
    }
  });

  it('a pasted PAN fills all ten boxes, wherever it is pasted', async () => {
    await openPan();
    const data = new DataTransfer();
    data.setData('text/plain', ' abcpe-1234-f ');
    box(4)
      .element()
      .dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    await expect.poll(values).toBe('ABCPE1234F');
  });

  it(`empty: "${MESSAGES.pan}" and "${MESSAGES.income}", tied to their fields; income takes 7 digits only; nothing is sent`, async () => {
    await openPan();
    await page.getByRole('button', { name: 'Verify PAN' }).click();
    await expect.element(text(MESSAGES.pan)).toBeVisible();
    await expect.element(text(MESSAGES.income)).toBeVisible();
    await expect.element(box(1)).toHaveFocus();
    await expect.element(box(1)).toHaveAttribute('aria-invalid', 'true');
    const income = textbox('Monthly Income');
    await expect.element(income).toHaveAttribute('aria-invalid', 'true');
    await expect.element(income).toHaveAccessibleDescription(new RegExp(MESSAGES.income));
    await userEvent.type(income, '12a34567890');
    await expect.element(income).toHaveValue('1234567');
    // An incomplete PAN is still refused before anything is sent.
    await box(1).click();
    await userEvent.keyboard('ABCPE12');
    await page.getByRole('button', { name: 'Verify PAN' }).click();
    await expect.element(text(MESSAGES.pan)).toBeVisible();
    expect(sentEvents()).toEqual([]);
  });

  it("the hint names an individual's PAN as the example and describes the boxes' group", async () => {
    await openPan();
    const hint = page.getByText(/e\.g\. [A-Z]{5}\d{4}[A-Z]\b/);
    await expect.element(hint).toHaveTextContent('The 4th letter of a personal PAN is P.');
    await expect
      .element(page.getByRole('group', { name: 'PAN Number' }))
      .toHaveAccessibleDescription(/4th letter of a personal PAN is P/);
    const example = (hint.element().textContent ?? '').match(/e\.g\. ([A-Z]{5}\d{4}[A-Z])/)?.[1] ?? '';
    expect(example[3]).toBe('P');
  });

  it('a refused PAN: the server message, the boxes cleared and the first focused, the income kept', async () => {
    await openPan(() => refused(422, PAN_REFUSED, 'pan_invalid'));
    await box(1).click();
    await userEvent.keyboard('ABCFE1234F');
    await userEvent.fill(textbox('Monthly Income'), '45000');
    await page.getByRole('button', { name: 'Verify PAN' }).click();
    await expect.element(page.getByRole('alert')).toHaveTextContent(PAN_REFUSED);
    await expect.poll(values).toBe('');
    await expect.element(box(1)).toHaveFocus();
    await expect.element(textbox('Monthly Income')).toHaveValue('45000');
    expect(server?.bodiesTo(API.registration)).toEqual([
      expect.objectContaining({ event_name: 'pancard_verification', pancard: 'ABCFE1234F', monthly_income: 45000 }),
    ]);
  });

  it('while the check runs the button is disabled and says Please wait…', async () => {
    const answer = held<ReturnType<typeof refused>>();
    await openPan(() => answer.promise);
    await box(1).click();
    await userEvent.keyboard('ABCPE1234F');
    await userEvent.fill(textbox('Monthly Income'), '50000');
    await page.getByRole('button', { name: 'Verify PAN' }).click();
    const busy = page.getByRole('button', { name: 'Please wait…' });
    await expect.element(busy).toBeDisabled();
    await expect.element(busy).toHaveAttribute('aria-busy', 'true');
    // Answered (a refusal, so the screen stays): the button is itself again.
    answer.release(refused(422, PAN_REFUSED, 'pan_invalid'));
    await expect.element(page.getByRole('button', { name: 'Verify PAN' })).toBeEnabled();
  });
});

describe('Personal Information', () => {
  const openPersonal = (registration?: Answerer) =>
    open(PersonalInformation, 'captur-personal-information', 1, registration);

  it('every required field says so, the e-mail is focused; the e-mail format; under 18 refused; nothing is sent', async () => {
    await openPersonal();
    await expect.element(textbox('Full Name')).not.toHaveValue('');
    await save();
    for (const message of [
      MESSAGES.email,
      'Date of birth is required!',
      'Marital status is required!',
      'Gender is required!',
    ]) {
      await expect.element(text(message)).toBeVisible();
    }
    await expect.element(textbox('Personal Email')).toHaveFocus();
    await userEvent.fill(textbox('Personal Email'), 'asha@');
    await userEvent.fill(page.getByLabelText('Date of Birth'), birthDate(17));
    await save();
    await expect.element(text(MESSAGES.emailFormat)).toBeVisible();
    await expect.element(text(MESSAGES.tooYoung)).toBeVisible();
    expect(sentEvents()).toEqual([]);
  });

  it('spouse name only when Married, required then, and sent only then', async () => {
    await openPersonal(() => refused(409, 'Not now, please.', 'out_of_order'));
    const spouse = textbox('Spouse Name');
    const marital = page.getByRole('combobox', { name: 'Marital Status' });
    await expect.element(spouse).not.toBeInTheDocument();
    await userEvent.selectOptions(marital, '2');
    await expect.element(spouse).toBeVisible();
    await userEvent.fill(textbox('Personal Email'), 's.9876543210@example.in');
    await userEvent.fill(page.getByLabelText('Date of Birth'), birthDate(28));
    await page.getByRole('radio', { name: 'Male', exact: true }).click();
    await save();
    await expect.element(text('Spouse name is required!')).toBeVisible();
    expect(sentEvents()).toEqual([]);
    await userEvent.fill(spouse, 'Kavya');
    // Divorced after typing a spouse name: the field goes, and the name is not sent.
    await userEvent.selectOptions(marital, '3');
    await expect.element(spouse).not.toBeInTheDocument();
    await save();
    await expect.poll(() => sentEvents()).toEqual(['personal_details']);
    const [payload] = server?.bodiesTo(API.registration) ?? [];
    expect(payload).toMatchObject({ event_name: 'personal_details', marital_status_id: 3, gender: 1 });
    expect(payload).not.toHaveProperty('spouse_name');
  });

  it(`a network failure: "${MESSAGES.personalNetwork}", the form stays, and the error stays until closed`, async () => {
    await openPersonal(() => 'offline');
    await userEvent.fill(textbox('Personal Email'), 'n.9876543210@example.in');
    await userEvent.fill(page.getByLabelText('Date of Birth'), birthDate(40));
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Marital Status' }), '1');
    await page.getByRole('radio', { name: 'Female' }).click();
    await save();
    await expect.element(page.getByRole('alert')).toHaveTextContent(MESSAGES.personalNetwork);
    await expect.element(page.getByRole('heading', { level: 1 })).toHaveTextContent('Personal Information');
    await expect.element(page.getByRole('button', { name: 'Save and Continue' })).toBeEnabled();
    await page.getByRole('button', { name: 'Close message' }).click();
    await expect.element(page.getByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Residence Address', () => {
  it(`required fields, "${MESSAGES.pin}", and the city and state from the pin code`, async () => {
    await open(ResidenceAddress, 'captur-address', 2);
    await save();
    for (const message of [
      'Residence type is required!',
      'Address line 1 is required!',
      'Address line 2 is required!',
      MESSAGES.pin,
    ]) {
      await expect.element(text(message)).toBeVisible();
    }
    // The landmark is optional.
    await expect.element(page.getByText(/Landmark.*required/)).not.toBeInTheDocument();
    const pin = textbox('Pin Code');
    await userEvent.fill(pin, '012345');
    await save();
    await expect.element(text(MESSAGES.pin)).toBeVisible();
    await userEvent.fill(pin, '999999');
    await expect.element(page.getByText(PIN_UNKNOWN)).toBeVisible();
    await userEvent.fill(pin, '110001');
    await expect.element(textbox('City')).toHaveValue('New Delhi');
    await expect.element(textbox('State')).toHaveValue('Delhi');
    await userEvent.clear(pin);
    await userEvent.type(pin, '56000a1');
    await expect.element(pin).toHaveValue('560001');
    await expect.element(textbox('City')).toHaveValue('Bangalore');
    expect(sentEvents()).toEqual([]);
  });
});

describe('Income Details', () => {
  it(`the income given with the PAN filled in; required fields and "${MESSAGES.future}"`, async () => {
    await open(IncomeDetails, 'captur-income-details', 3);
    const income = textbox('Monthly Income');
    await expect.element(income).toHaveValue('60000');
    await userEvent.clear(income);
    await save();
    for (const message of [
      'Employment type is required!',
      MESSAGES.income,
      'Last salary date is required!',
      'Salary mode is required!',
    ]) {
      await expect.element(text(message)).toBeVisible();
    }
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await userEvent.fill(page.getByLabelText('Last Salary Date'), tomorrow);
    await save();
    await expect.element(text(MESSAGES.future)).toBeVisible();
    expect(sentEvents()).toEqual([]);
  });
});

describe('Upload Picture', () => {
  it(`nothing chosen: "${MESSAGES.selfie}"; a wrong file type is refused`, async () => {
    await open(UploadPicture, 'upload-picture', 4);
    const chooser = page.getByLabelText('Choose a picture');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.element(text(MESSAGES.selfie)).toBeVisible();
    await expect.element(chooser).toHaveAttribute('aria-invalid', 'true');
    await expect.element(chooser).toHaveAttribute('accept', expect.stringMatching(/jpeg.*jpg.*png/));
    await userEvent.upload(chooser, new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    await expect.element(page.getByText('Please choose a jpeg, jpg or png image.')).toBeVisible();
    expect(sentEvents()).toEqual([]);
  });
});
