/**
 * The embedded database on its own thread, reached through `pg` as a PostgreSQL server is: its
 * connections share one PGlite session, so what matters is that they behave as separate sessions
 * do where the server relies on it (transactions, errors, many queries at once).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenDatabase, openDatabase, queryRows } from '../../src/server/db/client.ts';
import { EmbeddedDatabase, prepareStatements } from '../../src/server/db/embedded.ts';
import type { EmbeddedPlace } from '../../src/server/db/embeddedWorker.ts';
import { readEmbeddedTemplate } from './support/server.ts';

/**
 * A database in memory started from the run's migrated template (made once per run): what is tested
 * here is the engine's thread and connections, not PostgreSQL's initdb, which each empty one would run.
 */
async function fromTemplate(): Promise<EmbeddedPlace> {
  const startFrom = await readEmbeddedTemplate();
  return startFrom ? { startFrom } : {};
}

describe('the embedded database through pg', () => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'embedded', dataDir: 'memory://' }, await fromTemplate());
    await database.db.execute(sql`create table notes (id int primary key, body text not null)`);
  });
  afterAll(() => database?.close());

  it('answers many queries at once, each with its own result', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => queryRows<{ n: number }>(database.db, sql`select ${i}::int as n`)),
    );
    expect(answers.map(([row]) => row?.n)).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it('runs nothing of another connection inside an open transaction, and lets it run once that ends', async () => {
    let outsideDone = false;
    let outside: Promise<unknown> | undefined;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes (id, body) values (1, 'in the transaction')`);
        outside = database.db
          .execute(sql`insert into notes (id, body) values (2, 'outside it')`)
          .then(() => (outsideDone = true));
        // The transaction goes on working while the other statement waits.
        for (let i = 0; i < 5; i += 1) await tx.execute(sql`select pg_sleep(0.01)`);
        expect(outsideDone).toBe(false);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await outside;
    expect(outsideDone).toBe(true);
    // Rolled back: the transaction's row is gone, the other's stayed, so it never ran inside it.
    const rows = await queryRows<{ id: number }>(database.db, sql`select id from notes order by id`);
    expect(rows.map((row) => row.id)).toEqual([2]);
  });

  it("reports PostgreSQL's error with its code, and the connection goes on working", async () => {
    const duplicate = database.db.execute(sql`insert into notes (id, body) values (2, 'again')`);
    await expect(duplicate).rejects.toMatchObject({ cause: { code: '23505', constraint: 'notes_pkey' } });
    const [row] = await queryRows<{ body: string }>(database.db, sql`select body from notes where id = 2`);
    expect(row?.body).toBe('outside it');
  });
});

describe('a connection that ends inside its transaction', () => {
  it('leaves nothing of it behind, and the next connection is not held up', async () => {
    const engine = new EmbeddedDatabase(await fromTemplate(), (error) => {
      throw error;
    });
    await engine.ready;
    const connect = async () => {
      const client = new pg.Client({ user: 'postgres', database: 'postgres', stream: engine.socket });
      await client.connect();
      return client;
    };
    try {
      const first = await connect();
      await first.query('create table kept (id int)');
      await first.query('begin');
      await first.query('insert into kept values (1)');
      // The client goes away without COMMIT or ROLLBACK, as a failed one does.
      await first.end();
      const second = await connect();
      await second.query('insert into kept values (2)');
      expect((await second.query('select id from kept')).rows).toEqual([{ id: 2 }]);
      await second.end();
    } finally {
      await engine.close();
    }
  });
});

describe('a data folder the embedded database cannot open', () => {
  it('is refused with a reason at start, and the folder is free again afterwards', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kosh-not-a-database-'));
    try {
      // A PostgreSQL version this engine does not read: the folder is not its database.
      await writeFile(join(dir, 'PG_VERSION'), '9\n');
      await expect(openDatabase({ kind: 'embedded', dataDir: dir })).rejects.toThrow(/embedded database failed/);
      expect(existsSync(join(dir, 'kosh.lock'))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("the embedded database's thread under a steady load", () => {
  it('keeps nothing of the statements it has answered', async () => {
    const engine = new EmbeddedDatabase(await fromTemplate(), (error) => {
      throw error;
    });
    const pool = new pg.Pool({ user: 'postgres', database: 'postgres', max: 4, stream: engine.socket });
    try {
      await engine.ready;
      await pool.query('create table readings (id serial primary key, value int not null)');
      const load = async (statements: number) => {
        for (let i = 0; i < statements; i += 4) {
          await Promise.all([0, 1, 2, 3].map((k) => pool.query('insert into readings (value) values ($1)', [i + k])));
        }
      };
      await load(400);
      const before = await engine.liveObjects();
      await load(2000);
      // Answered through PGlite's execProtocolRaw, these 2000 statements left about 4,900 objects for good.
      expect((await engine.liveObjects()) - before).toBeLessThan(1000);
      const { rows } = await pool.query('select count(*)::int as n from readings');
      expect(rows[0].n).toBe(2400);
    } finally {
      await pool.end();
      await engine.close();
    }
  });
});

describe("the embedded database's prepared statements", () => {
  it("are each connection's own, and go when it ends", async () => {
    const engine = new EmbeddedDatabase(await fromTemplate(), (error) => {
      throw error;
    });
    const pool = new pg.Pool({ user: 'postgres', database: 'postgres', max: 3, stream: engine.socket });
    prepareStatements(pool);
    const prepared = async (client: pg.PoolClient) =>
      (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
        (row) => row.name,
      );
    try {
      await engine.ready;
      const first = await pool.connect();
      const second = await pool.connect();
      // The same text on two connections: a statement each, and each answers its own values.
      for (const n of [1, 2, 3]) {
        const answers = await Promise.all(
          [first, second].map((client, k) => client.query<{ n: number }>('select $1::int as n', [n * 10 + k])),
        );
        expect(answers.map((answer) => answer.rows[0]?.n)).toEqual([n * 10, n * 10 + 1]);
      }
      expect(await prepared(first)).toEqual(['k1_0', 'k1_1', 'k2_0']);
      second.release(true);
      await expect.poll(() => prepared(first)).toEqual(['k1_0', 'k1_1']);
      first.release();
    } finally {
      await pool.end();
      await engine.close();
    }
  });
});
