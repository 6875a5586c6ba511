/**
 * The loan quote's form (src/islands/Dashboard/screens/CalculateLoan.tsx) drawn alone, given the quote
 * the server gives a customer earning ₹65,000 a month (₹5,000 to ₹32,500 over 60 to 90 days at 0.5% a
 * day) and the Key Fact Statement src/lib/kfs.ts writes for the figures asked: the sliders, the typed
 * amount and the keyboard at the quote's edges, what the form refuses before anything is sent, and the
 * server's refusal. The statement's figures, printing, saving and the accepted quote stay in
 * tests/e2e/dashboard/dashboardApplication.spec.ts and dashboardCalculator.spec.ts, against the real server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import CalculateLoan from '../../src/islands/Dashboard/screens/CalculateLoan.tsx';
import { API } from '../../src/lib/api/paths.ts';
import { indiaDate } from '../../src/lib/dates.ts';
import { keyFactStatement } from '../../src/lib/kfs.ts';
import { formatPaise } from '../../src/lib/money.ts';
import { QuoteAnswer } from '../../src/lib/schemas/answers/application.ts';
import { KeyFactStatementAnswer } from '../../src/lib/schemas/answers/kfs.ts';
import { KFS_REQUIRED } from '../../src/lib/schemas/application.ts';
import { site } from '../../src/lib/site.ts';
import { type Drawn, draw } from './draw.tsx';
import { type Answerer, refused, type Server, screen, serve, served } from './server.ts';

const QUOTE = {
  min_loan_amount: 5000,
  max_loan_amount: 32_500,
  min_loan_tenure: 60,
  max_loan_tenure: 90,
  daily_rate_percent: 0.5,
  processing_fee_percent: 2,
  gst_percent: 18,
  next_step: 'loan_quotation_decision',
  step_percentage: 0,
  lead_id: 101,
};
const OUTSIDE = 'Choose an amount from ₹5,000 to ₹32,500.';
const NO_APPLICATION = 'Start your loan application with the loan calculator first.';

/** getKeyFactStatement: the statement of the figures asked, numbered, as the server stores and answers it. */
const statementOf: Answerer = (body) =>
  served(
    KeyFactStatementAnswer,
    keyFactStatement(site, {
      amountPaise: Number(body.amount) * 100,
      tenureDays: Number(body.tenure),
      dailyRatePercent: QUOTE.daily_rate_percent,
      issuedOn: indiaDate(new Date()),
      kfsNo: 'KFS-000101',
    }),
  );

const amountSlider = () => page.getByRole('slider', { name: 'Loan Amount' });
const tenureSlider = () => page.getByRole('slider', { name: 'Tenure' });
const amountField = () => page.getByRole('textbox', { name: 'Loan Amount in rupees' });
const purpose = () => page.getByRole('combobox', { name: 'Purpose of Loan' });
const statement = () => page.getByRole('region', { name: 'Key Fact Statement' });
const viewStatement = () => page.getByRole('button', { name: 'View Key Fact Statement' });
const acceptLoan = () => page.getByRole('button', { name: 'Accept Loan' });
const acknowledgement = () =>
  page.getByRole('checkbox', { name: 'I have read and understood the Key Fact Statement.' });
const sanctioned = () =>
  statement()
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Sanctioned loan amount', exact: true }) });
/** payable = principal + principal × 0.5% × days, in paise. */
const payable = (rupees: number, days: number) => formatPaise(rupees * 100 + Math.round(rupees * 0.5 * days));

let server: Server;
let drawn: Drawn;
async function open(kfs: Answerer = statementOf) {
  server = serve({ [API.saveleadDetails]: () => served(QuoteAnswer, QUOTE), [API.keyFactStatement]: kfs });
  drawn = draw(screen(CalculateLoan, 'calculate-loan'));
  await expect.element(amountSlider()).toBeVisible();
}
afterEach(() => {
  drawn.remove();
  server.restore();
});

describe('the loan quote form', () => {
  it('the sliders keep to the quote, start at ₹5,000 and 7 days moved into it, and the payable follows', async () => {
    await open();
    await expect.element(amountSlider()).toHaveAttribute('min', '5000');
    await expect.element(amountSlider()).toHaveAttribute('max', '32500');
    await expect.element(amountSlider()).toHaveAttribute('step', '500');
    await expect.element(amountSlider()).toHaveValue('5000');
    await expect.element(amountField()).toHaveValue('5000');
    await expect.element(tenureSlider()).toHaveAttribute('min', '60');
    await expect.element(tenureSlider()).toHaveAttribute('max', '90');
    await expect.element(tenureSlider()).toHaveValue('60');
    await expect.element(page.getByTestId('payable')).toHaveTextContent(payable(5000, 60));
    // The customer's rate from the rate policy, a day and a year, before the Key Fact Statement.
    await expect.element(page.getByTestId('rate')).toHaveTextContent('0.5% a day (182.5% a year)');
    await expect.element(page.getByText('From ₹5,000 to ₹32,500, or type any amount in rupees')).toBeVisible();
    const options = [...purpose().element().querySelectorAll('option')].map((option) => option.textContent);
    expect(options).toEqual(['Select', 'Travel', 'Medical', 'Shopping', 'Others']);
  });

  it('the sliders work from the keyboard, within the quote, and say their value', async () => {
    await open();
    (amountSlider().element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(amountSlider()).toHaveValue('5500');
    await expect.element(amountSlider()).toHaveAttribute('aria-valuetext', '₹5,500');
    await userEvent.keyboard('{End}');
    await expect.element(amountSlider()).toHaveValue('32500');
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(amountSlider()).toHaveValue('32500');
    await userEvent.tab();
    await expect.element(tenureSlider()).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect.element(tenureSlider()).toHaveValue('62');
    await expect.element(tenureSlider()).toHaveAttribute('aria-valuetext', '62 days');
    await expect.element(page.getByTestId('payable')).toHaveTextContent(payable(32_500, 62));
    await userEvent.keyboard('{Home}');
    await expect.element(tenureSlider()).toHaveValue('60');
  });

  it('any amount in the quote is reached exactly: dragged, typed or by the keyboard, the slider and the field agree', async () => {
    await open();
    // Dragged to where ₹20,000 sits on the track: ₹20,000, and the field says so.
    const box = amountSlider().element().getBoundingClientRect();
    const thumb = 16;
    const at = (value: number) => ({
      x: thumb / 2 + ((value - 5000) / (32_500 - 5000)) * (box.width - thumb),
      y: box.height / 2,
    });
    await userEvent.dragAndDrop(amountSlider(), amountSlider(), {
      sourcePosition: at(5000),
      targetPosition: at(20_000),
    });
    await expect.element(amountSlider()).toHaveValue('20000');
    await expect.element(amountField()).toHaveValue('20000');
    await expect.element(page.getByTestId('payable')).toHaveTextContent(payable(20_000, 60));

    // Typed off the slider's steps: the figures and the statement are for what was typed; the knob sits
    // on the nearest step and announces the typed amount.
    await userEvent.fill(amountField(), '20250');
    await expect.element(amountSlider()).toHaveValue('20500');
    await expect.element(amountSlider()).toHaveAttribute('aria-valuetext', '₹20,250');
    await expect.element(page.getByTestId('payable')).toHaveTextContent(payable(20_250, 60));
    await viewStatement().click();
    await expect.element(sanctioned()).toHaveTextContent('₹20,250');
    expect(server.bodiesTo(API.keyFactStatement)).toEqual([{ profile_id: '1001', amount: 20_250, tenure: 60 }]);

    // The keyboard moves from the knob's step, and the field follows; the statement is for other figures.
    (amountSlider().element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(amountSlider()).toHaveValue('20000');
    await expect.element(amountField()).toHaveValue('20000');
    await expect.element(statement()).not.toBeInTheDocument();
  });

  it('an amount outside the quote is said (at once above it, below it once the field is left) and no statement is asked', async () => {
    await open();
    await userEvent.fill(amountField(), '32501');
    await expect.element(page.getByRole('alert')).toHaveTextContent(OUTSIDE);
    await expect.element(amountField()).toHaveAttribute('aria-invalid', 'true');
    await expect.element(page.getByTestId('received')).toHaveTextContent('—');
    await expect.element(amountSlider()).toHaveValue('32500');

    // On the way to a figure nothing is said; leaving the field below the quote says it.
    await userEvent.clear(amountField());
    await userEvent.type(amountField(), '30');
    await expect.element(page.getByText(OUTSIDE)).not.toBeInTheDocument();
    await userEvent.tab();
    await expect.element(page.getByText(OUTSIDE)).toBeVisible();

    await viewStatement().click();
    await expect.element(amountField()).toHaveFocus();
    expect(server.bodiesTo(API.keyFactStatement)).toEqual([]);
    // Letters are not taken; a figure in the quote clears the message.
    await userEvent.fill(amountField(), '25,00a0');
    await expect.element(amountField()).toHaveValue('25000');
    await expect.element(page.getByText(OUTSIDE)).not.toBeInTheDocument();
    await expect.element(page.getByTestId('received')).not.toHaveTextContent('—');
  });

  it('accepting needs a purpose and the confirmed statement, each said on its field, and nothing is sent before', async () => {
    await open();
    await viewStatement().click();
    await expect.element(statement()).toBeVisible();
    await acceptLoan().click();
    await expect.element(page.getByText('Purpose is required!')).toBeVisible();
    await expect.element(page.getByText(KFS_REQUIRED)).toBeVisible();
    await expect.element(purpose()).toHaveFocus();
    await expect.element(acknowledgement()).toHaveAttribute('aria-invalid', 'true');

    await userEvent.selectOptions(purpose(), 'Medical');
    await acceptLoan().click();
    await expect.element(page.getByText(KFS_REQUIRED)).toBeVisible();
    await expect.element(acknowledgement()).toHaveFocus();
    await expect.element(page.getByText('Purpose is required!')).not.toBeInTheDocument();
    const decisions = server.bodiesTo(API.saveleadDetails).filter((body) => body.event_name !== 'generate_loan_quote');
    expect(decisions).toEqual([]);
  });

  it('other figures need their own statement: it goes, with the confirmation, until asked for again or the figures come back', async () => {
    await open();
    await expect.element(acceptLoan()).not.toBeInTheDocument();
    await viewStatement().click();
    await expect.element(statement().getByRole('heading', { name: 'Key Fact Statement' })).toHaveFocus();
    await acknowledgement().click();
    (amountSlider().element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(statement()).not.toBeInTheDocument();
    await expect.element(acceptLoan()).not.toBeInTheDocument();
    await expect.element(viewStatement()).toBeVisible();
    // Back to the figures it was for: shown again, not asked again, the focus left on the slider, unconfirmed.
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(statement()).toBeVisible();
    await expect.element(amountSlider()).toHaveFocus();
    await expect.element(acknowledgement()).not.toBeChecked();
    expect(server.bodiesTo(API.keyFactStatement)).toHaveLength(1);
  });

  it("a server refusal shows the server's message as an error alert, and no statement", async () => {
    // The application was declined elsewhere (another tab): there is no open application for a statement.
    await open(() => refused(409, NO_APPLICATION, 'no_application'));
    await viewStatement().click();
    await expect.element(page.getByRole('alert')).toHaveTextContent(NO_APPLICATION);
    await expect.element(statement()).not.toBeInTheDocument();
    await expect.element(viewStatement()).toBeVisible();
  });
});
