/**
 * The screens review's smaller items (issue 25, docs/screens-review.md "Fix next" item 10), at 390 px:
 * KYC Documents without the header stacked into a block of its own, each pending item linked to where
 * it is taken; Profile Summary with the step to do now framed as on the home (in the specification's order); Loan
 * Details with the loan's figures first, the borrower's own details folded under them, and the
 * payment's reference named as the provider's. (What you agreed to's short version is in consents.spec.ts, the complaints queue's
 * message said once in dashboardComplaints.spec.ts.) Customers are made through the real API.
 *
 * One test, the screens as steps (issue 21): each was a test of its own, each a fresh browser context
 * (about 1.6 s of CPU however little it checks). The applicant with documents needed is the run's shared
 * one (sharedCustomers.ts), which these steps only read. Loan Details of a repaid loan is read on the
 * repaid borrower of dashboardStatements.spec.ts, which needs one for its no-dues certificate anyway;
 * the selfie on a computer (from dashboardPhoneFixes.spec.ts) on this test's customer, at a computer's width.
 */
import type { Locator, Page } from '@playwright/test';
import { axeScan, WCAG_22_AA } from '../../support/axe.ts';
import { expectFits } from '../../support/widths.ts';
import { expect, test } from '../test.ts';
import { customerInState, heading, openDashboard, registerByApi, signInByApi } from './support.ts';
import { moveTo } from './walk.ts';

const main = (page: Page) => page.getByRole('main');
const row = (page: Page, name: string) =>
  main(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
/** The look that frames a step card: its border and the colour of its number. */
const frame = (card: Locator) =>
  card.evaluate((element) => {
    const number = element.querySelector('[aria-hidden="true"]') as Element;
    const style = getComputedStyle(element);
    return `${style.borderTopWidth} ${style.borderTopColor} ${getComputedStyle(number).backgroundColor}`;
  });
const stepCard = (page: Page, title: string) =>
  main(page).getByRole('list').first().getByRole('listitem').filter({ hasText: title }).locator(':scope > *');

test.describe('the screens review, item 10: the smaller fixes', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the selfie on a computer; KYC Documents and Profile Summary: the way to each step and document, the step to do now framed as on the home', async ({
    page,
    request,
    sharedApplicant: applicant,
  }) => {
    test.setTimeout(120_000);
    const customer = await registerByApi(request, await signInByApi(request), { steps: 4 });
    // From dashboardPhoneFixes.spec.ts, on a computer's screen: the same customer, its selfie still to take.
    await test.step('the selfie on a computer: no "Take a selfie" that would open a file dialog; the camera and a file chooser', async () => {
      await page.setViewportSize({ width: 1280, height: 720 });
      await openDashboard(page, customer, '/my-dashboard/upload-picture');
      await expect(page.getByRole('button', { name: 'Take a photo with your camera' })).toBeVisible();
      await expect(page.getByLabel('Take a selfie', { exact: true })).toHaveCount(0);
      await expect(page.locator('input[capture]')).toHaveCount(0);
      await page.getByLabel('Choose a picture instead').setInputFiles({
        name: 'me.gif',
        mimeType: 'image/gif',
        buffer: Buffer.from('GIF89a'),
      });
      await expect(page.getByText('Please choose a jpeg, jpg or png image.')).toBeVisible();
      await page.setViewportSize({ width: 390, height: 844 });
    });

    await test.step('KYC Documents and Profile Summary with the selfie to take: no header block, the way to each step, the step to do now framed as on the home', async () => {
      await openDashboard(page, customer, '/my-dashboard/kyc');
      await expect(row(page, 'PAN')).toContainText('Verified');
      // On a phone the rows are blocks: the header row is for screen readers only, not a block of its own.
      const header = main(page).getByRole('columnheader', { name: 'Document' });
      await expect(header).toHaveCount(1);
      expect(await header.evaluate((th) => th.closest('thead')?.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
      await expect(row(page, 'PAN').getByRole('link')).toHaveCount(0);
      await expect(row(page, 'Selfie')).toContainText('Pending');
      await expect(row(page, 'Selfie').getByRole('link', { name: 'Take your selfie' })).toBeVisible();
      expect((await axeScan(page).withTags(WCAG_22_AA).analyze()).violations.map((v) => v.id)).toEqual([]);
      await row(page, 'Selfie').getByRole('link', { name: 'Take your selfie' }).click();
      await expect(heading(page)).toHaveText('Upload Picture');

      // The home frames the step to do now; the summary frames it alike, in the specification's order for it
      // (dashboard.md §2: the address before the personal details).
      await moveTo(page, '/my-dashboard/');
      await expect(heading(page)).toBeVisible();
      const onHome = await frame(stepCard(page, 'Upload Picture'));
      await moveTo(page, '/my-dashboard/profile-summary');
      await expect(heading(page)).toHaveText('Profile Summary');
      await expect(main(page).getByRole('list').first().getByRole('listitem')).toHaveText([
        /^✓PAN Authentication/,
        /^✓Residence Address/,
        /^✓Personal Information/,
        /^✓Income Details/,
        /^5Upload Picture.*To do now$/,
      ]);
      expect(await frame(stepCard(page, 'Upload Picture'))).toBe(onHome);
      expect(await frame(stepCard(page, 'Income Details'))).not.toBe(onHome);
    });

    await test.step('KYC Documents with documents needed: each links to the screen that takes it; a selfie not yet due leads to the step to do now', async () => {
      await openDashboard(page, applicant, '/my-dashboard/kyc');
      for (const [name, slug] of [
        ['Aadhaar card (front)', 'adhar-upload'],
        ['Bank statement (last six months)', 'bank-upload'],
        ['Salary slip', 'upload-salaryslip'],
        ['Utility bill', 'upload-utilitybill'],
      ] as const) {
        await expect(row(page, name)).toContainText('Needed');
        await expect(row(page, name).getByRole('link', { name: `Upload ${name}`, exact: true })).toHaveAttribute(
          'href',
          `/my-dashboard/${slug}`,
        );
      }

      const early = await customerInState(request, 'registration in progress');
      await openDashboard(page, early, '/my-dashboard/kyc');
      await expect(row(page, 'Selfie')).toContainText('Step 5 of your profile, after Residence Address.');
      await expect(row(page, 'Selfie').getByRole('link', { name: 'Continue to Residence Address' })).toHaveAttribute(
        'href',
        '/my-dashboard/captur-address',
      );
      await page.setViewportSize({ width: 320, height: 800 });
      await expectFits(page, 'kyc at 320 px');
    });
  });
});
