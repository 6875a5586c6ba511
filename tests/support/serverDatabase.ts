/**
 * A new, empty database on the run's PostgreSQL server (TEST_DATABASE_URL), or undefined when the run
 * has none; it replaces the one an earlier run of the same name left.
 */
import pg from 'pg';

export async function freshServerDatabase(name: string): Promise<string | undefined> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return undefined;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.href;
}
