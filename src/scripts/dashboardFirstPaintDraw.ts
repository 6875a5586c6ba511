/**
 * What the dashboard's first paint draws (src/scripts/dashboardFirstPaint.inline.ts, issue 25): the
 * loan home's dues and Pay Now, repayment's dues (what the borrower owes and which figure to pay, text
 * only: no control that could take typing React would then drop) and loan history's cards, as plain
 * DOM in the island's own classes. It only places text already made by the screens' own functions
 * (src/islands/Dashboard/state/firstPaintView.ts), from the tab's last known figures or the fresh
 * answer: so it builds no number or date format, and the known figures are drawn before the first paint.
 */
import type { LeadView, LoanView } from '../islands/Dashboard/state/lastFigures.ts';

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

/** What there is to draw: the loan's summary (getProfile), loan history's cards (getLeadList); null: nothing. */
export interface Figures {
  loan?: LoanView | null;
  leads?: LeadView[] | null;
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
function loanSummary(loan: LoanView, classes: Classes, payHref: string): HTMLElement {
  const section = element('section', classes.loan);
  const heading = element('h2', '', `Your loan ${loan.loanNo}`);
  heading.id = 'first-paint-loan';
  section.setAttribute('aria-labelledby', heading.id);
  section.append(heading);
  if (loan.nothingDue) {
    // With nothing due the view's sentence says so (NOTHING_DUE): no figures, no Pay Now.
    section.append(element('p', '', loan.which));
    return section;
  }
  const pay = element('a', 'button', 'Pay Now');
  pay.href = payHref;
  section.append(figures(loan, classes), element('p', classes.which, loan.which), pay);
  return section;
}

/** The loan's figures (ActiveLoanSummary's list): the amount due and when, what closes the loan today. */
function figures(loan: LoanView, classes: Classes): HTMLElement {
  const list = element('dl', classes.figures);
  for (const figure of loan.figures) {
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
function repaymentDues(loan: LoanView, classes: Classes): HTMLElement {
  const section = element('section', classes.panel);
  const heading = element('h2', '', `Loan ${loan.loanNo}`);
  heading.id = 'first-paint-dues';
  section.setAttribute('aria-labelledby', heading.id);
  const which = element('p', classes.which);
  which.append(element('strong', '', loan.which));
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
function leadCards(leads: LeadView[], classes: Classes, detailsHref: string): HTMLElement {
  const list = element('ul', classes.linkCards);
  list.setAttribute('aria-label', 'Your loans');
  for (const lead of leads) {
    const link = element('a', classes.linkCard);
    link.href = `${detailsHref}?${new URLSearchParams({ lead_id: String(lead.id) })}`;
    link.append(element('h2', '', `Loan application ${lead.id}`));
    const pairs = element('dl', classes.pairs);
    if (lead.amount !== null) pairs.append(pair('Loan amount', lead.amount));
    pairs.append(pair('Status', lead.status), pair('Applied on', lead.applied));
    link.append(pairs);
    const item = element('li', '');
    item.append(link);
    list.append(item);
  }
  return list;
}

/**
 * What the screen draws of the figures, or null: loan history its cards (with none, the island's own
 * message); the loan home and repayment the active loan, only for a customer the island's guard shows
 * them (eligibility 1, stored and answered); repayment with nothing due shows the island's own panel.
 */
function chosen(figures: Figures | null, screen: string | undefined, eligible: boolean): Figures | null {
  if (screen === 'Leads') return figures?.leads?.length ? { leads: figures.leads } : null;
  const loan = eligible ? figures?.loan : null;
  if (!loan) return null;
  if (screen === 'LoanHome' || (screen === 'Repayment' && !loan.nothingDue)) return { loan };
  return null;
}

/** What this page's first paint shows now: its node, what it was drawn from, the status line's words it emptied. */
let shown: { node: HTMLElement; key: string; status: string } | undefined;

/**
 * Draws the screen's first content into the page's frame, in place of what it drew before: 'drawn'
 * when something new is on screen, 'same' when it already showed exactly this (nothing is touched, so
 * nothing is painted anew), 'none' when there is nothing to draw (what it drew before is removed and
 * the status line says "Loading your dashboard…" again: nothing stale stays on screen).
 */
export function draw(figures: Figures | null, config: DOMStringMap, eligible: boolean): 'drawn' | 'same' | 'none' {
  const what = chosen(figures, config.screen, eligible);
  const key = what ? JSON.stringify(what) : '';
  // The page's frame only (data-frame): were the island there already (its code loaded after the hold,
  // before a slow answer), it draws the screen itself, and nothing is added to what React keeps.
  const main = document.querySelector<HTMLElement>('main[data-frame]');
  const status = main?.querySelector('[role="status"]');
  if (!main || !status) return 'none';
  if (shown && shown.key === key) return 'same';
  if (shown) {
    shown.node.remove();
    status.textContent = shown.status;
    shown = undefined;
  }
  if (!what) return 'none';
  const classes = JSON.parse(config.classes ?? '{}') as Classes;
  const node = what.leads
    ? leadCards(what.leads, classes, config.details ?? '')
    : config.screen === 'LoanHome'
      ? loanSummary(what.loan as LoanView, classes, config.repayment ?? '')
      : repaymentDues(what.loan as LoanView, classes);
  shown = { node, key, status: status.textContent ?? '' };
  // The island's status line is empty once the profile is there; the frame's says so too.
  status.textContent = '';
  main.append(node);
  return 'drawn';
}
