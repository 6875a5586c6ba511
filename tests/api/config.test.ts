import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API } from '../../src/lib/api/paths.ts';
import { ConfigError, loadConfig } from '../../src/server/config/config.ts';
import { sitePageUrl } from '../../src/server/config/publicUrls.ts';
import { DEV_STAFF_PATH } from '../../src/server/dev/routes.ts';
import { httpTransport } from '../../src/server/sms/httpTransport.ts';
import { SmsDeliveryError } from '../../src/server/sms/transport.ts';
import { ENGINE, startServer } from './support/server.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  OTP_SECRET: 'p'.repeat(40),
  SMS_TRANSPORT: 'http',
  SMS_HTTP_URL: 'https://sms.example.in/send',
  SMS_HTTP_API_KEY: 'key',
  MAIL_TRANSPORT: 'http',
  MAIL_HTTP_URL: 'https://mail.example.in/send',
  MAIL_HTTP_API_KEY: 'mail-key',
  RAZORPAY_KEY_ID: 'rzp_live_x',
  RAZORPAY_KEY_SECRET: 'live-secret',
  RAZORPAY_WEBHOOK_SECRET: 'live-webhook-secret',
  PAYU_KEY: 'live-key',
  PAYU_SALT: 'live-salt',
  KYC_PROVIDER: 'http',
  KYC_HTTP_URL: 'https://kyc.example.in/pan',
  KYC_HTTP_API_KEY: 'kyc-key',
  BANK_VERIFY_PROVIDER: 'http',
  BANK_VERIFY_HTTP_URL: 'https://bav.example.in/verification/bank-account/sync',
  BANK_VERIFY_CLIENT_ID: 'bav-id',
  BANK_VERIFY_CLIENT_SECRET: 'bav-secret',
  BUREAU_CHECK_PROVIDER: 'http',
  BUREAU_CHECK_URL: 'https://bureau.example.in/consumer-report',
  BUREAU_CHECK_API_KEY: 'bureau-key',
  ESIGN_PROVIDER: 'http',
  ESIGN_HTTP_URL: 'https://esign.example.in/v2/client/document',
  ESIGN_GATEWAY_URL: 'https://esign.example.in/gateway',
  ESIGN_CLIENT_ID: 'esign-id',
  ESIGN_CLIENT_SECRET: 'esign-secret',
  PUBLIC_SITE_URL: 'https://www.koshcredit.example',
  PUBLIC_API_URL: 'https://api.koshcredit.example',
};

describe('configuration is checked once, at start', () => {
  it('keeps a database and files in memory for DATA_DIR=memory://, and a folder for a path', () => {
    const inMemory = loadConfig({ DATA_DIR: 'memory://' });
    expect(inMemory.database).toEqual({ kind: 'embedded', dataDir: 'memory://' });
    expect(inMemory.uploads.filesDir).toBe('memory://');
    expect(loadConfig({ DATA_DIR: 'data' }).database).toEqual({ kind: 'embedded', dataDir: resolve('data') });
  });

  it('names each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: must be a whole number/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: must be at most 65535/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadConfig({ OTP_SECRET: 'short' })).toThrow(/OTP_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('production needs an OTP secret and a real SMS transport; the outbox does not exist there', () => {
    expect(() => loadConfig({ ...PRODUCTION, OTP_SECRET: undefined })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PRODUCTION, SMS_TRANSPORT: undefined })).toThrow(/SMS_TRANSPORT: must be set to http/);
    expect(() => loadConfig({ ...PRODUCTION, SMS_TRANSPORT: 'outbox' })).toThrow(/outbox transport does not exist/);
    expect(() => loadConfig({ ...PRODUCTION, SMS_HTTP_URL: undefined })).toThrow(/SMS_HTTP_URL: must be set/);
    expect(loadConfig(PRODUCTION).sms.transport).toBe('http');
    expect(() => loadConfig({ ...PRODUCTION, MAIL_TRANSPORT: undefined })).toThrow(
      /MAIL_TRANSPORT: must be set to http/,
    );
    expect(() => loadConfig({ ...PRODUCTION, MAIL_TRANSPORT: 'outbox' })).toThrow(
      /MAIL_TRANSPORT: the outbox transport does not exist/,
    );
    expect(() => loadConfig({ ...PRODUCTION, MAIL_HTTP_API_KEY: undefined })).toThrow(
      /MAIL_HTTP_URL, MAIL_HTTP_API_KEY/,
    );
    expect(loadConfig(PRODUCTION).mail).toMatchObject({ transport: 'http', url: 'https://mail.example.in/send' });
    expect(() => loadConfig({ ...PRODUCTION, PAYU_SALT: undefined })).toThrow(
      /PAYU_SALT: must be set when PAYMENTS_MODE is live/,
    );
    expect(() => loadConfig({ ...PRODUCTION, PAYMENTS_MODE: 'sandbox' })).toThrow(
      /sandboxes do not exist in production/,
    );
    expect(() => loadConfig({ ...PRODUCTION, KYC_PROVIDER: undefined })).toThrow(
      /KYC_PROVIDER: must be http in production/,
    );
    expect(() => loadConfig({ ...PRODUCTION, BANK_VERIFY_PROVIDER: undefined })).toThrow(
      /BANK_VERIFY_PROVIDER: must be http in production/,
    );
    expect(() => loadConfig({ ...PRODUCTION, BANK_VERIFY_CLIENT_SECRET: undefined })).toThrow(
      /BANK_VERIFY_HTTP_URL, BANK_VERIFY_CLIENT_ID, BANK_VERIFY_CLIENT_SECRET: must be set when BANK_VERIFY_PROVIDER is http/,
    );
    // The e-sign sandbox signs with a test certificate: production needs the provider (issue 24).
    expect(() => loadConfig({ ...PRODUCTION, ESIGN_PROVIDER: undefined })).toThrow(
      /ESIGN_PROVIDER: must be http in production/,
    );
    expect(() => loadConfig({ ...PRODUCTION, ESIGN_CLIENT_SECRET: undefined })).toThrow(/ESIGN_CLIENT_SECRET/);
    // Branch names: none in production without a directory, the sandbox's outside it.
    expect(loadConfig(PRODUCTION).ifscDirectory).toEqual({ source: 'none' });
    expect(loadConfig({}).ifscDirectory).toEqual({ source: 'sandbox' });
    expect(() => loadConfig({ ...PRODUCTION, BUREAU_CHECK_PROVIDER: undefined })).toThrow(
      /BUREAU_CHECK_PROVIDER: must be http in production/,
    );
    expect(() => loadConfig({ ...PRODUCTION, BUREAU_CHECK_API_KEY: undefined })).toThrow(
      /BUREAU_CHECK_URL, BUREAU_CHECK_API_KEY/,
    );
    expect(() => loadConfig({ ELIGIBILITY_POLICY: '{"minAge": 16}' })).toThrow(/ELIGIBILITY_POLICY/);
    expect(() => loadConfig({ FILES_STORE: 's3' })).toThrow(/S3_BUCKET/);
    expect(
      loadConfig({
        FILES_STORE: 's3',
        S3_ENDPOINT: 'https://s3.example.in',
        S3_BUCKET: 'b',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      }).s3,
    ).toMatchObject({ bucket: 'b', region: 'ap-south-1' });
    expect(loadConfig(PRODUCTION).payments.razorpay.checkoutUrl).toBe('https://checkout.razorpay.com/v1/checkout.js');
  });

  it('production builds public addresses only from PUBLIC_SITE_URL and PUBLIC_API_URL: it will not start without them', () => {
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_SITE_URL: undefined })).toThrow(
      /PUBLIC_SITE_URL: must be set in production/,
    );
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_API_URL: '' })).toThrow(
      /PUBLIC_API_URL: must be set in production/,
    );
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_API_URL: 'api.koshcredit.example' })).toThrow(
      /PUBLIC_API_URL: must be a full address/,
    );
    expect(loadConfig(PRODUCTION).payments).toMatchObject({
      siteUrl: 'https://www.koshcredit.example',
      apiUrl: 'https://api.koshcredit.example',
    });
    // Outside production the request's address stays the fallback, for local use.
    expect(loadConfig({}).payments).toMatchObject({ siteUrl: null, apiUrl: null });
  });

  it("writes a message's link to a site page on PUBLIC_SITE_URL, else on the server's own address outside production", () => {
    const page = '/my-dashboard/details?lead_id=7';
    expect(sitePageUrl(loadConfig(PRODUCTION), page)).toBe(`https://www.koshcredit.example${page}`);
    expect(sitePageUrl(loadConfig({ PUBLIC_SITE_URL: 'https://staging.koshcredit.example/' }), '/repayloan')).toBe(
      'https://staging.koshcredit.example/repayloan',
    );
    // Development, unset: where this server listens, so the developer can click it (not the production site).
    expect(sitePageUrl(loadConfig({}), '/repayloan')).toBe('http://127.0.0.1:4321/repayloan');
    expect(sitePageUrl(loadConfig({ HOST: '0.0.0.0', PORT: '4650' }), '/repayloan')).toBe(
      'http://127.0.0.1:4650/repayloan',
    );
    expect(sitePageUrl(loadConfig({ HOST: '::1', PORT: '4651' }), '/repayloan')).toBe('http://[::1]:4651/repayloan');
  });

  it('seeds the demo borrower by default outside production only; SEED_DEMO decides either way', () => {
    expect(loadConfig(PRODUCTION).seedDemo).toBe(false);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(() => loadConfig({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO: must be 1\/0 or true\/false/);
  });

  it('names a variable that several areas read once, and never repeats a secret it was given', () => {
    const problems = (env: Record<string, string | undefined>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('the configuration was accepted');
    };
    expect(problems({ NODE_ENV: 'prod' }).match(/NODE_ENV:/g)).toHaveLength(1);
    const secrets = {
      OTP_SECRET: 'secret-too-short',
      SMS_HTTP_API_KEY: 'sms-api-key',
      S3_SECRET_ACCESS_KEY: 's3-secret',
    };
    const message = problems({ ...PRODUCTION, ...secrets, PAYU_SALT: undefined, FILES_STORE: 's3' });
    expect(message).toMatch(/OTP_SECRET: must be at least 32 characters/);
    const given = Object.entries({ ...PRODUCTION, ...secrets }).filter(([name]) => /SECRET|KEY|SALT/.test(name));
    for (const [, value] of given) expect(message).not.toContain(value);
  });

  it('outside production it starts with safe defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4321,
      host: '127.0.0.1',
      sms: { transport: 'outbox' },
      mail: { transport: 'outbox' },
      database: { kind: 'embedded' },
    });
    expect(config.warnings).toEqual([expect.stringContaining('OTP_SECRET')]);
  });

  it('in production the development routes do not exist', async () => {
    const server = await startServer(ENGINE, PRODUCTION);
    try {
      expect((await server.get(`${API.devOutbox}?to=9876543210`)).status).toBe(404);
      expect((await server.post('/__dev/clock', { advance_seconds: 10 })).status).toBe(404);
      expect((await server.post(DEV_STAFF_PATH, { action: 'disburse', lead_id: 5000001 })).status).toBe(404);
      expect((await server.get(API.openapi)).body.paths[API.devOutbox]).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});

describe('the HTTP SMS gateway adapter', () => {
  it('posts the DLT sender, template and text with the key, and reports a failing gateway', async () => {
    const received: { auth?: string | undefined; body: unknown }[] = [];
    let status = 200;
    const gateway = createServer((request, response) => {
      let data = '';
      request.on('data', (chunk) => {
        data += chunk;
      });
      request.on('end', () => {
        received.push({ auth: request.headers.authorization, body: JSON.parse(data) });
        response.writeHead(status).end('{}');
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
    try {
      const transport = httpTransport({ url, apiKey: 'secret-key' });
      await transport.send({
        to: '9876543210',
        body: '1234 is your code -KOSHCR',
        senderId: 'KOSHCR',
        templateId: '1007000000000000001',
      });
      expect(received[0]).toEqual({
        auth: 'Bearer secret-key',
        body: {
          sender: 'KOSHCR',
          template_id: '1007000000000000001',
          recipients: [{ mobiles: '919876543210' }],
          message: '1234 is your code -KOSHCR',
        },
      });
      status = 500;
      await expect(
        transport.send({ to: '9876543210', body: 'x', senderId: 'KOSHCR', templateId: '1007000000000000001' }),
      ).rejects.toBeInstanceOf(SmsDeliveryError);
    } finally {
      gateway.close();
    }
  });
});
