/** Signing in through the API, as the login card does, reading the code from the outbox. */
import { API } from '../../../src/lib/api/paths.ts';
import type { ApiClient } from './server.ts';

export async function latestCode(server: ApiClient, mobile: string): Promise<string> {
  const { body } = await server.get(`${API.devOutbox}?to=${mobile}`);
  const code = body?.[0]?.code;
  if (typeof code !== 'string') throw new Error(`no code in the outbox for ${mobile}`);
  return code;
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
