/** Wires the outside world for the app: database, SMS transport, one-time codes, sessions, clock. */
import type { Config } from './config.ts';
import type { Deps } from './context.ts';
import { type OpenDatabase, openDatabase } from './db/client.ts';
import { devClock } from './dev/routes.ts';
import { httpPanVerifier, type PanVerifier, sandboxPanVerifier } from './kyc/panVerifier.ts';
import type { Logger } from './logger.ts';
import { OtpCodes } from './otp/codes.ts';
import { Sessions } from './signIn/sessions.ts';
import { httpTransport } from './sms/httpTransport.ts';
import { outboxTransport } from './sms/outboxTransport.ts';
import type { SmsTransport } from './sms/transport.ts';
import { diskFileStore, memoryFileStore } from './storage/fileStore.ts';
import { s3FileStore } from './storage/s3Store.ts';

export interface ServiceOverrides {
  now?: () => Date;
  sms?: SmsTransport;
  /** An already open database (tests share one per file). */
  database?: OpenDatabase;
  panVerifier?: PanVerifier;
}

export async function createDeps(config: Config, log: Logger, overrides: ServiceOverrides = {}) {
  const database = overrides.database ?? (await openDatabase(config.database));
  const { db } = database;
  // Outside production the clock can be moved forward by the development clock route.
  const now = overrides.now ?? (config.env === 'production' ? () => new Date() : devClock);
  const sms = overrides.sms ?? (config.sms.transport === 'http' ? httpTransport(config.sms) : outboxTransport(db, log));
  const deps: Deps = {
    config,
    db,
    sms,
    log,
    now,
    otp: new OtpCodes(db, config.otp, now),
    sessions: new Sessions(db, config.session, now),
    panVerifier:
      overrides.panVerifier ?? (config.kyc.provider === 'http' ? httpPanVerifier(config.kyc) : sandboxPanVerifier()),
    files: config.s3
      ? s3FileStore(config.s3)
      : config.uploads.filesDir === 'memory://'
        ? memoryFileStore()
        : diskFileStore(config.uploads.filesDir),
    providerFetch: fetch,
  };
  return { deps, database };
}
