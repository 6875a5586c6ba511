/** Signing in through the API, as the login card does, reading the code from the outbox. */

import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { API } from '../../../src/lib/api/paths.ts';
import { queryRows } from '../../../src/server/db/client.ts';
import type { ApiClient, TestServer } from './server.ts';

/**
 * The newest code in the outbox for `mobile`. SMS leave through the queue after the request has
 * answered: with the server's database at hand, wait until nothing is left queued for the mobile
 * (so a resent code is not mistaken for the one before); else wait until a code is there.
 */
export async function latestCode(server: ApiClient | TestServer, mobile: string): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const pending =
      'database' in server
        ? await queryRows(
            server.database.db,
            sql`select 1 from sms_queue where "to" = ${mobile} and status in ('queued', 'sending') limit 1`,
          )
        : [];
    const { body } = pending.length ? { body: [] } : await server.get(`${API.devOutbox}?to=${mobile}`);
    const code = body?.[0]?.code;
    if (typeof code === 'string') return code;
    if (Date.now() > deadline) throw new Error(`no code in the outbox for ${mobile}`);
    await sleep(10);
  }
}

export async function requestCode(server: ApiClient, mobile: string) {
  return server.post(API.registration, { event_name: 'login', mobile });
}

export async function verify(server: ApiClient, profileId: string, otp: string) {
  return server.post(API.registration, { event_name: 'otp_verify', profile_id: profileId, otp });
}

/** Signs a mobile in and answers the session token and profile id. */
export async function signIn(server: ApiClient, mobile: string): Promise<{ token: string; profileId: string }> {
  const login = await requestCode(server, mobile);
  if (login.body.Status !== 1) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  const profileId = login.body.Data.cust_profile_id as string;
  const verified = await verify(server, profileId, await latestCode(server, mobile));
  if (verified.body.Status !== 1) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  return { token: verified.body.Data.app_login_token, profileId };
}
