/**
 * Disbursal needs the customer's signed loan agreement (issue 24, "Done when": disbursal without a signed
 * agreement is refused): finance asking, in the console, for the payout of an approved application whose
 * agreement is not signed is told why, and nothing waits for approval; once the customer has signed, the
 * same request goes through. (An account no penny-drop verified cannot reach this point through the
 * product; its refusal is in tests/api/bankAccount.test.ts.)
 */
import { staffByApi as devDecision, signAgreementByApi } from '../dashboard/support.ts';
import { expect, test } from '../test.ts';
import { consoleReady, heading, openConsole, staffByApi, submittedApplication } from './support.ts';

test('finance is refused the payout of an application whose agreement is not signed, with the reason; signed, it is requested', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const customer = await submittedApplication(request);
  await devDecision(request, customer.leadId, 'approve');
  const finance = await staffByApi(request, 'finance@kosh.test');
  await openConsole(page, finance, '/staff/disbursals/');
  await expect(heading(page)).toHaveText('Disbursals');
  const application = () =>
    page.getByRole('listitem').filter({ hasText: new RegExp(`^Application ${customer.leadId}:`) });
  const ask = async () => {
    await application().getByRole('textbox', { name: 'Payout reference' }).fill(`NEFT-E2E-${customer.leadId}`);
    await application().getByRole('button', { name: 'Request disbursal' }).click();
  };
  const approve = page.getByRole('button', { name: `Approve disbursal of application ${customer.leadId}` });

  await ask();
  await expect(application().getByRole('alert')).toContainText(
    `Lead ${customer.leadId} has no signed loan agreement: the customer must e-sign the agreement of the accepted Key Fact Statement before disbursal.`,
  );
  await expect(page.getByRole('status').filter({ hasText: 'Requested the disbursal' })).toHaveCount(0);
  await expect(approve).toHaveCount(0);

  await signAgreementByApi(request, customer);
  await page.reload();
  await consoleReady(page);
  await ask();
  await expect(
    page.getByRole('status').filter({ hasText: `Requested the disbursal of application ${customer.leadId}` }),
  ).toBeVisible();
  await expect(approve).toBeVisible();
});
