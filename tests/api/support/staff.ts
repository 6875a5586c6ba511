/** A staff member signed in as the console does: the password, then the code from the development mailbox. */
import { expect } from 'vitest';
import { HEADERS } from '../../../src/lib/api/paths.ts';
import { STAFF_API } from '../../../src/lib/api/staffPaths.ts';
import { isSignInCode, latestMail } from './mailbox.ts';
import type { TestServer } from './server.ts';

/** The development staff accounts' password (DEV_STAFF_PASSWORD's default). */
const STAFF_PASSWORD = 'kosh-staff-dev';

export async function staffSignIn(server: TestServer, email: string): Promise<{ token: string; roles: string[] }> {
  const login = await server.post(STAFF_API.login, { email, password: STAFF_PASSWORD });
  expect(login.body.Status, login.body.Message).toBe(1);
  const code = (await latestMail(server, email, isSignInCode)).body.match(/code is (\d{6})/)?.[1];
  const verified = await server.post(STAFF_API.verify, { challenge_id: login.body.Data.challenge_id, code });
  expect(verified.body.Status, verified.body.Message).toBe(1);
  return { token: verified.body.Data.staff_token, roles: verified.body.Data.roles };
}

/** A call of a staff route with the staff member's token (and no public client key). */
export const asStaff = (server: TestServer, token: string, path: string, body: object = {}) =>
  server.post(path, body, { headers: { [HEADERS.staffToken]: token, Auth: '' } });
