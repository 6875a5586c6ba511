/** Wires the outside world for the app: database, SMS queue and gateway, one-time codes, sessions, clock. */
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
import { OtpCodes } from '../otp/codes.ts';
import { Sessions } from '../signIn/sessions.ts';
import { httpTransport } from '../sms/httpTransport.ts';
import { outboxTransport } from '../sms/outboxTransport.ts';
import { SmsQueue } from '../sms/queue.ts';
import { SmsSender } from '../sms/sender.ts';
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
    files: config.s3
      ? s3FileStore(config.s3)
      : config.uploads.filesDir === 'memory://'
        ? memoryFileStore()
        : diskFileStore(config.uploads.filesDir),
    providerFetch: fetch,
    pdfChecks: overrides.pdfChecks ?? new PdfCheckPool(config.uploads.pdfCheck),
    pdfDrawing: overrides.pdfDrawing ?? new PdfDrawPool(config.pdfDrawing),
  };
  return { deps, database };
}

/** The SMS sender of this process, delivering through the configured gateway; null when SMS_SENDER=off. */
export function startSmsSender(deps: Deps): SmsSender | null {
  if (deps.config.smsSender.mode === 'off') return null;
  const sender = new SmsSender({
    db: deps.db,
    transport: deps.smsGateway,
    queue: deps.sms,
    log: deps.log,
    now: deps.now,
    settings: deps.config.smsSender,
  });
  sender.start();
  return sender;
}

/** The job worker of this process (src/server/jobs/), started; null when JOB_WORKER=off (only `npm run jobs` processes run jobs). */
export async function startJobWorker(deps: Deps): Promise<JobWorker | null> {
  if (deps.config.jobs.worker === 'off') return null;
  const worker = new JobWorker(deps);
  await worker.start();
  return worker;
}
