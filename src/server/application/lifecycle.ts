/**
 * The application's life as one state machine (docs/decisions.md, "The application as a state
 * machine"). Every transition is a row of TRANSITIONS, and every change runs in one transaction
 * that holds the lead's row lock and checks the state again inside it (`lockedLead`), so a
 * customer's change and a staff decision never both succeed on the same version. Lock order,
 * everywhere: the lead, then its statement, then the loan, then a payment order.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { retryingTransaction } from '../db/retry.ts';
import { leads } from '../db/schema.ts';
import { ApiError } from '../http/respond.ts';
import { type Lead, OPEN_STATES } from '../leads/store.ts';

export const LEAD_STATES = [
  'applied',
  'submitted',
  'sent_back',
  'approved',
  'accepted',
  'disbursed',
  'rejected',
  'withdrawn',
] as const;
export type LeadState = (typeof LEAD_STATES)[number];

export type LeadAction =
  /** The customer changes the quote, employment, a document or the bank account. */
  | 'change'
  /** The customer gives the last step (the bank account): the application is submitted. */
  | 'submit'
  /** The customer declines the quote (accepted_id 2). */
  | 'withdraw'
  /** Staff approve within the policy: a new statement to accept, or the accepted one stands. */
  | 'approve'
  /** Staff send the application back for changes, with a reason the customer reads. */
  | 'send_back'
  | 'reject'
  /** The customer accepts the statement staff issued. */
  | 'accept_statement'
  /** Finance pays the loan out on the accepted statement. */
  | 'disburse';

interface Transition {
  action: LeadAction;
  from: readonly LeadState[];
  /** Null: the state stays (a change while filling in; a second approval before acceptance may stand). */
  to: readonly LeadState[];
  by: 'customer' | 'staff';
}

/** The whole table; docs/decisions.md shows the same (a test compares the two). */
export const TRANSITIONS: readonly Transition[] = [
  { action: 'change', from: ['applied', 'sent_back'], to: ['applied', 'sent_back'], by: 'customer' },
  { action: 'submit', from: ['applied', 'sent_back'], to: ['submitted'], by: 'customer' },
  { action: 'withdraw', from: ['applied', 'sent_back'], to: ['withdrawn'], by: 'customer' },
  { action: 'approve', from: ['submitted', 'approved'], to: ['approved', 'accepted'], by: 'staff' },
  { action: 'send_back', from: ['submitted'], to: ['sent_back'], by: 'staff' },
  { action: 'reject', from: ['submitted', 'approved', 'accepted'], to: ['rejected'], by: 'staff' },
  { action: 'accept_statement', from: ['approved'], to: ['accepted'], by: 'customer' },
  { action: 'disburse', from: ['accepted'], to: ['disbursed'], by: 'staff' },
];

const transitionOf = (action: LeadAction) => TRANSITIONS.find((row) => row.action === action) as Transition;

/** Whether the action may start from the lead's state. */
export const allows = (lead: Pick<Lead, 'status'>, action: LeadAction) =>
  (transitionOf(action).from as readonly string[]).includes(lead.status);

/** A refused transition: a 409 with what the person can do instead. */
export class LifecycleConflict extends ApiError {
  constructor(message: string, code = 'application_state') {
    super(409, message, code);
  }
}

const CUSTOMER_REFUSAL: Partial<Record<string, string>> = {
  submitted: 'Your application is with our team and can no longer be changed.',
  approved: 'Your application has been decided and can no longer be changed.',
  accepted: 'Your application has been decided and can no longer be changed.',
};

const DONE: Record<LeadAction, string> = {
  change: 'changed',
  submit: 'submitted',
  withdraw: 'withdrawn',
  approve: 'approved',
  send_back: 'sent back',
  reject: 'rejected',
  accept_statement: 'accepted',
  disburse: 'disbursed',
};

/** Throws the 409 of an action the lead's state does not allow. */
export function requireAllowed(lead: Pick<Lead, 'id' | 'status'>, action: LeadAction): void {
  if (allows(lead, action)) return;
  const { by, from } = transitionOf(action);
  if (by === 'customer') {
    throw new LifecycleConflict(
      CUSTOMER_REFUSAL[lead.status] ?? 'Your application can no longer be changed.',
      'application_locked',
    );
  }
  const states = from.length > 1 ? `${from.slice(0, -1).join(', ')} or ${from.at(-1)}` : from[0];
  throw new LifecycleConflict(
    `Lead ${lead.id} is ${lead.status}; only a ${states?.replace('_', ' ')} application can be ${DONE[action]}.`,
  );
}

/** Staff decide on what they saw: the version they read must still be the lead's. */
export function requireVersion(lead: Pick<Lead, 'id' | 'version'>, seen: number | undefined): void {
  if (seen === undefined || seen === lead.version) return;
  throw new LifecycleConflict(
    `Lead ${lead.id} changed since you read it (you saw version ${seen}; it is now version ${lead.version}). Read it again before deciding.`,
    'stale_version',
  );
}

/** The customer's open application with its row locked until the transaction ends, if there is one. */
export async function lockedOpenLead(tx: Transaction, customerId: string): Promise<Lead | undefined> {
  const [lead] = await tx
    .select()
    .from(leads)
    .where(and(eq(leads.customerId, customerId), inArray(leads.status, [...OPEN_STATES])))
    .orderBy(desc(leads.createdAt))
    .limit(1)
    .for('update');
  return lead;
}

/** The lead by id with its row locked until the transaction ends. */
export async function lockedLead(tx: Transaction | Database, id: number): Promise<Lead | undefined> {
  const [lead] = await tx.select().from(leads).where(eq(leads.id, id)).for('update');
  return lead;
}

/** Writes a change or a transition and raises the version, inside the caller's transaction. */
export async function writeLead(tx: Transaction, id: number, changes: Partial<Lead>): Promise<void> {
  await tx
    .update(leads)
    .set({ ...changes, version: sql`${leads.version} + 1` })
    .where(eq(leads.id, id));
}

export type CustomerChange = Extract<LeadAction, 'change' | 'submit' | 'withdraw'>;

/**
 * A customer's change of their open application: one transaction holding the lead's row lock, with
 * the state checked again inside it, so nothing of the application changes once it is submitted.
 */
export function changeOpenApplication<T>(
  db: Database,
  customerId: string,
  action: CustomerChange,
  work: (tx: Transaction, lead: Lead) => Promise<T>,
): Promise<T> {
  return retryingTransaction(db, async (tx) => {
    const lead = await lockedOpenLead(tx, customerId);
    if (!lead) throw new ApiError(409, 'Start your loan application with the loan calculator first.', 'no_application');
    requireAllowed(lead, action);
    return work(tx, lead);
  });
}
