/**
 * What the dashboard's first paint draws (src/scripts/dashboardFirstPaint.inline.ts, issue 25): the
 * loan home's dues and Pay Now, and repayment's dues (what the borrower owes and which figure to pay,
 * text only: no control that could take typing React would then drop), as plain DOM in the island's
 * own classes, with the screens' own
 * functions (src/lib/loanDues.ts): it only places their results. Bundled into the inline script and
 * evaluated only when first needed: the formats it imports build the browser's number and date
 * formats (Intl) as they load, which costs a page about 30 ms the first time, so the profile's
 * request leaves before that.
 */
import { formatDate } from '../lib/format.ts';
import { statusLabel } from '../lib/leadStatus.ts';
import { duesFigures, NOTHING_DUE, nothingDue, whichToPay } from '../lib/loanDues.ts';
import { formatRupees } from '../lib/money.ts';

type Classes = Record<
  | 'loan'
  | 'panel'
  | 'figures'
  | 'figure'
  | 'overdue'
  | 'amount'
  | 'when'
  | 'which'
  | 'linkCards'
  | 'linkCard'
  | 'pairs',
  string
>;
interface Loan {
  loan_no: string;
  repayment_date: string;
  repayment_amount: number;
  total_due: number;
  days_to_due?: number;
  days_past_due?: number;
}
interface Lead {
  lead_id: number;
  loan_amount: number | null;
  status: string | null;
  lead_entry_date: string;
}
/** getProfile's answer (or, on loan history, getLeadList's), what the first paint reads of it. */
export interface Answer {
  Status?: number;
  Data?: { eligibility_status?: number; active_loan_details?: Loan | null; lead_list?: Lead[] };
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The loan home's summary of an active loan (components/ActiveLoanSummary.tsx), up to Pay Now. */
function loanSummary(loan: Loan, classes: Classes, payHref: string): HTMLElement {
  const section = element('section', classes.loan);
  const heading = element('h2', '', `Your loan ${loan.loan_no}`);
  heading.id = 'first-paint-loan';
  section.setAttribute('aria-labelledby', heading.id);
  section.append(heading);
  if (nothingDue(loan)) {
    section.append(element('p', '', NOTHING_DUE));
    return section;
  }
  const pay = element('a', 'button', 'Pay Now');
  pay.href = payHref;
  section.append(figures(loan, classes), element('p', classes.which, whichToPay(loan)), pay);
  return section;
}

/** The loan's figures (ActiveLoanSummary's list): the amount due and when, what closes the loan today. */
function figures(loan: Loan, classes: Classes): HTMLElement {
  const list = element('dl', classes.figures);
  for (const figure of duesFigures(loan)) {
    const row = element('div', figure.overdue ? `${classes.figure} ${classes.overdue}` : classes.figure);
    row.append(element('dt', '', figure.label));
    const amount = element('dd', classes.amount, figure.amount);
    amount.dataset.testid = figure.testId;
    row.append(amount);
    if (figure.note) row.append(element('dd', classes.when, figure.note));
    list.append(row);
  }
  return list;
}

/**
 * Repayment's dues before its form (screens/Repayment.tsx): the loan's number, its figures and the
 * sentence that says which to pay, the island's own words. Text only: the amount choices and field
 * come with the island, so nothing typed here could be lost when it takes over.
 */
function repaymentDues(loan: Loan, classes: Classes): HTMLElement {
  const section = element('section', classes.panel);
  const heading = element('h2', '', `Loan ${loan.loan_no}`);
  heading.id = 'first-paint-dues';
  section.setAttribute('aria-labelledby', heading.id);
  const which = element('p', classes.which);
  which.append(element('strong', '', whichToPay(loan)));
  section.append(heading, figures(loan, classes), which);
  return section;
}

/** A pair of the card's list: what, and its value. */
function pair(label: string, value: string): HTMLElement {
  const row = element('div', '');
  row.append(element('dt', '', label), element('dd', '', value));
  return row;
}

/**
 * Loan history's cards (screens/Leads.tsx): one per application, its amount once chosen, its status
 * and the day applied, each a link to its details (a page load there, before React; a move after).
 */
function leadCards(leads: Lead[], classes: Classes, detailsHref: string): HTMLElement {
  const list = element('ul', classes.linkCards);
  list.setAttribute('aria-label', 'Your loans');
  for (const lead of leads) {
    const link = element('a', classes.linkCard);
    link.href = `${detailsHref}?${new URLSearchParams({ lead_id: String(lead.lead_id) })}`;
    link.append(element('h2', '', `Loan application ${lead.lead_id}`));
    const pairs = element('dl', classes.pairs);
    // No "NA" before the amount is chosen (issue 25), as the island.
    if (lead.loan_amount !== null) pairs.append(pair('Loan amount', formatRupees(lead.loan_amount)));
    pairs.append(pair('Status', statusLabel(lead.status)), pair('Applied on', formatDate(lead.lead_entry_date)));
    link.append(pairs);
    const item = element('li', '');
    item.append(link);
    list.append(item);
  }
  return list;
}

/**
 * Draws the screen's first content from getProfile's answer into the page's frame; false when there
 * is nothing to draw: a failure or a dead session, another screen, no active loan (or, on repayment,
 * nothing due), or a customer the island's guard would not show these screens (eligibility 1, stored
 * and answered).
 */
export function draw(answer: Answer, config: DOMStringMap, eligible: boolean): boolean {
  if (answer.Status !== 1) return false;
  const classes = JSON.parse(config.classes ?? '{}') as Classes;
  const loan = answer.Data?.active_loan_details;
  const leads = answer.Data?.lead_list;
  let drawn: HTMLElement;
  // Loan history, open to any signed-in customer: its cards; with none, the island's own message.
  if (config.screen === 'Leads') {
    if (!leads?.length) return false;
    drawn = leadCards(leads, classes, config.details ?? '');
  } else if (!eligible || answer.Data?.eligibility_status !== 1 || !loan) return false;
  else if (config.screen === 'LoanHome') drawn = loanSummary(loan, classes, config.repayment ?? '');
  // Repayment with nothing due shows the island's own "no amount due" panel: not drawn here.
  else if (config.screen === 'Repayment' && !nothingDue(loan)) drawn = repaymentDues(loan, classes);
  else return false;
  // The page's frame only (data-frame): were the island there already (its code loaded after HOLD_MS,
  // before a slow answer), it draws the screen itself, and nothing is added to what React keeps.
  const main = document.querySelector<HTMLElement>('main[data-frame]');
  const status = main?.querySelector('[role="status"]');
  if (!main || !status) return false;
  // The island's status line is empty once the profile is there; the frame's says so too.
  status.textContent = '';
  main.append(drawn);
  return true;
}

/** Builds the formats (the first Intl of the page) ahead of the answer, once the frame has painted. */
export function warm(): void {
  nothingDue({ repayment_date: '', repayment_amount: 0, total_due: 0 });
}
