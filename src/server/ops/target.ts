/**
 * The database the command line is told to use (--database, or the server's DATA_DIR or DATABASE_URL),
 * named in words for its first line without a password; a folder with no database is refused, never
 * made into a new, empty one.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../config/config.ts';
import { UsageError } from './arguments.ts';

/** --database: a postgres:// address, or the embedded database's folder. */
export function databaseNamed(given: string): Config['database'] {
  if (/^postgres(ql)?:\/\//.test(given)) return { kind: 'postgres', url: given };
  return { kind: 'embedded', dataDir: resolve(given) };
}

export function databaseInWords(settings: Config['database']): string {
  if (settings.kind === 'postgres') {
    const url = new URL(settings.url);
    url.password = '';
    return `the database at ${url.href}`;
  }
  return settings.dataDir.startsWith('memory://')
    ? 'the embedded database in memory'
    : `the embedded database in ${settings.dataDir}`;
}

/** An embedded database's folder holds PostgreSQL's PG_VERSION once a server (or a test) has made it. */
export function refuseEmptyFolder(settings: Config['database']): void {
  if (settings.kind !== 'embedded' || settings.dataDir.startsWith('memory://')) return;
  if (!existsSync(join(settings.dataDir, 'PG_VERSION'))) {
    throw new UsageError(
      `There is no database in ${settings.dataDir}. Name the server's: DATA_DIR as the server runs with it, or --database <folder or postgres:// address>. The command line never starts a new, empty one.`,
    );
  }
}
