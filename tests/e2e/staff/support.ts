/**
 * Helpers for the staff console's browser tests (issue 22): staff signed in through the API (the
 * password, then the code from the development mailbox), sessions put into a tab's session storage,
 * and customers with a submitted application made through the API.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { STAFF_SESSION_KEY, type StaffSession } from '../../../src/islands/Staff/state/session.ts';
import { HEADERS } from '../../../src/lib/api/paths.ts';
import { STAFF_API } from '../../../src/lib/api/staffPaths.ts';
import { applyByApi, registerByApi, signInByApi } from '../dashboard/support.ts';

export const STAFF_PASSWORD = 'kosh-staff-dev';

const mailboxOf = async (request: APIRequestContext, email: string) =>
  (await (await request.get(`/__dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { body: string }[];

/** The newest e-mail of a member now: the code of a sign-in begun after this is in a newer one. */
export async function newestMail(request: APIRequestContext, email: string): Promise<string | undefined> {
  const [newest] = await mailboxOf(request, email);
  return newest && JSON.stringify(newest);
}

/**
 * The sign-in code e-mailed to a staff member after `before` (newestMail before the sign-in began): the
 * mail leaves through the mail queue after the answer, so this waits for it (bounded by expect.poll).
 */
export async function staffCode(
  request: APIRequestContext,
  email: string,
  before: string | undefined,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const [newest] = await mailboxOf(request, email);
      code = newest && JSON.stringify(newest) !== before ? newest.body.match(/code is (\d{6})/)?.[1] : undefined;
      return code;
    })
    .toBeTruthy();
  return code as string;
}

/**
 * Runs one sign-in of a member at a time across the run's workers. A code's e-mail names no challenge,
 * so two tests signing the same member in at once could each read the other's code (and a wrong code
 * counts towards the member's lock-out): a lock directory per server and member, taken and removed.
 */
export async function oneSignInAtATime<T>(email: string, signIn: () => Promise<T>): Promise<T> {
  const lock = join(tmpdir(), `kosh-e2e-staff-${process.env.E2E_PORT ?? 4322}-${email}`);
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch {
      // A lock older than a sign-in could take was left by a killed run.
      const since = await stat(lock).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0,
      );
      if (since > 60_000) await rm(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    return await signIn();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** A staff member signed in through the API. */
export function staffByApi(request: APIRequestContext, email: string, password = STAFF_PASSWORD) {
  return oneSignInAtATime(email, async () => {
    const before = await newestMail(request, email);
    const login = await request.post(STAFF_API.login, { data: { email, password } });
    const challenge = (await login.json()).Data?.challenge_id as string;
    expect(challenge, await login.text()).toBeTruthy();
    const verify = await request.post(STAFF_API.verify, {
      data: { challenge_id: challenge, code: await staffCode(request, email, before) },
    });
    const data = (await verify.json()).Data;
    expect(data?.staff_token, 'staff verify').toBeTruthy();
    return { token: data.staff_token, name: data.name, roles: data.roles } as StaffSession;
  });
}

/** A call of a staff route with a member's token. */
export async function asStaff(request: APIRequestContext, session: StaffSession, path: string, data: object = {}) {
  const response = await request.post(path, { headers: { [HEADERS.staffToken]: session.token }, data });
  return { status: response.status(), body: await response.json() };
}

/** Opens a console address with the member's session in this tab. */
export async function openConsole(page: Page, session: StaffSession, path = '/staff/') {
  await page.goto('/robots.txt');
  await page.evaluate(
    ([key, value]) => sessionStorage.setItem(key as string, value as string),
    [STAFF_SESSION_KEY, JSON.stringify(session)],
  );
  await page.goto(path);
  await consoleReady(page);
}

export async function consoleReady(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

/** A customer whose application is submitted (the bank account step done), through the API. */
export async function submittedApplication(request: APIRequestContext) {
  const customer = await registerByApi(request, await signInByApi(request), { checkEligibility: true });
  return applyByApi(request, customer, 'banking_details');
}

export const heading = (page: Page) => page.getByRole('heading', { level: 1 });
