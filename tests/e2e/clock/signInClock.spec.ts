// These tests move the server's clock, so they run on a server of their own, one at a time
// (the 'clock' project of playwright.config.ts). The clock only moves forward.
// A code expiring and Resend after the countdown are one customer's path on one card (issue 21: a test's
// fresh browser context cost more than its checks): the server's clock moved past the code's 5 minutes
// is past the 30-second spacing too, and the browser's clock is the test's from the start.
import type { APIRequestContext } from '@playwright/test';
import { latestCode, openCard, REGISTRATION, randomMobile, requestCode, sentCodes } from '../../support/signIn.ts';
import { expect, test } from '../test.ts';

async function advanceServerClock(request: APIRequestContext, seconds: number) {
  const response = await request.post('/__dev/clock', { data: { advance_seconds: seconds } });
  expect(response.ok()).toBe(true);
}

test('a code used after its 5 minutes: "This OTP has expired. Please request a new one."; after the 30-second countdown Resend sends a new code, the countdown restarts and the new code signs in', async ({
  page,
  request,
}) => {
  await page.clock.install({ time: new Date('2030-01-01T10:00:00+05:30') });
  await openCard(page);
  await page.clock.pauseAt(new Date('2030-01-01T10:05:00+05:30'));
  const mobile = randomMobile();
  const c = await requestCode(page, mobile);
  const first = await latestCode(request, mobile);
  await expect(c.resend).toBeDisabled();

  await test.step('a code used after its 5 minutes: "This OTP has expired. Please request a new one."', async () => {
    await advanceServerClock(request, 301);
    await page.keyboard.type(first);
    await c.verify.click();
    await expect(c.alert).toHaveText('This OTP has expired. Please request a new one.');
    for (const box of c.boxes) await expect(box).toHaveValue('');
    await expect(c.box(1)).toBeFocused();
  });

  await test.step('after the 30-second countdown Resend sends a new code, the countdown restarts and the new code signs in', async () => {
    await page.clock.runFor(30_000);
    await expect(c.resend).toHaveText('Resend OTP');
    const resent = page.waitForRequest((r) => r.url().endsWith(REGISTRATION));
    await c.resend.click();
    expect((await resent).postDataJSON()).toEqual({
      event_name: 'resend_otp',
      profile_id: await page.evaluate(() => sessionStorage.getItem('cust_profile_id')),
      // Opened without UTM parameters: the same empty ones the first request sent.
      utm_source: '',
      utm_medium: '',
      utm_campaign: '',
      utm_term: '',
      utm_content: '',
    });
    await expect(c.status).toHaveText('OTP sent successfully to your mobile number.');
    await expect(c.resend).toHaveText('Resend OTP in 30s');
    await expect(c.resend).toBeDisabled();
    await expect(c.box(1)).toBeFocused();

    const codes = await sentCodes(request, mobile);
    expect(codes).toHaveLength(2);
    expect(codes[1]).toBe(first);
    await page.keyboard.type(codes[0] as string);
    await c.verify.click();
    await page.waitForURL('**/my-dashboard');
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toMatch(/.{20,}/);
  });
});
