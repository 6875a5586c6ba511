/**
 * The sign-in card's first step, drawn alone (src/islands/LoginCard/LoginCard.tsx): what the card
 * checks before it asks the server for anything. Nothing here reaches a server; the browser's own
 * record of requests proves that none was made. The code request and everything after it stay in
 * tests/e2e/signIn.spec.ts, against the real server.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import LoginCard from '../../src/islands/LoginCard/LoginCard.tsx';
import { type Drawn, draw } from './draw.tsx';

const MOBILE_TOO_SHORT = 'The Mobile field must be at least 10 characters in length.';
const MOBILE_INVALID = 'Mobile number invalid!';
const CONSENT = 'Please check the checkbox to accept our terms and conditions';

const mobile = () => page.getByRole('textbox', { name: 'Mobile number' });
const consent = () => page.getByRole('checkbox');
const getOtp = () => page.getByRole('button', { name: 'Get OTP' });
const readMore = () => page.getByRole('button', { name: /Read (more|less)/ });
const alert = () => page.getByRole('alert');
/** Requests the page made since it was drawn (the API's, or any other). */
const requestsMade = () => performance.getEntriesByType('resource').filter((entry) => !entry.name.includes('/@'));

let drawn: Drawn;
let requestsBefore: number;
beforeEach(() => {
  drawn = draw(<LoginCard brand="Kosh Credit" lender="Kosh Finvest Private Limited" />);
  requestsBefore = requestsMade().length;
});
afterEach(() => drawn.remove());

/** The error is the mobile field's: invalid, described by the message, focused, the entry kept. */
async function expectMobileError(text: string, kept: string) {
  await expect.element(alert()).toHaveTextContent(text);
  await expect.element(mobile()).toHaveAttribute('aria-invalid', 'true');
  const errorId = alert().element().id;
  expect(mobile().element().getAttribute('aria-describedby')?.split(' ')).toContain(errorId);
  await expect.element(mobile()).toHaveFocus();
  await expect.element(mobile()).toHaveValue(kept);
  expect(requestsMade()).toHaveLength(requestsBefore);
}

describe('the sign-in card, step 1', () => {
  it('the mobile field takes digits only, at most 10, with a numeric keyboard and autocomplete', async () => {
    await expect.element(mobile()).toHaveAttribute('inputmode', 'numeric');
    await expect.element(mobile()).toHaveAttribute('autocomplete', 'tel-national');
    await expect.element(mobile()).toHaveAttribute('maxlength', '10');
    await mobile().click();
    await userEvent.keyboard('98a76-5x4');
    await expect.element(mobile()).toHaveValue('987654');
    await userEvent.keyboard('3210999');
    await expect.element(mobile()).toHaveValue('9876543210');
  });

  it(`fewer than 10 digits: "${MOBILE_TOO_SHORT}", tied to the field, and nothing is sent`, async () => {
    await userEvent.fill(mobile(), '98765');
    await consent().click();
    await getOtp().click();
    await expectMobileError(MOBILE_TOO_SHORT, '98765');
  });

  it(`a number not starting with 6 to 9: "${MOBILE_INVALID}", and nothing is sent`, async () => {
    await userEvent.fill(mobile(), '5876543210');
    await consent().click();
    await getOtp().click();
    await expectMobileError(MOBILE_INVALID, '5876543210');
  });

  it('an empty number gives the same message as a short one', async () => {
    await consent().click();
    await getOtp().click();
    await expectMobileError(MOBILE_TOO_SHORT, '');
  });

  it(`consent unticked: "${CONSENT}", tied to the checkbox, and nothing is sent`, async () => {
    await userEvent.fill(mobile(), '9876543210');
    await getOtp().click();
    await expect.element(alert()).toHaveTextContent(CONSENT);
    await expect.element(consent()).toHaveAttribute('aria-invalid', 'true');
    expect(consent().element().getAttribute('aria-describedby')?.split(' ')).toContain(alert().element().id);
    await expect.element(getOtp()).toBeVisible();
    expect(requestsMade()).toHaveLength(requestsBefore);
  });

  it('Read more opens the consent text, which links to the terms and the privacy policy; Enter closes it', async () => {
    const terms = page.getByRole('link', { name: 'Terms and Conditions' });
    await expect.element(readMore()).toHaveAttribute('aria-expanded', 'false');
    await expect.element(terms).not.toBeInTheDocument();
    await readMore().click();
    await expect.element(readMore()).toHaveAttribute('aria-expanded', 'true');
    await expect.element(readMore()).toHaveTextContent('Read less');
    await expect.element(terms).toHaveAttribute('href', '/termsandconditions');
    await expect.element(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacypolicy');
    await userEvent.keyboard('{Enter}');
    await expect.element(readMore()).toHaveAttribute('aria-expanded', 'false');
    await expect.element(terms).not.toBeInTheDocument();
  });
});
