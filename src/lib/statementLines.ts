/**
 * The lines of a statement of account as people read them: one row per line of the loan account
 * (src/lib/loanAccount.ts `lines`), plus the notes that do not move the balance (the fee and GST
 * deducted at disbursal, the net amount paid out, payments held for refund). The PDF statement and
 * `npm run ops` print these same rows, so staff and the borrower read the same words and figures.
 * Pure: no database, no clock.
 */
import { formatDate } from './format.ts';
import type { Allocation, StatementLine } from './loanAccount.ts';
import { formatPaiseInFull } from './money.ts';

/** The dashboard's download routes (session token in Authtoken, JSON body { lead_id }); they answer a PDF. */
export const STATEMENT_API = {
  statement: '/Api/Website/downloadStatement',
  noDuesCertificate: '/Api/Website/downloadNoDuesCertificate',
} as const;

/** What a collection line needs from its stored row: found through the line's `ref` (the collection id). */
export interface StatementCollection {
  id: number;
  source: string;
  reference: string;
  amountPaise: number;
  valueDate: string;
  heldForRefund?: boolean;
}

/** What a reversal line needs from its stored row: found through the line's `ref` (`r` and the reversal id). */
export interface StatementReversal {
  id: number;
  collectionId: number;
  /** refund | chargeback */
  kind: string;
  provider: string;
  providerReference: string;
  amountPaise: number;
  valueDate: string;
}

/** What the notes at disbursal need from the loan. */
export interface StatementLoan {
  principalPaise: number;
  processingFeePaise: number;
  gstOnFeePaise: number;
}

export interface StatementRow {
  /** YYYY-MM-DD. */
  date: string;
  kind: StatementLine['kind'] | 'fee' | 'gst' | 'net' | 'held' | 'held-refunded';
  description: string;
  /** Added to what the borrower owes. */
  debitPaise: number | null;
  /** Taken off what the borrower owes (or received and kept for refund). */
  creditPaise: number | null;
  allocation: Allocation | null;
  /** What is owed after the line; null on notes, which change nothing. */
  balancePaise: number | null;
}

const SOURCE_LABELS: Record<string, string> = {
  razorpay: 'Razorpay',
  payu: 'PayU',
  offline: 'Bank transfer',
  // A refund finance paid by bank transfer (src/server/refunds).
  bank_transfer: 'Bank transfer',
};
/** How a payment came: the provider's name, or a bank transfer for a receipt staff recorded. */
export const paymentSourceLabel = (source: string) => SOURCE_LABELS[source] ?? source;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const REVERSAL_LABELS: Record<string, string> = { refund: 'Refund', chargeback: 'Chargeback (dispute lost)' };
const reversalLabel = (kind: string) => REVERSAL_LABELS[kind] ?? kind;

/** The words for one line of the account; a collection names how it came and its reference when given. */
export function describeLine(line: StatementLine, collection?: Pick<StatementCollection, 'source' | 'reference'>) {
  switch (line.kind) {
    case 'disbursal':
      return 'Loan disbursed (principal)';
    case 'interest': {
      const span =
        line.fromDate === line.toDate
          ? formatDate(line.fromDate)
          : `${formatDate(line.fromDate)} to ${formatDate(line.toDate)}`;
      return `Interest ${span}, ${plural(line.days, 'day')} on ${formatPaiseInFull(line.onPrincipalPaise)}`;
    }
    case 'penal':
      return `Penal charge ${formatPaiseInFull(line.chargePaise)} + GST ${formatPaiseInFull(line.gstPaise)}`;
    case 'collection':
      return collection
        ? `Payment received, ${paymentSourceLabel(collection.source)} ref. ${collection.reference}`
        : 'Payment received';
    case 'writeoff':
      return `Written off: less than ₹1 left at closure, which cannot be paid online (${formatPaiseInFull(line.amountPaise)})`;
    case 'reversal':
      return 'Payment given back';
  }
}

/**
 * A refund or chargeback of a payment: what came back on the loan and what came off the excess to
 * refund, in words, naming the payment and the provider's reference.
 */
export function describeReversal(
  line: Extract<StatementLine, { kind: 'reversal' }>,
  reversal?: Pick<StatementReversal, 'kind' | 'provider' | 'providerReference'>,
  collection?: Pick<StatementCollection, 'source' | 'reference'>,
) {
  const what = reversal
    ? `${reversalLabel(reversal.kind)} by ${paymentSourceLabel(reversal.provider)} ref. ${reversal.providerReference}`
    : 'Payment given back';
  const of = collection ? ` of payment ref. ${collection.reference}` : '';
  const { chargesPaise, interestPaise, principalPaise, excessPaise } = line.reversed;
  const parts = [];
  if (principalPaise + interestPaise + chargesPaise > 0) {
    parts.push(
      `owed again: principal ${formatPaiseInFull(principalPaise)}, interest ${formatPaiseInFull(interestPaise)}, charges ${formatPaiseInFull(chargesPaise)}`,
    );
  }
  if (excessPaise > 0) parts.push(`${formatPaiseInFull(excessPaise)} off the excess to refund`);
  return `${what}${of}: ${formatPaiseInFull(line.amountPaise)}; ${parts.join('; ')}`;
}

/** "Charges ₹0.00", "Interest ₹100.00", "Principal ₹900.00", and the excess to refund when there is one. */
export function allocationParts(allocation: Allocation): string[] {
  const parts = [
    `Charges ${formatPaiseInFull(allocation.chargesPaise)}`,
    `Interest ${formatPaiseInFull(allocation.interestPaise)}`,
    `Principal ${formatPaiseInFull(allocation.principalPaise)}`,
  ];
  if (allocation.excessPaise > 0) parts.push(`Excess to refund ${formatPaiseInFull(allocation.excessPaise)}`);
  return parts;
}

/** The allocation on one line: "Charges ₹0.00, Interest ₹100.00, Principal ₹900.00". */
export const describeAllocation = (allocation: Allocation) => allocationParts(allocation).join(', ');

/**
 * Every row of the statement in date order: the account's lines with the disbursal notes after the
 * disbursal, and payments held for refund (never applied to the loan) on their day.
 */
export function statementRows(
  loan: StatementLoan,
  lines: readonly StatementLine[],
  collections: readonly StatementCollection[],
  reversals: readonly StatementReversal[] = [],
): StatementRow[] {
  const byId = new Map(collections.map((row) => [String(row.id), row]));
  const reversalById = new Map(reversals.map((row) => [`r${row.id}`, row]));
  const heldIds = new Set(collections.filter((row) => row.heldForRefund).map((row) => row.id));
  type Note = { date: string; row: StatementRow };
  // Notes that change no balance: payments held for refund, and the providers' refunds of them.
  const held: Note[] = [
    ...collections
      .filter((row) => row.heldForRefund)
      .map((row) => ({
        date: row.valueDate,
        row: {
          date: row.valueDate,
          kind: 'held' as const,
          description: `Payment held for refund (not applied), ${paymentSourceLabel(row.source)} ref. ${row.reference}`,
          debitPaise: null,
          creditPaise: row.amountPaise,
          allocation: null,
          balancePaise: null,
        },
      })),
    ...reversals
      .filter((row) => heldIds.has(row.collectionId))
      .map((row) => ({
        date: row.valueDate,
        row: {
          date: row.valueDate,
          kind: 'held-refunded' as const,
          description: `${reversalLabel(row.kind)} by ${paymentSourceLabel(row.provider)} ref. ${row.providerReference} of the payment held, ref. ${byId.get(String(row.collectionId))?.reference ?? ''}`,
          debitPaise: row.amountPaise,
          creditPaise: null,
          allocation: null,
          balancePaise: null,
        },
      })),
  ].sort((a, b) => a.date.localeCompare(b.date));
  const rows: StatementRow[] = [];
  const heldUpTo = (date: string | null) => {
    while (held.length && (date === null || (held[0] as Note).date < date)) {
      rows.push((held.shift() as Note).row);
    }
  };
  for (const line of lines) {
    heldUpTo(line.date);
    const base = { date: line.date, kind: line.kind, allocation: null, balancePaise: line.balance.totalPaise };
    switch (line.kind) {
      case 'disbursal': {
        rows.push({ ...base, description: describeLine(line), debitPaise: line.amountPaise, creditPaise: null });
        const note = (kind: StatementRow['kind'], description: string) =>
          rows.push({
            date: line.date,
            kind,
            description,
            debitPaise: null,
            creditPaise: null,
            allocation: null,
            balancePaise: null,
          });
        const net = loan.principalPaise - loan.processingFeePaise - loan.gstOnFeePaise;
        if (loan.processingFeePaise > 0) {
          note('fee', `Processing fee deducted from the disbursal: ${formatPaiseInFull(loan.processingFeePaise)}`);
        }
        if (loan.gstOnFeePaise > 0) note('gst', `GST on fee deducted: ${formatPaiseInFull(loan.gstOnFeePaise)}`);
        note('net', `Net amount paid to your bank account: ${formatPaiseInFull(net)}`);
        break;
      }
      case 'interest':
      case 'penal':
        rows.push({ ...base, description: describeLine(line), debitPaise: line.amountPaise, creditPaise: null });
        break;
      case 'collection': {
        const row = line.ref === undefined ? undefined : byId.get(line.ref);
        rows.push({
          ...base,
          description: describeLine(line, row),
          debitPaise: null,
          creditPaise: line.amountPaise,
          allocation: line.allocation,
        });
        break;
      }
      case 'writeoff':
        rows.push({ ...base, description: describeLine(line), debitPaise: null, creditPaise: line.amountPaise });
        break;
      case 'reversal': {
        const reversal = line.ref === undefined ? undefined : reversalById.get(line.ref);
        const { chargesPaise, interestPaise, principalPaise } = line.reversed;
        const owedAgain = chargesPaise + interestPaise + principalPaise;
        rows.push({
          ...base,
          description: describeReversal(line, reversal, byId.get(line.reverses)),
          debitPaise: owedAgain,
          creditPaise: null,
        });
        break;
      }
    }
  }
  heldUpTo(null);
  return rows;
}
