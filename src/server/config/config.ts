/**
 * The server's settings, read from the environment once at start and validated, so a bad value
 * stops the start with a message naming the variable instead of failing later.
 * Every variable is documented in the README and in .env.example; each area's schema is in config/.
 */
import * as v from 'valibot';
import { BankAccountSchema } from './bankAccount.ts';
import { BureauSchema } from './bureau.ts';
import { BureauCheckSchema } from './bureauCheck.ts';
import { DatabaseSchema } from './database.ts';
import { EligibilitySchema } from './eligibility.ts';
import { ESignSchema } from './esign.ts';
import { JobsSchema } from './jobs.ts';
import { KycSchema } from './kyc.ts';
import { MailSchema } from './mail.ts';
import { OtpSchema } from './otp.ts';
import { PaymentsSchema } from './payments.ts';
import { PublicUrlsSchema } from './publicUrls.ts';
import { RefundsSchema } from './refunds.ts';
import { ServerSchema } from './server.ts';
import { SessionSchema } from './session.ts';
import { SmsSchema } from './sms.ts';
import { StaffSchema } from './staff.ts';
import { StorageSchema } from './storage.ts';

export { SANDBOX_CREDENTIALS, SANDBOX_PATHS } from './payments.ts';

/**
 * Every area reads the same environment; their settings, merged, are the configuration (payments is set by
 * two areas: the providers, and the public addresses they return to). Problems are listed in this order.
 */
const ConfigSchema = v.intersect([
  ServerSchema,
  DatabaseSchema,
  OtpSchema,
  SessionSchema,
  SmsSchema,
  MailSchema,
  PaymentsSchema,
  KycSchema,
  BankAccountSchema,
  BureauCheckSchema,
  ESignSchema,
  StorageSchema,
  EligibilitySchema,
  PublicUrlsSchema,
  StaffSchema,
  JobsSchema,
  BureauSchema,
  RefundsSchema,
]);

export type Config = v.InferOutput<typeof ConfigSchema>;
export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {}

export function loadConfig(env: Env = process.env): Config {
  // An empty variable (FOO= in an env file) means "not set".
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(ConfigSchema, given);
  if (result.success) return result.output;
  // A check naming several variables carries their names in its message. Several areas read NODE_ENV and
  // DATA_DIR: a bad value is named once.
  const problems = result.issues.map((issue) => `  ${issue.path ? `${v.getDotPath(issue)}: ` : ''}${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${[...new Set(problems)].join('\n')}`);
}
