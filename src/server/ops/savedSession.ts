/**
 * The staff session `npm run ops -- login` keeps (issue 22): a file only its owner can read
 * (0600, in a 0700 folder) under the user's config folder, for the one server it was made on;
 * `logout` ends the session and removes it.
 */
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

export interface SavedSession {
  /** The server's origin: the token is sent to no other. */
  server: string;
  token: string;
  name: string;
  roles: string[];
}

/** $XDG_CONFIG_HOME/kosh/ops-session.json, or ~/.config/kosh/ops-session.json. */
export function sessionFileOf(env: Record<string, string | undefined>): string {
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'kosh', 'ops-session.json');
}

/** The saved session for `server`, or undefined (none, another server's, or unreadable). */
export async function savedSessionFor(file: string, server: string): Promise<SavedSession | undefined> {
  let saved: Partial<SavedSession>;
  try {
    saved = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
  if (saved.server !== server || typeof saved.token !== 'string' || typeof saved.name !== 'string') return undefined;
  return { server: saved.server, token: saved.token, name: saved.name, roles: saved.roles ?? [] };
}

export async function saveSession(file: string, session: SavedSession): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, `${JSON.stringify(session, null, 2)}\n`, { mode: 0o600 });
  // A file that was there before keeps its mode through writeFile: made private again.
  await chmod(file, 0o600);
}

export async function removeSession(file: string): Promise<void> {
  await rm(file, { force: true });
}
