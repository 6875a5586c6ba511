/** What every handler can reach: the settings, the database, the outside services and the clock. */
import type { ESignProvider } from '../agreement/esign.ts';
import type { BranchDirectory } from '../bankAccount/ifsc.ts';
import type { BankAccountVerifier } from '../bankAccount/verifier.ts';
import type { BureauProvider } from '../bureauCheck/provider.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/client.ts';
import type { DevelopmentClock } from '../dev/clock.ts';
import type { PanVerifier } from '../kyc/panVerifier.ts';
import type { MailQueue } from '../mail/queue.ts';
import type { MailTransport } from '../mail/transport.ts';
import type { OtpCodes } from '../otp/codes.ts';
import type { ActiveSession, Sessions } from '../signIn/sessions.ts';
import type { SmsQueue } from '../sms/queue.ts';
import type { SmsTransport } from '../sms/transport.ts';
import type { ActiveStaff } from '../staff/roles.ts';
import type { PdfDrawPool } from '../statements/drawPool.ts';
import type { FileStore } from '../storage/fileStore.ts';
import type { PdfCheckPool } from '../storage/pdfCheckPool.ts';
import type { Logger } from './logger.ts';

export interface Deps {
  config: Config;
  db: Database;
  /** SMS to send: stored with the request's writes, delivered by the sender (src/server/sms/sender.ts). */
  sms: SmsQueue;
  /** The gateway the sender delivers through (the outbox table outside production). */
  smsGateway: SmsTransport;
  /** E-mail to send: stored with the request's writes, delivered by the mail sender (src/server/mail/sender.ts). */
  mail: MailQueue;
  /** The mail transport the mail sender delivers through (the outbox table outside production). */
  mailTransport: MailTransport;
  log: Logger;
  /** The server's idea of now; tests and the development clock route move it. */
  now: () => Date;
  /** Outside production, unless a test set the clock: the clock the development routes move. */
  developmentClock?: DevelopmentClock | undefined;
  otp: OtpCodes;
  sessions: Sessions;
  panVerifier: PanVerifier;
  /** Penny-drop of the account a loan is paid into (src/server/bankAccount/). */
  bankVerifier: BankAccountVerifier;
  /** Names a branch by its IFSC (the bank comes from the IFSC dataset). */
  branchDirectory: BranchDirectory;
  /** The credit bureau asked for a report before deciding, with the customer's consent (src/server/bureauCheck/). */
  bureauCheck: BureauProvider;
  /** The e-sign provider the loan agreement is signed through (src/server/agreement/). */
  esign: ESignProvider;
  files: FileStore;
  /** Checks uploaded PDFs in worker threads, never on a request's thread (issue 13). */
  pdfChecks: PdfCheckPool;
  /** Draws statement and certificate PDFs in worker threads (issue 20). */
  pdfDrawing: PdfDrawPool;
  /** How the server reaches payment providers: fetch live, the app itself when they are sandboxes. */
  providerFetch: typeof fetch;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    log: Logger;
    requestId: string;
    /** The caller's address, for the per-address caps. */
    address: string;
    /** Set when the request carries a live session token. */
    session: ActiveSession | undefined;
    /** Set on staff routes: the staff member of the Stafftoken (src/server/staff/). */
    staff: ActiveStaff | undefined;
  };
}
