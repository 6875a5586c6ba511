/**
 * Staff see the customer's loan agreement (issue 24, "Done when": the e-signed agreement appears for
 * staff): credit opens an approved application whose agreement is not yet drawn and reads so; once the
 * customer has signed, credit and finance read "Signed on" with the date and time in India's format, the
 * language, and download the signed PDF from the application's screen. Support finds the signature among
 * what the customer agreed to, on the customer's page. axe and 320 px on the application's screen.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { agreementFileName } from '../../../src/lib/agreement.ts';
import { STAFF_API } from '../../../src/lib/api/staffPaths.ts';
import { formatDateTime } from '../../../src/lib/format.ts';
import { axeViolations } from '../../support/axe.ts';
import { expectFits } from '../../support/widths.ts';
import { staffByApi as devDecision, signAgreementByApi } from '../dashboard/support.ts';
import { expect, test } from '../test.ts';
import { asStaff, consoleReady, heading, openConsole, staffByApi, submittedApplication } from './support.ts';

const agreementCard = (page: Page) => page.getByRole('region', { name: 'Loan agreement' });

test('credit and finance read the signed agreement with its date and download the signed PDF; support sees the signature among the consents', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await submittedApplication(request);
  await devDecision(request, customer.leadId, 'approve');
  const credit = await staffByApi(request, 'credit@kosh.test');
  const screen = `/staff/application/?lead_id=${customer.leadId}`;
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
  });

  // Approved, the customer has not opened the agreement yet: nothing drawn, nothing to download.
  await openConsole(page, credit, screen);
  await expect(heading(page)).toHaveText(`Application ${customer.leadId}`);
  await expect(agreementCard(page)).toContainText(
    'Not yet drawn: it is drawn once the customer has accepted the Key Fact Statement. Disbursal needs it signed.',
  );
  await expect(agreementCard(page).getByRole('link')).toHaveCount(0);

  await signAgreementByApi(request, customer);
  const answer = await asStaff(request, credit, STAFF_API.application, { lead_id: Number(customer.leadId) });
  const { agreement_no: agreementNo, decided_at: decidedAt } = answer.body.Data.agreement;
  const signedOn = `Signed on ${formatDateTime(decidedAt)}`;
  expect(signedOn).toMatch(/^Signed on \d{2}-\d{2}-\d{4} \d{2}:\d{2} [ap]m$/);

  for (const email of ['credit@kosh.test', 'finance@kosh.test']) {
    await openConsole(page, await staffByApi(request, email), screen);
    const card = agreementCard(page);
    await expect(card.getByRole('definition').filter({ hasText: /^Signed on/ }), email).toHaveText(signedOn);
    await expect(card).toContainText(agreementNo);
    await expect(card.getByRole('definition').filter({ hasText: /^English$/ }), email).toBeVisible();
    const link = card.getByRole('link', { name: `Download the signed agreement ${agreementNo} (PDF)` });
    await expect(link, email).toBeVisible();

    const saving = page.waitForEvent('download');
    await link.click();
    const download = await saving;
    expect(download.suggestedFilename()).toBe(agreementFileName(agreementNo, true));
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1'), email).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain('/ByteRange');
  }

  // The screen with the signed agreement: WCAG 2.2 AA, its CSP kept, and it fits 320 px.
  expect(await axeViolations(page, 'application with a signed agreement')).toEqual([]);
  await expectFits(page, 'application with a signed agreement', () => consoleReady(page));
  expect(cspErrors).toEqual([]);

  // Support, on the customer's page: the signature among what the customer agreed to, for this agreement.
  await openConsole(page, await staffByApi(request, 'support@kosh.test'), '/staff/customer/');
  await page.getByLabel('Mobile number').fill(customer.mobile);
  await page.getByRole('button', { name: 'Find' }).click();
  const agreed = page.getByRole('region', { name: 'What the customer agreed to' });
  const signature = agreed
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Loan agreement signed' }) });
  await expect(signature).toHaveCount(1);
  await expect(signature).toContainText(`for ${agreementNo} from`);
  await expect(signature).toContainText(answer.body.Data.agreement.document_sha256);
});
