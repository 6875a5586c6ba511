/**
 * Signing the command line in and out (issue 22): `login` asks the e-mail, the password (not shown)
 * and the e-mailed code, as the console does, and keeps the session for that server only;
 * `logout` ends it on the server and removes it; `whoami` says who the session is.
 */
import { STAFF_API } from '../../../lib/api/staffPaths.ts';
import { terminalSafe } from '../../../lib/terminalText.ts';
import { option } from '../arguments.ts';
import type { OpsServerContext, OpsWrite } from '../context.ts';
import { removeSession, saveSession } from '../savedSession.ts';
import { ServerRefused, StaffServer } from '../staffServer.ts';
import { printAnswer } from '../table.ts';

/** Asks one question on the terminal; a secret one is not shown as it is typed. */
export type Ask = (question: string, secret: boolean) => Promise<string>;

export async function login(
  { address, ask, sessionFile, write }: { address: URL; ask: Ask; sessionFile: string; write: OpsWrite },
  args: string[],
) {
  const server = new StaffServer(address);
  const email = option(args, 'email') ?? (await ask('E-mail: ', false)).trim();
  const password = await ask('Password (not shown): ', true);
  const started = await server.call<{ challenge_id: string }>(STAFF_API.login, { email, password });
  write.error(terminalSafe`${started.message}`);
  const code = (await ask('Code from the e-mail: ', false)).trim();
  const verified = await server.call<{ staff_token: string; roles: string[]; name: string }>(STAFF_API.verify, {
    challenge_id: started.data.challenge_id,
    code,
  });
  const { staff_token: token, roles, name } = verified.data;
  try {
    await saveSession(sessionFile, { server: server.origin, token, name, roles });
  } catch (error) {
    // A session nobody can use is ended at once.
    await new StaffServer(address, token).call(STAFF_API.logout).catch(() => undefined);
    throw new Error(
      `Signed in, but the session could not be kept in ${sessionFile} (${(error as NodeJS.ErrnoException).code ?? 'error'}): set XDG_CONFIG_HOME to a folder you can write, then sign in again.`,
    );
  }
  write.out(
    terminalSafe`Signed in to ${server.origin} as ${name} (${roles.join(', ')}). The session is kept in ${sessionFile}, readable by you alone, until it ends (30 idle minutes, 12 hours) or npm run ops -- logout.`,
  );
}

/** Ends the session on the server; the saved one is removed even when the server had ended it already. */
export async function logout(ops: OpsServerContext, sessionFile: string | undefined) {
  try {
    await ops.server.call(STAFF_API.logout);
    ops.write.out(`Signed out of ${ops.server.origin}.`);
  } catch (error) {
    if (!(error instanceof ServerRefused && error.httpStatus === 401)) throw error;
    ops.write.out(`The session had ended already on ${ops.server.origin}.`);
  } finally {
    if (sessionFile) await removeSession(sessionFile);
  }
}

export async function whoAmI(ops: OpsServerContext) {
  const answer = await ops.server.call<{ name: string; email: string; roles: string[] }>(STAFF_API.me);
  printAnswer(ops, answer, () =>
    ops.write.out(terminalSafe`${answer.data.name} (${answer.data.email}): ${answer.data.roles.join(', ')}`),
  );
}
