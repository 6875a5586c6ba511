/** Wires the outside world for the app: database, SMS and mail queues and transports, one-time codes, sessions, clock. */
import { type ESignProvider, httpESign, sandboxESign } from '../agreement/esign.ts';
import { sandboxIdentity } from '../agreement/testCertificate.ts';
import { httpBranches, sandboxBranches } from '../bankAccount/ifsc.ts';
import {
  type BankAccountVerifier,
  httpBankAccountVerifier,
  sandboxBankAccountVerifier,
} from '../bankAccount/verifier.ts';
import { type BureauProvider, httpBureauProvider, sandboxBureauProvider } from '../bureauCheck/provider.ts';
import type { Config } from '../config/config.ts';
import { type OpenDatabase, openDatabase } from '../db/client.ts';
import { developmentClock as createDevelopmentClock } from '../dev/clock.ts';
import { JobWorker } from '../jobs/worker.ts';
import { httpPanVerifier, type PanVerifier, sandboxPanVerifier } from '../kyc/panVerifier.ts';
import { mailTransportFor } from '../mail/index.ts';
import { MailQueue } from '../mail/queue.ts';
import { type MailDocuments, type MailRow, mailChannel } from '../mail/sender.ts';
import type { MailTransport } from '../mail/transport.ts';
import { OtpCodes } from '../otp/codes.ts';
import { Sessions } from '../signIn/sessions.ts';
import { httpTransport } from '../sms/httpTransport.ts';
import { outboxTransport } from '../sms/outboxTransport.ts';
import { SmsQueue } from '../sms/queue.ts';
import { QueueSender, type SenderSettings, type SmsRow, smsChannel } from '../sms/sender.ts';
import type { SmsTransport } from '../sms/transport.ts';
import { PdfDrawPool } from '../statements/drawPool.ts';
import { diskFileStore, memoryFileStore } from '../storage/fileStore.ts';
import { PdfCheckPool } from '../storage/pdfCheckPool.ts';
import { s3FileStore } from '../storage/s3Store.ts';
import type { Deps } from './context.ts';
import type { Logger } from './logger.ts';

export interface ServiceOverrides {
  now?: () => Date;
  /** The SMS gateway the sender delivers through. */
  sms?: SmsTransport;
  /** The mail transport the mail sender delivers through. */
  mail?: MailTransport;
  /** An already open database (tests share one per file). */
  database?: OpenDatabase;
  panVerifier?: PanVerifier;
  bankVerifier?: BankAccountVerifier;
  bureauCheck?: BureauProvider;
  esign?: ESignProvider;
  /** The upload check pool (tests pass one whose checks are slow). */
  pdfChecks?: PdfCheckPool;
  /** The statement drawing pool (tests pass one whose drawings wait for them). */
  pdfDrawing?: PdfDrawPool;
}

export async function createDeps(config: Config, log: Logger, overrides: ServiceOverrides = {}) {
  const database = overrides.database ?? (await openDatabase(config.database));
  const { db } = database;
  // Outside production the clock can be moved forward by the development routes.
  const developmentClock = overrides.now || config.env === 'production' ? undefined : createDevelopmentClock();
  const now = overrides.now ?? developmentClock?.now ?? (() => new Date());
  const smsGateway =
    overrides.sms ?? (config.sms.transport === 'http' ? httpTransport(config.sms) : outboxTransport(db, log));
  // With the development outbox a request waits for its own delivery (a table insert), so readers of
  // /__dev/outbox find the code at once; never in production, where the outbox does not exist.
  const sms = new SmsQueue(now, { awaitDelivery: smsGateway.name === 'outbox' });
  const deps: Deps = {
    config,
    db,
    sms,
    smsGateway,
    // Never awaited, even with the outbox: a mail may draw a PDF, which no request waits for (issue 24).
    mail: new MailQueue(now),
    mailTransport: overrides.mail ?? mailTransportFor(config, db, log),
    log,
    now,
    developmentClock,
    otp: new OtpCodes(db, config.otp, now, sms),
    sessions: new Sessions(db, config.session, now),
    panVerifier:
      overrides.panVerifier ?? (config.kyc.provider === 'http' ? httpPanVerifier(config.kyc) : sandboxPanVerifier()),
    bankVerifier:
      overrides.bankVerifier ??
      (config.bankVerify.provider === 'http'
        ? httpBankAccountVerifier(config.bankVerify)
        : sandboxBankAccountVerifier()),
    branchDirectory:
      config.ifscDirectory.source === 'http'
        ? httpBranches(config.ifscDirectory.url)
        : config.ifscDirectory.source === 'sandbox'
          ? sandboxBranches
          : async () => null,
    bureauCheck:
      overrides.bureauCheck ??
      (config.bureauCheck.provider === 'http' ? httpBureauProvider(config.bureauCheck) : sandboxBureauProvider()),
    esign:
      overrides.esign ??
      (config.esign.provider === 'http'
        ? httpESign(config.esign)
        : sandboxESign({ identity: sandboxIdentity(config.esign.certificatesDir), now })),
    files: fileStoreOf(config),
    providerFetch: fetch,
    pdfChecks: overrides.pdfChecks ?? new PdfCheckPool(config.uploads.pdfCheck),
    pdfDrawing: overrides.pdfDrawing ?? new PdfDrawPool(config.pdfDrawing),
  };
  return { deps, database };
}

/** Where uploaded and drawn files are kept: S3, the disk, or memory (tests). */
export function fileStoreOf(config: Config) {
  if (config.s3) return s3FileStore(config.s3);
  return config.uploads.filesDir === 'memory://' ? memoryFileStore() : diskFileStore(config.uploads.filesDir);
}

/** The two senders of a process: one per queue, on the same claim, lease and backoff (src/server/sms/sender.ts). */
export interface Senders {
  sms: QueueSender<SmsRow>;
  mail: QueueSender<MailRow>;
  readonly ids: string[];
  stop(): Promise<void>;
}

/**
 * Makes and starts the SMS sender and the mail sender of a process. `queues`: this process's queues, whose
 * commits wake the senders at once (none in a sender process of its own, which polls).
 */
export function startSenders(options: {
  db: Deps['db'];
  smsGateway: SmsTransport;
  mailTransport: MailTransport;
  documents: MailDocuments;
  queues: { sms: SmsQueue; mail: MailQueue } | null;
  log: Deps['log'];
  now: () => Date;
  settings: SenderSettings;
}): Senders {
  const { db, log, now, settings, queues } = options;
  const sms = new QueueSender({
    db,
    channel: smsChannel(options.smsGateway),
    queue: queues?.sms ?? null,
    log,
    now,
    settings,
  });
  const mail = new QueueSender({
    db,
    channel: mailChannel(options.mailTransport, options.documents),
    queue: queues?.mail ?? null,
    log,
    now,
    settings,
  });
  sms.start();
  mail.start();
  return {
    sms,
    mail,
    ids: [sms.id, mail.id],
    async stop() {
      await Promise.all([sms.stop(), mail.stop()]);
    },
  };
}

/**
 * The SMS and mail senders of this process, delivering through the configured transports; null when
 * SMS_SENDER=off (one switch for both: docs/decisions.md "E-mail through a durable queue").
 */
export function startMessageSenders(deps: Deps): Senders | null {
  if (deps.config.smsSender.mode === 'off') return null;
  return startSenders({
    db: deps.db,
    smsGateway: deps.smsGateway,
    mailTransport: deps.mailTransport,
    documents: deps,
    queues: { sms: deps.sms, mail: deps.mail },
    log: deps.log,
    now: deps.now,
    settings: deps.config.smsSender,
  });
}

/** The job worker of this process (src/server/jobs/), started; null when JOB_WORKER=off (only `npm run jobs` processes run jobs). */
export async function startJobWorker(deps: Deps): Promise<JobWorker | null> {
  if (deps.config.jobs.worker === 'off') return null;
  const worker = new JobWorker(deps);
  await worker.start();
  return worker;
}
