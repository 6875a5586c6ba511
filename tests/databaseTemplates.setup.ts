/**
 * Vitest global setup: the migrated, empty databases every API test's database is copied from, made
 * once per run. A new embedded database costs PostgreSQL's initdb and every migration (seconds on
 * this machine); a copy of a snapshot opens in a fraction of that. On PostgreSQL the copy is
 * `create database ... template`. The tests still run the migrations when they open a copy (none is
 * left to apply), and tests of the migrations themselves open empty databases.
 */
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.ts';

export const EMBEDDED_TEMPLATE_ENV = 'KOSH_TEST_EMBEDDED_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'KOSH_TEST_POSTGRES_TEMPLATE';

export default async function setup() {
  // The two templates are made side by side: the embedded one is mostly the CPU's, the server's mostly waits.
  const [removeEmbedded, dropPostgres] = await Promise.all([embeddedTemplate(), postgresTemplate()]);
  return async () => {
    await removeEmbedded();
    await dropPostgres();
  };
}

async function embeddedTemplate() {
  const file = join(tmpdir(), `kosh-template-${process.pid}.tar`);
  const embedded = await openDatabase({ kind: 'embedded', dataDir: 'memory://' });
  try {
    await writeFile(file, (await embedded.snapshot?.()) as Uint8Array);
  } finally {
    await embedded.close();
  }
  process.env[EMBEDDED_TEMPLATE_ENV] = file;
  return () => rm(file, { force: true });
}

async function postgresTemplate() {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return async () => {};
  const name = `kosh_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const migrated = await openDatabase({ kind: 'postgres', url: url.href });
  await migrated.close();
  process.env[POSTGRES_TEMPLATE_ENV] = name;
  return async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
