import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

export const REGISTRATION = '/Api/Website/InstantJourneyController/appCustomerRegisteration';

/** A fresh mobile for every test (9 and nine random digits), so parallel tests never share codes. */
export const randomMobile = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/** The codes sent to a mobile, newest first, from the development outbox. */
export async function sentCodes(request: APIRequestContext, mobile: string): Promise<string[]> {
  const response = await request.get(`/__dev/outbox?to=${mobile}`);
  expect(response.ok()).toBe(true);
  const messages = (await response.json()) as { code: string | null }[];
  return messages.map((message) => message.code ?? '');
}

export async function latestCode(request: APIRequestContext, mobile: string): Promise<string> {
  const [code] = await sentCodes(request, mobile);
  if (!code) throw new Error(`no code was sent to ${mobile}`);
  return code;
}

/** Any 4 digits that are not `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

export function card(page: Page) {
  const main = page.locator('#login-card');
  const box = (n: number): Locator => main.getByRole('textbox', { name: `Digit ${n} of 4` });
  return {
    root: main,
    mobile: main.getByRole('textbox', { name: 'Mobile number' }),
    consent: main.getByRole('checkbox'),
    readMore: main.getByRole('button', { name: /Read (more|less)/ }),
    getOtp: main.getByRole('button', { name: 'Get OTP' }),
    verify: main.getByRole('button', { name: 'Verify OTP' }),
    resend: main.getByRole('button', { name: /^Resend OTP/ }),
    changeNumber: main.getByRole('button', { name: 'Change number' }),
    /** The code boxes, 1 to 4. */
    box,
    boxes: [box(1), box(2), box(3), box(4)] as const,
    masked: main.getByTestId('masked-mobile'),
    alert: main.getByRole('alert'),
    status: main.getByRole('status'),
  };
}

/** Opens the apply page and waits until the card answers (before hydration a click does nothing). */
export async function openCard(page: Page, query = '') {
  await page.goto(`/apply-now${query}`);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  return card(page);
}

/** Step 1 done with a real code request: the card is on step 2 with the first box focused. */
export async function requestCode(page: Page, mobile: string) {
  const c = card(page);
  await c.mobile.fill(mobile);
  await c.consent.check();
  await c.getOtp.click();
  await expect(c.box(1)).toBeFocused();
  return c;
}

export async function typeCode(page: Page, code: string) {
  await card(page).box(1).click();
  await page.keyboard.type(code);
}
