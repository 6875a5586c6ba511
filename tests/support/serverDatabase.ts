/**
 * A new, empty database on the run's PostgreSQL server (TEST_DATABASE_URL) for a browser-test server,
 * or undefined when the run has none. The config is loaded by Playwright's runner and again by each
 * worker; only the runner makes the database (the workers inherit its address), and a run's database
 * replaces the one an earlier run on the same port left.
 */
import pg from 'pg';

export async function freshServerDatabase(name: string): Promise<string | undefined> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return undefined;
  const known = `KOSH_E2E_DATABASE_${name.toUpperCase()}`;
  const url = new URL(server);
  url.pathname = `/${name}`;
  if (process.env[known] === url.href) return url.href;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  process.env[known] = url.href;
  return url.href;
}
