/**
 * The server's settings, read from the environment once at start and validated, so a bad value
 * stops the start with a message naming the variable instead of failing later.
 * Every variable is documented in the README and in .env.example.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import * as v from 'valibot';
import { DEFAULT_POLICY, type Policy, PolicySchema } from './eligibility/policy.ts';

const int = (fallback: number, min: number, max: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.regex(/^\d+$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );
const text = (fallback: string) =>
  v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty')), fallback);
const optionalText = () => v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty')));
const flag = (fallback: boolean) =>
  v.pipe(
    v.optional(v.picklist(['0', '1', 'true', 'false'], 'must be 1/0 or true/false'), fallback ? '1' : '0'),
    v.transform((value) => value === '1' || value === 'true'),
  );
const secret = v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters')));
const postgresUrl = v.optional(
  v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// address')),
);

const EnvSchema = v.object({
  NODE_ENV: v.optional(
    v.picklist(['development', 'test', 'production'], 'must be development, test or production'),
    'development',
  ),
  PORT: int(4321, 0, 65_535),
  HOST: text('127.0.0.1'),
  SITE_DIR: text('dist'),
  SERVE_SITE: flag(true),
  DATABASE_URL: postgresUrl,
  DATA_DIR: text('data'),
  LOG_LEVEL: v.optional(
    v.picklist(['debug', 'info', 'warn', 'error', 'silent'], 'must be debug, info, warn, error or silent'),
    'info',
  ),
  PUBLIC_CLIENT_KEY: text('kosh-web'),
  CORS_ORIGINS: v.optional(v.string(), ''),
  TRUST_PROXY: flag(false),
  BODY_LIMIT_BYTES: int(65_536, 1_024, 50 * 1024 * 1024),
  OTP_SECRET: secret,
  OTP_TTL_SECONDS: int(300, 30, 3_600),
  OTP_MAX_ATTEMPTS: int(5, 1, 20),
  OTP_RESEND_SECONDS: int(30, 0, 600),
  OTP_MAX_PER_MOBILE_PER_HOUR: int(5, 1, 1_000),
  OTP_MAX_PER_ADDRESS_PER_HOUR: int(20, 1, 100_000),
  SESSION_ABSOLUTE_HOURS: int(12, 1, 24 * 30),
  SESSION_IDLE_MINUTES: int(30, 1, 24 * 60),
  CONTACT_MAX_PER_ADDRESS_PER_HOUR: int(5, 1, 10_000),
  SMS_TRANSPORT: v.optional(v.picklist(['outbox', 'http'], 'must be outbox or http')),
  SMS_SENDER_ID: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{6}$/, 'must be the 6-letter DLT sender id')), 'KOSHCR'),
  SMS_DLT_TEMPLATE_ID: v.optional(
    v.pipe(v.string(), v.regex(/^\d{19}$/, 'must be the 19-digit DLT template id')),
    '1007000000000000001',
  ),
  SMS_HTTP_URL: v.optional(v.pipe(v.string(), v.url('must be a full https:// address'))),
  SMS_HTTP_API_KEY: optionalText(),
  SMS_SENDER: v.optional(v.picklist(['inprocess', 'off'], 'must be inprocess or off'), 'inprocess'),
  SMS_SENDER_POLL_MS: int(1_000, 20, 60_000),
  SMS_MAX_ATTEMPTS: int(6, 1, 20),
  MAIL_TRANSPORT: v.optional(v.picklist(['outbox', 'http'], 'must be outbox or http')),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.email('must be an e-mail address')), 'noreply@koshcredit.example'),
  MAIL_HTTP_URL: v.optional(v.pipe(v.string(), v.url('must be a full https:// address'))),
  MAIL_HTTP_API_KEY: optionalText(),
  // No default here: off in production, on elsewhere (loadConfig).
  SEED_DEMO: v.optional(v.picklist(['0', '1', 'true', 'false'], 'must be 1/0 or true/false')),
  PAYMENTS_MODE: v.optional(v.picklist(['sandbox', 'live'], 'must be sandbox or live')),
  PUBLIC_SITE_URL: v.optional(v.pipe(v.string(), v.url('must be a full address, e.g. https://www.koshcredit.example'))),
  PUBLIC_API_URL: v.optional(v.pipe(v.string(), v.url('must be a full address, e.g. https://api.koshcredit.example'))),
  RAZORPAY_KEY_ID: optionalText(),
  RAZORPAY_KEY_SECRET: optionalText(),
  RAZORPAY_WEBHOOK_SECRET: optionalText(),
  PAYU_KEY: optionalText(),
  PAYU_SALT: optionalText(),
  PAYU_PAYMENT_URL: v.optional(v.pipe(v.string(), v.url("must be PayU's _payment address"))),
  REPAY_SESSION_MINUTES: int(15, 1, 120),
  UPLOAD_BODY_LIMIT_BYTES: int(16 * 1024 * 1024, 1_024, 64 * 1024 * 1024),
  IMAGE_MAX_BYTES: int(5 * 1024 * 1024, 1_024, 32 * 1024 * 1024),
  PDF_MAX_BYTES: int(10 * 1024 * 1024, 1_024, 32 * 1024 * 1024),
  PDF_CHECK_WORKERS: int(2, 1, 16),
  PDF_CHECK_TIMEOUT_MS: int(2_000, 100, 60_000),
  PDF_CHECK_QUEUE: int(16, 0, 1_000),
  FILES_DIR: optionalText(),
  FILES_STORE: v.optional(v.picklist(['disk', 's3'], 'must be disk or s3'), 'disk'),
  S3_ENDPOINT: v.optional(
    v.pipe(v.string(), v.url('must be a full address, e.g. https://s3.ap-south-1.amazonaws.com')),
  ),
  S3_BUCKET: optionalText(),
  S3_REGION: text('ap-south-1'),
  S3_ACCESS_KEY_ID: optionalText(),
  S3_SECRET_ACCESS_KEY: optionalText(),
  KYC_PROVIDER: v.optional(v.picklist(['sandbox', 'http'], 'must be sandbox or http')),
  KYC_HTTP_URL: v.optional(v.pipe(v.string(), v.url('must be a full https:// address'))),
  KYC_HTTP_API_KEY: optionalText(),
  ELIGIBILITY_POLICY: optionalText(),
});

export type Env = Record<string, string | undefined>;

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  /** The built static site that the server serves next to the API (null: API only). */
  siteDir: string | null;
  database: { kind: 'embedded'; dataDir: string } | { kind: 'postgres'; url: string };
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  publicClientKey: string;
  corsOrigins: string[];
  trustProxy: boolean;
  bodyLimitBytes: number;
  otp: {
    secret: string;
    ttlSeconds: number;
    maxAttempts: number;
    resendSeconds: number;
    maxPerMobilePerHour: number;
    maxPerAddressPerHour: number;
  };
  session: { absoluteHours: number; idleMinutes: number };
  contactMaxPerAddressPerHour: number;
  sms:
    | { transport: 'outbox'; senderId: string; templateId: string }
    | { transport: 'http'; senderId: string; templateId: string; url: string; apiKey: string };
  /** Who delivers the SMS queue: a sender in this process, or only others (`npm run sms-sender`). */
  smsSender: { mode: 'inprocess' | 'off'; pollMs: number; maxAttempts: number };
  /** E-mail (the Key Fact Statement): the outbox outside production, a mail API in production. */
  mail: { transport: 'outbox'; from: string } | { transport: 'http'; from: string; url: string; apiKey: string };
  /** Seed the demo borrower into an empty embedded database (off in production unless SEED_DEMO=1). */
  seedDemo: boolean;
  payments: {
    mode: 'sandbox' | 'live';
    /** Where the provider sends the payer back (the API's own origin); empty outside production: the request's origin. */
    apiUrl: string | null;
    /** Where /thanku lives (the site's origin); empty outside production: the request's origin. */
    siteUrl: string | null;
    razorpay: { keyId: string; keySecret: string; webhookSecret: string; apiBase: string; checkoutUrl: string };
    payu: { key: string; salt: string; paymentUrl: string };
  };
  repaySessionMinutes: number;
  uploads: {
    bodyLimitBytes: number;
    imageMaxBytes: number;
    pdfMaxBytes: number;
    filesDir: string;
    /** The PDF check worker pool (src/server/storage/pdfCheckPool.ts). */
    pdfCheck: { workers: number; timeoutMs: number; maxQueue: number };
  };
  /** Object storage for uploads instead of FILES_DIR, when FILES_STORE=s3. */
  s3: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string } | null;
  kyc: { provider: 'sandbox' } | { provider: 'http'; url: string; apiKey: string };
  /** The eligibility policy: the documented defaults, or ELIGIBILITY_POLICY (JSON) in their place. */
  eligibilityPolicy: Policy;
  /** Settings that were defaulted in development and must be set in production, for the start-up log. */
  warnings: string[];
}

/** The test credentials the sandboxes sign with; live mode refuses to start without real ones. */
export const SANDBOX_CREDENTIALS = {
  razorpay: {
    keyId: 'rzp_test_kosh_sandbox',
    keySecret: 'sandbox-razorpay-key-secret',
    webhookSecret: 'sandbox-razorpay-webhook-secret',
  },
  payu: { key: 'sandboxKEY', salt: 'sandbox-payu-salt' },
} as const;
/** Where the sandboxes live on this server (decisions.md §4). */
export const SANDBOX_PATHS = {
  razorpayApi: '/__sandbox/razorpay/v1',
  razorpayCheckout: '/__sandbox/razorpay/checkout.js',
  payuPayment: '/__sandbox/payu/_payment',
} as const;

export class ConfigError extends Error {}

export function loadConfig(env: Env = process.env): Config {
  // An empty variable (FOO= in an env file) means "not set".
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(EnvSchema, given);
  if (!result.success) {
    const problems = result.issues.map((issue) => `  ${v.getDotPath(issue) ?? 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = result.output;
  const production = e.NODE_ENV === 'production';
  const problems: string[] = [];
  const warnings: string[] = [];

  let otpSecret = e.OTP_SECRET;
  if (!otpSecret) {
    if (production) problems.push('  OTP_SECRET: must be set in production (32 or more random characters)');
    // Development only: a secret for this process; codes do not outlive a restart.
    otpSecret = randomBytes(32).toString('hex');
    warnings.push('OTP_SECRET is not set: using a random secret for this process');
  }

  const transport = e.SMS_TRANSPORT ?? (production ? undefined : 'outbox');
  let sms: Config['sms'] = { transport: 'outbox', senderId: e.SMS_SENDER_ID, templateId: e.SMS_DLT_TEMPLATE_ID };
  if (transport === undefined) {
    problems.push('  SMS_TRANSPORT: must be set to http in production (the outbox exists only outside production)');
  } else if (transport === 'outbox' && production) {
    problems.push('  SMS_TRANSPORT: the outbox transport does not exist in production; configure http');
  } else if (transport === 'http') {
    if (!e.SMS_HTTP_URL) problems.push('  SMS_HTTP_URL: must be set when SMS_TRANSPORT is http');
    if (!e.SMS_HTTP_API_KEY) problems.push('  SMS_HTTP_API_KEY: must be set when SMS_TRANSPORT is http');
    if (e.SMS_HTTP_URL && e.SMS_HTTP_API_KEY) {
      sms = { ...sms, transport: 'http', url: e.SMS_HTTP_URL, apiKey: e.SMS_HTTP_API_KEY };
    }
  }
  const mailTransport = e.MAIL_TRANSPORT ?? (production ? undefined : 'outbox');
  let mail: Config['mail'] = { transport: 'outbox', from: e.MAIL_FROM };
  if (mailTransport === undefined) {
    problems.push('  MAIL_TRANSPORT: must be set to http in production (the outbox exists only outside production)');
  } else if (mailTransport === 'outbox' && production) {
    problems.push('  MAIL_TRANSPORT: the outbox transport does not exist in production; configure http');
  } else if (mailTransport === 'http') {
    if (!e.MAIL_HTTP_URL || !e.MAIL_HTTP_API_KEY)
      problems.push('  MAIL_HTTP_URL, MAIL_HTTP_API_KEY: must be set when MAIL_TRANSPORT is http');
    else mail = { transport: 'http', from: e.MAIL_FROM, url: e.MAIL_HTTP_URL, apiKey: e.MAIL_HTTP_API_KEY };
  }
  const paymentsMode = e.PAYMENTS_MODE ?? (production ? 'live' : 'sandbox');
  let razorpay: Config['payments']['razorpay'] = {
    ...SANDBOX_CREDENTIALS.razorpay,
    apiBase: SANDBOX_PATHS.razorpayApi,
    checkoutUrl: SANDBOX_PATHS.razorpayCheckout,
  };
  let payu: Config['payments']['payu'] = { ...SANDBOX_CREDENTIALS.payu, paymentUrl: SANDBOX_PATHS.payuPayment };
  if (paymentsMode === 'live') {
    const needed = [
      'RAZORPAY_KEY_ID',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
      'PAYU_KEY',
      'PAYU_SALT',
    ] as const;
    for (const name of needed) if (!e[name]) problems.push(`  ${name}: must be set when PAYMENTS_MODE is live`);
    razorpay = {
      keyId: e.RAZORPAY_KEY_ID ?? '',
      keySecret: e.RAZORPAY_KEY_SECRET ?? '',
      webhookSecret: e.RAZORPAY_WEBHOOK_SECRET ?? '',
      apiBase: 'https://api.razorpay.com/v1',
      checkoutUrl: 'https://checkout.razorpay.com/v1/checkout.js',
    };
    payu = {
      key: e.PAYU_KEY ?? '',
      salt: e.PAYU_SALT ?? '',
      paymentUrl: e.PAYU_PAYMENT_URL ?? 'https://secure.payu.in/_payment',
    };
  } else if (production) {
    problems.push('  PAYMENTS_MODE: the sandboxes do not exist in production; set live');
  }
  const kycProvider = e.KYC_PROVIDER ?? (production ? undefined : 'sandbox');
  let kyc: Config['kyc'] = { provider: 'sandbox' };
  if (kycProvider === undefined || (production && kycProvider === 'sandbox')) {
    problems.push('  KYC_PROVIDER: must be http in production (the sandbox verifies nothing)');
  } else if (kycProvider === 'http') {
    if (!e.KYC_HTTP_URL || !e.KYC_HTTP_API_KEY)
      problems.push('  KYC_HTTP_URL, KYC_HTTP_API_KEY: must be set when KYC_PROVIDER is http');
    else kyc = { provider: 'http', url: e.KYC_HTTP_URL, apiKey: e.KYC_HTTP_API_KEY };
  }
  let s3: Config['s3'] = null;
  if (e.FILES_STORE === 's3') {
    const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = e;
    if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
      problems.push(
        '  S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: must be set when FILES_STORE is s3',
      );
    } else {
      s3 = {
        endpoint: S3_ENDPOINT,
        bucket: S3_BUCKET,
        region: e.S3_REGION,
        accessKeyId: S3_ACCESS_KEY_ID,
        secretAccessKey: S3_SECRET_ACCESS_KEY,
      };
    }
  }
  let eligibilityPolicy: Policy = DEFAULT_POLICY;
  if (e.ELIGIBILITY_POLICY) {
    try {
      const parsed = v.safeParse(PolicySchema, JSON.parse(e.ELIGIBILITY_POLICY));
      if (parsed.success) eligibilityPolicy = parsed.output;
      else
        problems.push(...parsed.issues.map((issue) => `  ELIGIBILITY_POLICY.${v.getDotPath(issue)}: ${issue.message}`));
    } catch {
      problems.push('  ELIGIBILITY_POLICY: must be JSON (see src/server/eligibility/policy.ts)');
    }
  }
  // Public addresses (PayU's return, the thank-you page, file and KFS links) come from these in production,
  // never from the request's Host header, which a client chooses.
  const publicUrls = {
    PUBLIC_SITE_URL: 'https://www.koshcredit.example',
    PUBLIC_API_URL: 'https://api.koshcredit.example',
  };
  for (const [name, example] of Object.entries(publicUrls))
    if (production && !e[name as keyof typeof publicUrls])
      problems.push(`  ${name}: must be set in production, e.g. ${example}`);
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);

  const memory = e.DATA_DIR.startsWith('memory://');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    siteDir: e.SERVE_SITE ? resolve(e.SITE_DIR) : null,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'embedded', dataDir: memory ? 'memory://' : resolve(e.DATA_DIR) },
    logLevel: e.LOG_LEVEL,
    publicClientKey: e.PUBLIC_CLIENT_KEY,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    otp: {
      secret: otpSecret,
      ttlSeconds: e.OTP_TTL_SECONDS,
      maxAttempts: e.OTP_MAX_ATTEMPTS,
      resendSeconds: e.OTP_RESEND_SECONDS,
      maxPerMobilePerHour: e.OTP_MAX_PER_MOBILE_PER_HOUR,
      maxPerAddressPerHour: e.OTP_MAX_PER_ADDRESS_PER_HOUR,
    },
    session: { absoluteHours: e.SESSION_ABSOLUTE_HOURS, idleMinutes: e.SESSION_IDLE_MINUTES },
    contactMaxPerAddressPerHour: e.CONTACT_MAX_PER_ADDRESS_PER_HOUR,
    sms,
    smsSender: { mode: e.SMS_SENDER, pollMs: e.SMS_SENDER_POLL_MS, maxAttempts: e.SMS_MAX_ATTEMPTS },
    mail,
    // The demo borrower sends real SMS through a real gateway: never by default in production.
    seedDemo: e.SEED_DEMO === undefined ? !production : e.SEED_DEMO === '1' || e.SEED_DEMO === 'true',
    payments: {
      mode: paymentsMode,
      apiUrl: e.PUBLIC_API_URL ?? null,
      siteUrl: e.PUBLIC_SITE_URL ?? null,
      razorpay,
      payu,
    },
    repaySessionMinutes: e.REPAY_SESSION_MINUTES,
    uploads: {
      bodyLimitBytes: e.UPLOAD_BODY_LIMIT_BYTES,
      imageMaxBytes: e.IMAGE_MAX_BYTES,
      pdfMaxBytes: e.PDF_MAX_BYTES,
      pdfCheck: { workers: e.PDF_CHECK_WORKERS, timeoutMs: e.PDF_CHECK_TIMEOUT_MS, maxQueue: e.PDF_CHECK_QUEUE },
      filesDir: e.FILES_DIR ? resolve(e.FILES_DIR) : memory ? 'memory://' : resolve(e.DATA_DIR, 'files'),
    },
    s3,
    kyc,
    eligibilityPolicy,
    warnings,
  };
}
