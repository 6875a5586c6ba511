import { test } from '@playwright/test';
import { openDashboard, registerByApi, signInByApi } from './support.ts';

test('shots', async ({ page, request }) => {
  const customer = await registerByApi(request, await signInByApi(request), { steps: 2 });
  await openDashboard(page, customer, '/my-dashboard/');
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/shot-home.png', fullPage: true });
  await page.goto('/my-dashboard/pan-details');
  await page.waitForTimeout(800);
  await page.screenshot({ path: '/tmp/shot-pan.png', fullPage: true });
  await page.goto('/my-dashboard/captur-personal-information');
  await page.waitForTimeout(800);
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await page.screenshot({ path: '/tmp/shot-personal.png', fullPage: true });
  await page.goto('/my-dashboard/profile-preview');
  await page.waitForTimeout(800);
  await page.screenshot({ path: '/tmp/shot-preview.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/my-dashboard/captur-address');
  await page.waitForTimeout(800);
  await page.screenshot({ path: '/tmp/shot-mobile.png', fullPage: true });
});
