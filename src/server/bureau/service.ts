/**
 * Credit bureau reporting (issue 23; docs/decisions.md "Credit bureau reporting"): the credit
 * information file as on a reporting date, from each loan's account on that date (src/server/loans/
 * account.ts: the figures every screen shows), for every loan open at any time since the previous
 * reporting date and every loan whose closure the bureaus have not yet been told; then no more.
 *
 * One run per reporting date (bureau_runs' unique date): the file is written (mode 0600, it holds
 * PANs) and the run recorded in one transaction; asking again for the same date answers the same
 * run and its file. A loan first reported overdue brings its borrower a notice, by SMS (queued in the
 * same transaction) and by e-mail, once per loan. Nothing here logs a PAN, a mobile or an address.
 */
import { createHash } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { indiaDate } from '../../lib/dates.ts';
import { formatDate } from '../../lib/format.ts';
import { rupeesFromPaise } from '../../lib/money.ts';
import { classOf } from '../../lib/overdueClasses.ts';
import type { Deps } from '../app/context.ts';
import { isReportingDate, previousReportingDate, submitBy } from '../config/bureauSchedule.ts';
import { sitePageUrl } from '../config/publicUrls.ts';
import type { Transaction } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { auditLog, bureauRunLoans, bureauRuns } from '../db/schema.ts';
import { ApiError } from '../http/respond.ts';
import { loanAccount } from '../loans/account.ts';
import { loanFigures } from '../loans/accountFigures.ts';
import { masterData } from '../master/data.ts';
import { inContactWindow } from '../reminders/service.ts';
import { enqueueSms, recordSentMessage } from '../reminders/store.ts';
import { type BureauAccount, bureauFile } from './format.ts';
import { defaultNoticeMail, defaultNoticeSms } from './notice.ts';
import { type BureauRun, type BureauRunLoan, loansDisbursedBy, reportedBefore, runAsOf } from './store.ts';

export type BureauDeps = Pick<Deps, 'db' | 'config' | 'sms' | 'mail' | 'log' | 'now'>;

export type ReportedStatus = 'open' | 'overdue' | 'closed';

export interface BureauRunAnswer {
  run: BureauRun;
  /** Where the server keeps the file. */
  path: string;
  /** The file itself (it holds PANs: for staff with the role only). */
  content: string;
  /** False when the run for that date had been made before. */
  made: boolean;
  submitBy: string;
}

/** The format has no paise: amounts are reported in whole rupees. */
const wholeRupees = (paise: number) => Math.round(rupeesFromPaise(paise));

/** The file's name: our member id and the date it is as on. */
const fileNameOf = (memberId: string, asOf: string) => `KOSH_TUDF_${memberId}_${asOf.replaceAll('-', '')}.txt`;

/** Refuses a date that is not a reporting date or has not ended in India yet. */
function checkDate(asOf: string, today: string) {
  if (!isReportingDate(asOf)) {
    const before = previousReportingDate(asOf);
    throw new ApiError(
      400,
      `${formatDate(asOf)} is not a reporting date${before ? `: the one before it is ${formatDate(before)}` : ''}.`,
      'not_a_reporting_date',
    );
  }
  if (asOf >= today) {
    throw new ApiError(409, `${formatDate(asOf)} has not ended yet: its file is made from the next day.`, 'too_early');
  }
}

async function answerOf(deps: BureauDeps, run: BureauRun, made: boolean): Promise<BureauRunAnswer> {
  const path = join(deps.config.bureau.dir, run.fileName);
  let content: string;
  try {
    content = await readFile(path, 'utf8');
  } catch {
    throw new ApiError(
      409,
      `The file as on ${formatDate(run.asOf)} was made on ${formatDate(indiaDate(run.createdAt))} but is no longer at ${path}: restore it from the backup.`,
      'file_missing',
    );
  }
  return { run, path, content, made, submitBy: submitBy(run.asOf) };
}

interface Included {
  row: Awaited<ReturnType<typeof loansDisbursedBy>>[number];
  status: ReportedStatus;
  figures: ReturnType<typeof loanFigures>;
  overduePaise: number;
  lastPaymentOn: string | null;
  notice: boolean;
}

/** Which loans the file as on `asOf` reports, with their figures on that day, in loan-number order. */
async function accountsToReport(tx: Transaction, asOf: string, periodFrom: string | null): Promise<Included[]> {
  const before = await reportedBefore(tx, asOf);
  const included: Included[] = [];
  for (const row of await loansDisbursedBy(tx, asOf)) {
    const account = await loanAccount(tx, row.loan, asOf);
    const figures = loanFigures(account);
    const last = before.get(row.loan.id);
    const closed = figures.closedOn !== null;
    // Reported closed and still closed: the bureaus know; no more.
    if (closed && last?.status === 'closed') continue;
    const openInPeriod = !closed || periodFrom === null || (figures.closedOn as string) > periodFrom;
    if (!openInPeriod && !last) continue;
    const status: ReportedStatus = closed ? 'closed' : figures.daysPastDue > 0 ? 'overdue' : 'open';
    const applied = account.collections.filter((c) => !c.heldForRefund && c.valueDate <= asOf);
    included.push({
      row,
      status,
      figures,
      // One repayment on the due date: once it has passed, all that is owed is overdue.
      overduePaise: status === 'overdue' ? figures.closureAmountPaise : 0,
      lastPaymentOn: applied.reduce<string | null>((at, c) => (at && at > c.valueDate ? at : c.valueDate), null),
      notice: status === 'overdue' && !last?.noticed,
    });
  }
  return included;
}

/** The borrower's part of the file: name, birth date, gender, PAN, mobile, address. */
async function bureauAccount(entry: Included): Promise<BureauAccount> {
  const { loan, customer } = entry.row;
  const states = (await masterData()).states;
  const state = states.find((s) => s.name === customer.residenceState);
  const lines = [
    customer.residenceAddress1,
    customer.residenceAddress2,
    customer.residenceLandmark,
    customer.residenceCity,
  ].filter((line): line is string => Boolean(line?.trim()));
  return {
    name: customer.fullName ?? '',
    dob: customer.dob,
    gender: customer.gender,
    pan: customer.pancard ?? '',
    mobile: customer.mobile,
    email: customer.email,
    address: lines.length ? { lines, stateCode: state?.id ?? null, pincode: customer.residencePincode } : null,
    loanNo: loan.loanNo,
    openedOn: loan.disbursalDate,
    lastPaymentOn: entry.lastPaymentOn,
    closedOn: entry.figures.closedOn,
    sanctionedRupees: wholeRupees(loan.principalPaise),
    currentBalanceRupees: wholeRupees(entry.figures.closureAmountPaise),
    amountOverdueRupees: wholeRupees(entry.overduePaise),
    daysPastDue: entry.figures.daysPastDue,
    assetClass: classOf(entry.figures.daysPastDue),
  };
}

/** Writes the file readable by the server's user alone, in a folder only it can open. */
async function writePrivately(dir: string, name: string, content: string) {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, name);
  await writeFile(path, content, { mode: 0o600 });
  // writeFile keeps the mode of a file already there: set it every time.
  await chmod(path, 0o600);
  return path;
}

/** A transaction to make the run in, and where to put what must wait for its commit (the job's unit). */
export interface WithinUnit {
  /** The day the job runs for (India): the date must have ended by then. */
  day: string;
  tx: Transaction;
  afterCommit(work: () => Promise<void>): void;
}

/**
 * Makes (or answers again) the file as on `asOf`; `madeBy` is the audit actor (a staff member, or the
 * job). `within`: the job's unit, whose transaction records the run (the SMS wake-up and the e-mails
 * wait for its commit); else a transaction of its own. Answers the run and its file.
 */
export async function makeBureauFile(
  deps: BureauDeps,
  asOf: string,
  madeBy: string,
  within?: WithinUnit,
): Promise<BureauRunAnswer> {
  const { config, db } = deps;
  const now = deps.now();
  checkDate(asOf, within?.day ?? indiaDate(now));
  const existing = await runAsOf(within?.tx ?? db, asOf);
  if (existing) return answerOf(deps, existing, false);
  // Making a file tells borrowers of defaults: only within the hours they may be contacted.
  if (!inContactWindow(now)) {
    throw new ApiError(
      409,
      'A new file is made between 08:00 and 19:00 India time, when borrowers may be told a default is being reported (the job makes each at 09:00 the day after its date); a file already made can be fetched at any time.',
      'outside_contact_hours',
    );
  }

  const periodFrom = previousReportingDate(asOf);
  const repayLink = sitePageUrl(config, '/repayloan');
  const fileName = fileNameOf(config.bureau.memberId, asOf);
  let notices = 0;
  const work = async (tx: Transaction) => {
    notices = 0;
    const included = await accountsToReport(tx, asOf, periodFrom);
    const accounts = await Promise.all(included.map(bureauAccount));
    const content = bureauFile(
      { memberId: config.bureau.memberId, memberName: config.bureau.memberName, asOf },
      accounts,
    );
    const [run] = await tx
      .insert(bureauRuns)
      .values({
        asOf,
        periodFrom,
        fileName,
        sha256: createHash('sha256').update(content).digest('hex'),
        accounts: included.length,
        madeBy,
        createdAt: now,
      })
      .returning();
    if (!run) throw new Error('bureau run not recorded');
    const lines: BureauRunLoan[] = included.map((entry, i) => ({
      runId: run.id,
      loanId: entry.row.loan.id,
      line: i + 1,
      status: entry.status,
      daysPastDue: entry.figures.daysPastDue,
      currentBalancePaise: entry.figures.closureAmountPaise,
      amountOverduePaise: entry.overduePaise,
      defaultNotice: entry.notice,
    }));
    if (lines.length) await tx.insert(bureauRunLoans).values(lines);
    for (const entry of included.filter((e) => e.notice)) {
      const notice = {
        loanNo: entry.row.loan.loanNo,
        daysPastDue: entry.figures.daysPastDue,
        overduePaise: entry.overduePaise,
        dueDate: entry.figures.dueDate,
        asOf,
        submitBy: submitBy(asOf),
        repayLink,
      };
      const smsQueueId = await enqueueSms(
        tx,
        {
          to: entry.row.customer.mobile,
          body: defaultNoticeSms(notice, config.sms.senderId),
          senderId: config.sms.senderId,
          templateId: config.sms.templates.bureau_notice,
          purpose: 'bureau_notice',
        },
        now,
      );
      // In the loan's contact history staff see, with the SMS queue's delivery (the e-mail's after it is sent).
      await recordSentMessage(
        tx,
        {
          loanId: entry.row.loan.id,
          kind: 'bureau_notice',
          about: asOf,
          channel: 'sms',
          status: 'queued',
          smsQueueId,
          amountPaise: entry.overduePaise,
        },
        now,
      );
      // The e-mail half, queued with the run (its sender delivers it): skipped where there is no address.
      const email = entry.row.customer.email;
      const mailQueueId = email
        ? await deps.mail.enqueue(
            tx,
            { to: email, ...defaultNoticeMail(notice, entry.row.customer.fullName ?? 'Customer') },
            'bureau_notice',
          )
        : undefined;
      await recordSentMessage(
        tx,
        {
          loanId: entry.row.loan.id,
          kind: 'bureau_notice',
          about: asOf,
          channel: 'email',
          amountPaise: entry.overduePaise,
          ...(mailQueueId === undefined
            ? { status: 'skipped', outcome: 'no e-mail address' }
            : { status: 'queued', mailQueueId }),
        },
        now,
      );
      notices += 1;
    }
    await tx.insert(auditLog).values({
      actor: madeBy,
      action: 'bureau.file',
      subject: asOf,
      detail: {
        file: fileName,
        accounts: included.length,
        closed: included.filter((e) => e.status === 'closed').length,
        overdue: included.filter((e) => e.status === 'overdue').length,
        notices,
      },
      createdAt: now,
    });
    // Written last, inside the transaction: a failed write records no run; a rolled-back run leaves
    // a file the next attempt overwrites.
    await writePrivately(config.bureau.dir, fileName, content);
    return run;
  };
  const afterwards = async (run: BureauRun) => {
    await Promise.all([deps.sms.wake(), deps.mail.wake()]);
    deps.log.info('bureau file made', { as_of: asOf, accounts: run.accounts, notices });
  };
  if (within) {
    const run = await work(within.tx);
    within.afterCommit(() => afterwards(run));
    return answerOf(deps, run, true);
  }
  let run: BureauRun;
  try {
    run = await db.transaction(work);
  } catch (error) {
    // Two runs for one date at once: the second answers the first's.
    if (isUniqueViolation(error, 'bureau_runs_as_of_idx')) {
      const first = await runAsOf(db, asOf);
      if (first) return answerOf(deps, first, false);
    }
    throw error;
  }
  await afterwards(run);
  return answerOf(deps, run, true);
}
