import { expect, type Page, test } from '@playwright/test';

const calculator = (page: Page) => ({
  amount: page.getByRole('textbox', { name: 'Amount in rupees' }),
  amountSlider: page.getByRole('slider', { name: 'Amount slider' }),
  days: page.getByRole('textbox', { name: 'Number of days' }),
  daysSlider: page.getByRole('slider', { name: 'Days slider' }),
  rate: page.getByRole('slider', { name: /Daily rate/ }),
  payable: page.getByTestId('payable'),
  interest: page.getByTestId('interest'),
  apr: page.getByTestId('annual-rate'),
});

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await page.getByRole('heading', { name: /loan will cost/i }).scrollIntoViewIfNeeded();
  // The island hydrates when visible; typing before that would be lost.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
});

test('starts at 10,000 for 1 day at 0.25% and shows the payable amount', async ({ page }) => {
  const c = calculator(page);
  await expect(c.amount).toHaveValue('10000');
  await expect(c.days).toHaveValue('1');
  await expect(c.amountSlider).toHaveAttribute('min', '10000');
  await expect(c.amountSlider).toHaveAttribute('max', '100000');
  await expect(c.amountSlider).toHaveAttribute('step', '500');
  await expect(c.daysSlider).toHaveAttribute('max', '40');
  await expect(c.rate).toHaveAttribute('min', '0.25');
  await expect(c.rate).toHaveAttribute('max', '1');
  await expect(c.interest).toHaveText('₹25');
  await expect(c.payable).toHaveText('₹10,025');
  await expect(c.apr).toHaveText('91.25%');
});

test('typed entry recomputes: 50,000 for 30 days at 1% a day is 65,000', async ({ page }) => {
  const c = calculator(page);
  await c.amount.fill('50000');
  await c.days.fill('30');
  await c.rate.focus();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
  await expect(c.rate).toHaveAttribute('aria-valuetext', '1% a day');
  await expect(c.payable).toHaveText('₹65,000');
  await expect(c.apr).toHaveText('365%');
  await expect(c.amountSlider).toHaveValue('50000');
});

test('the sliders work from the keyboard and announce their values', async ({ page }) => {
  const c = calculator(page);
  await c.amountSlider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(c.amount).toHaveValue('10500');
  await expect(c.amountSlider).toHaveAttribute('aria-valuetext', '₹10,500');
  await c.daysSlider.focus();
  await page.keyboard.press('End');
  await expect(c.days).toHaveValue('40');
  await expect(page.getByRole('alert')).toHaveText('You can Check on upto 30 days only');
});

const cases: [string, string, string][] = [
  ['amount', '4999', 'Amount must be greater then 5000'],
  ['amount', '', 'Amount must be greater then 5000'],
  ['amount', '100001', 'Amount must be less than 10,0000'],
  ['days', '31', 'You can Check on upto 30 days only'],
  ['days', '0', 'Number of Days must be more than 0'],
];
for (const [field, value, message] of cases) {
  test(`${field} "${value}" gives "${message}"`, async ({ page }) => {
    const c = calculator(page);
    const input = field === 'amount' ? c.amount : c.days;
    await input.fill(value);
    await expect(page.getByRole('alert')).toHaveText(message);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(c.payable).toHaveText('—');
  });
}

test('the edges of the range are accepted: 5,000 and 1,00,000; 1 and 30 days', async ({ page }) => {
  const c = calculator(page);
  await c.amount.fill('5000');
  await c.days.fill('30');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(c.payable).toHaveText('₹5,375');
  await c.amount.fill('100000');
  await c.days.fill('1');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(c.payable).toHaveText('₹1,00,250');
});

test('letters typed into the amount are dropped', async ({ page }) => {
  const c = calculator(page);
  await c.amount.fill('');
  await c.amount.pressSequentially('2a0b000');
  await expect(c.amount).toHaveValue('20000');
});
