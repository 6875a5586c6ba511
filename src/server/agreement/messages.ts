/**
 * The e-mail sent when the customer's signature of the loan agreement is recorded (issue 24): the signed
 * agreement and the Key Fact Statement it was drawn from, attached as PDFs; the text says what they are
 * and where to find them again.
 */
import { site } from '../../lib/site.ts';

export function agreementSignedMail(
  facts: { agreementNo: string; kfsNo: string; link: string },
  attached: { agreement: string; kfs?: string },
) {
  return {
    subject: `Your signed ${site.brand} loan agreement ${facts.agreementNo}`,
    body: [
      `Thank you for signing your loan agreement ${facts.agreementNo}. Your loan is paid out to your bank account once our team has disbursed it; we will write to you then.`,
      '',
      'Attached for your records:',
      `- ${attached.agreement}: the signed loan agreement`,
      ...(attached.kfs ? [`- ${attached.kfs}: the Key Fact Statement ${facts.kfsNo} the agreement is made on`] : []),
      '',
      `Read them again, print them or save a copy on your dashboard: ${facts.link}`,
      '',
      `${site.legalName} (${site.brand})`,
    ].join('\n'),
  };
}
