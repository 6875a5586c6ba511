/**
 * The embedded database as a PostgreSQL server on a thread of its own (embeddedWorker.ts): the
 * server reaches it with `pg`, the driver it uses for a PostgreSQL server, through socket-like
 * streams that carry the wire protocol to the thread and back.
 */
import { Duplex } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import type { EmbeddedPlace, FromDatabase, ToDatabase } from './embeddedWorker.ts';

export class EmbeddedDatabase {
  private readonly worker: Worker;
  private readonly sockets = new Map<number, DatabaseSocket>();
  private nextConnection = 1;
  private failure: Error | undefined;
  private closing = false;
  private readonly exited: Promise<void>;
  readonly ready: Promise<void>;

  private snapshotTaken: ((snapshot: Uint8Array) => void) | undefined;

  /** `place.dataDir` undefined: a database in memory. `onFailure`: the thread stopped without being closed. */
  constructor(place: EmbeddedPlace, onFailure: (error: Error) => void) {
    this.worker = new Worker(new URL('./embeddedWorker.ts', import.meta.url), { workerData: place });
    let opened: () => void;
    let notOpened: (error: Error) => void;
    this.ready = new Promise((resolve, reject) => {
      opened = resolve;
      notOpened = reject;
    });
    this.worker.on('message', (message: FromDatabase) => {
      if ('bytes' in message) this.sockets.get(message.connection)?.answer(message.bytes);
      else if ('snapshot' in message) this.snapshotTaken?.(message.snapshot);
      else if ('ready' in message) opened();
      else if ('failed' in message) {
        // Failing to open ends the start at once; a later failure ends the thread, reported on exit.
        this.failure ??= new Error(`The embedded database failed: ${message.failed}`);
        notOpened(this.failure);
      }
    });
    const stopped = (error: Error) => {
      this.failure ??= error;
      notOpened(this.failure);
      for (const socket of this.sockets.values()) socket.destroy(this.failure);
      if (!this.closing) onFailure(this.failure);
    };
    this.worker.on('error', stopped);
    this.exited = new Promise((resolve) => {
      this.worker.on('exit', (code) => {
        stopped(new Error(`The embedded database stopped (exit code ${code}).`));
        resolve();
      });
    });
  }

  /** A new connection, for `pg`'s `stream` option. */
  socket = (): Duplex => {
    const connection = this.nextConnection++;
    const socket = new DatabaseSocket(
      (bytes) => this.post({ connection, bytes }),
      () => {
        this.sockets.delete(connection);
        this.post({ connection, end: true });
      },
    );
    if (this.failure) process.nextTick(() => socket.destroy(this.failure));
    else this.sockets.set(connection, socket);
    return socket;
  };

  private post(message: ToDatabase) {
    if (!this.failure) this.worker.postMessage(message);
  }

  /**
   * How many objects the database thread keeps after a full garbage collection: growth under a steady
   * load is a leak (a heap snapshot's header says it; the rest of the snapshot is not read).
   */
  async liveObjects(): Promise<number> {
    const snapshot = await this.worker.getHeapSnapshot();
    let header = '';
    try {
      for await (const chunk of snapshot) {
        header += chunk;
        const count = /"node_count":(\d+)/.exec(header);
        if (count) return Number(count[1]);
      }
    } finally {
      snapshot.destroy();
    }
    throw new Error('the heap snapshot has no node count');
  }

  /**
   * The whole database as PGlite's data-folder archive, taken between statements: a new database in
   * memory starts from it (EmbeddedPlace.startFrom) without PostgreSQL's initdb and the migrations,
   * seconds each, as `create database ... template` does on a server.
   */
  snapshot(): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      this.snapshotTaken = (snapshot) => {
        this.snapshotTaken = undefined;
        resolve(snapshot);
      };
      this.post({ snapshot: true });
    });
  }

  /** Closes the database; the thread then ends on its own (see `stop` in embeddedWorker.ts). */
  async close(): Promise<void> {
    this.closing = true;
    this.post({ close: true });
    // A thread that failed has closed its port and is ending already.
    await this.exited;
  }
}

/**
 * What `pg` needs of a socket: connect, write, read, end. Messages written in one turn of the event
 * loop (a query's Parse, Bind, Describe, Execute and Sync) go to the database together.
 */
class DatabaseSocket extends Duplex {
  private readonly send: (bytes: Uint8Array) => void;
  private readonly ended: () => void;
  private outgoing: Buffer[] = [];
  private done = false;

  constructor(send: (bytes: Uint8Array) => void, ended: () => void) {
    super();
    this.send = send;
    this.ended = ended;
  }

  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }

  answer(bytes: Uint8Array) {
    if (!this.done && bytes.length > 0) this.push(bytes);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, written: (error?: Error | null) => void): void {
    // Terminate ('X') is this connection's own end, told to the database when the stream ends.
    if (chunk[0] !== 0x58) {
      if (this.outgoing.length === 0) process.nextTick(() => this.send(Buffer.concat(this.outgoing.splice(0))));
      this.outgoing.push(chunk);
    }
    written();
  }

  override _read(): void {}

  override _final(finished: (error?: Error | null) => void): void {
    this.finish();
    finished();
  }

  override _destroy(error: Error | null, destroyed: (error?: Error | null) => void): void {
    this.finish();
    destroyed(error);
  }

  private finish() {
    if (this.done) return;
    this.done = true;
    this.push(null);
    this.ended();
  }
}

/**
 * Names the statements of each of the pool's connections, so PostgreSQL parses and plans each once
 * per connection and then only binds and runs it: PGlite's work per statement is about 40% less so
 * (0.80 to 0.46 ms for the rate-limit upsert). The connections share PGlite's one session, so names
 * carry the connection's number, and the thread drops a connection's statements when it ends. At most
 * `perConnection` texts are named per connection (a statement whose text varies, as an IN list's
 * does, would otherwise keep adding); the rest run unnamed, as before.
 */
export function prepareStatements(pool: pg.Pool, perConnection = 200): void {
  let connections = 0;
  pool.on('connect', (client) => {
    connections += 1;
    const prefix = `k${connections}_`;
    const names = new Map<string, string>();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) => {
      // pg's two forms: (text, values) and ({ text, values, ... }); one already named is left as it is.
      const asked =
        typeof config === 'string' ? { text: config, values: Array.isArray(rest[0]) ? rest.shift() : [] } : config;
      if (asked && typeof asked === 'object' && 'text' in asked && !('name' in asked)) {
        const text = String(asked.text);
        let name = names.get(text);
        if (!name && names.size < perConnection) {
          name = `${prefix}${names.size}`;
          names.set(text, name);
        }
        if (name) return query({ ...asked, name }, ...rest);
      }
      return query(asked, ...rest);
    }) as typeof client.query;
  });
}
