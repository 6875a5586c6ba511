/**
 * Opens the database the configuration names and brings its schema up to date:
 * an embedded PostgreSQL (PGlite, WebAssembly, no server, on a thread of its own) in a data
 * directory, or a PostgreSQL server. Both are reached through `pg` and drizzle's driver for it, and
 * run the same migrations the same way.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config/config.ts';
import { EmbeddedDatabase, prepareStatements } from './embedded.ts';
import { isDataException, isTransientConflict, isUniqueViolation } from './errors.ts';
import { schema } from './schema.ts';

/** Database errors as the app maps and logs them (errors.ts): never their message or parameters. */
export { isDataException, isTransientConflict, isUniqueViolation };

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open transaction: the database's query interface, its statements committed together or not at all. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface OpenDatabase {
  db: Database;
  kind: 'embedded' | 'postgres';
  close(): Promise<void>;
  /** The embedded database's whole content, to start another in memory from (`OpenOptions.startFrom`). */
  snapshot?(): Promise<Uint8Array>;
}

export interface OpenOptions {
  /** An embedded database in memory starts as a copy of this snapshot (a migrated template, in the tests). */
  startFrom?: Uint8Array;
}

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any fixed number: holders of this advisory lock run migrations one at a time. */
const MIGRATION_LOCK = 7_246_001;

export async function openDatabase(settings: Config['database'], options: OpenOptions = {}): Promise<OpenDatabase> {
  if (settings.kind === 'embedded') {
    const memory = settings.dataDir.startsWith('memory://');
    let unlock = async () => {};
    if (!memory) {
      await mkdir(settings.dataDir, { recursive: true });
      unlock = await lockDataDir(settings.dataDir);
    }
    // A failed database thread leaves nothing to answer with: the process stops, to be restarted.
    const place = memory
      ? { ...(options.startFrom && { startFrom: options.startFrom }) }
      : { dataDir: settings.dataDir };
    const engine = new EmbeddedDatabase(place, (error) => {
      throw error;
    });
    const close = async () => {
      await engine.close();
      await unlock();
    };
    try {
      await engine.ready;
      // PGlite's one role and database, named so no PGUSER or PGDATABASE of the environment applies.
      const pool = await migratedPool(
        {
          user: 'postgres',
          database: 'postgres',
          max: 10,
          // Connections are streams within the process: kept, with their prepared statements, while the pool lives.
          idleTimeoutMillis: 0,
          stream: engine.socket,
        },
        prepareStatements,
      );
      return {
        db: drizzle({ client: pool, schema }),
        kind: 'embedded',
        close: () => pool.end().then(close),
        snapshot: () => engine.snapshot(),
      };
    } catch (error) {
      await close();
      throw error;
    }
  }
  const pool = await migratedPool({ connectionString: settings.url, max: 10 });
  return { db: drizzle({ client: pool, schema }), kind: 'postgres', close: () => pool.end() };
}

/**
 * A pool on a database whose schema is up to date: both engines run the same migrations the same way.
 * `prepare` sets up the connections opened after the migration (the one that ran it is closed then).
 */
async function migratedPool(options: pg.PoolConfig, prepare?: (pool: pg.Pool) => void): Promise<pg.Pool> {
  const pool = new pg.Pool(options);
  // An idle connection dropped by the server (restart, failover) must not crash the process: the
  // pool opens a new one on next use, and a query in flight fails to its caller as usual.
  pool.on('error', () => {});
  try {
    // Several API processes may start at once: the advisory lock lets one migrate while the others wait.
    const connection = await pool.connect();
    try {
      await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrate(drizzle({ client: connection, schema }), { migrationsFolder: MIGRATIONS });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      connection.release(prepare !== undefined);
    }
    prepare?.(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pool;
}

/**
 * The embedded database is one process's alone: a second opener (a second server, the ops command
 * while the server runs) would corrupt it, so it gets a clear error instead. A holder killed
 * outright (SIGKILL, out of memory) leaves the file behind; it is stale once that holder no longer
 * runs, so a crash never stops the next start.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lock = join(dataDir, 'kosh.lock');
  const self = `${process.pid} ${(await processStat(process.pid))?.startTime ?? ''}`.trim();
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(lock, self, { flag: 'wx' });
      return () => rm(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pid = '0', started = ''] = (await readFile(lock, 'utf8').catch(() => '0')).trim().split(' ');
      const holder = Number(pid);
      if (holder && holder !== process.pid && (await stillRuns(holder, started))) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by another process (pid ${holder}). Stop it first, or point both at a PostgreSQL server with DATABASE_URL.`,
        );
      }
      await rm(lock, { force: true }); // left by a process that no longer runs
    }
  }
  throw new Error(`Could not lock ${lock}`);
}

/**
 * Whether the lock's holder still runs: its pid is alive and, where the system tells (Linux's
 * /proc), neither a zombie nor a later process that was given the same pid.
 */
async function stillRuns(pid: number, started: string): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = await processStat(pid);
  if (!stat) return true;
  return stat.state !== 'Z' && (!started || stat.startTime === started);
}

/** A process's state and start time (clock ticks since boot) from /proc, where there is one. */
async function processStat(pid: number): Promise<{ state: string; startTime: string } | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // The fields after the command name, which is in parentheses and may hold spaces: state is field 3, starttime 22.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields.length > 19 ? { state: fields[0] as string, startTime: fields[19] as string } : undefined;
}

/** Runs one SQL statement and answers its rows (the two drivers agree on `.rows`). */
export async function queryRows<T>(db: Database | Transaction, query: SQL) {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
