/**
 * The embedded database's own thread. It owns the PGlite instance (PostgreSQL compiled to
 * WebAssembly) and speaks PostgreSQL's wire protocol with the server thread, as a PostgreSQL server
 * does over its sockets: PostgreSQL's work, most of a request's time, then runs beside the server's
 * JavaScript instead of between it.
 *
 * PGlite has one session; the server's connections share it. Each message from a connection (a
 * query's Parse, Bind, Execute and Sync, say) runs whole before the next starts, and a connection
 * that leaves a transaction open has the session to itself until it ends it: the others' messages
 * wait, as they would for row locks on a server, and nothing of theirs runs inside its transaction.
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** From the server thread: a connection's protocol bytes or its end, a snapshot wanted, or closing the database. */
export type ToDatabase =
  | { connection: number; bytes: Uint8Array }
  | { connection: number; end: true }
  | { snapshot: true }
  | { close: true };
/** To the server thread: open, a connection's answer, a snapshot, or failed with a reason. */
export type FromDatabase =
  | { ready: true }
  | { connection: number; bytes: Uint8Array }
  | { snapshot: Uint8Array }
  | { failed: string };
type Queued = Exclude<ToDatabase, { close: true }>;

/** Where the thread's database lives: a data folder, or memory (empty, or started from a snapshot). */
export interface EmbeddedPlace {
  dataDir?: string;
  /** A snapshot of a database in memory (`snapshot` below), to start from instead of an empty one. */
  startFrom?: Uint8Array;
}

if (!parentPort) throw new Error('embeddedWorker.ts runs as a worker thread');
const port: MessagePort = parentPort;
const send = (message: FromDatabase, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

// A data folder, or none for a database in memory that lives as long as the thread.
const place = workerData as EmbeddedPlace;
// (The options form: PGlite ignores a second argument when the first, the folder, is undefined.)
const database = new PGlite({
  ...(place.dataDir && { dataDir: place.dataDir }),
  ...(place.startFrom && { loadDataDir: new Blob([place.startFrom as Uint8Array<ArrayBuffer>]) }),
});
const opened = await database.waitReady.then(
  () => true,
  (error: unknown) => {
    stop(error);
    return false;
  },
);

const waiting: Queued[] = [];
/** Each connection's named prepared statements, dropped when it ends (see prepareStatements in embedded.ts). */
const statements = new Map<number, Set<string>>();
/** The connection whose transaction is open: only its messages run until it ends. */
let owner: number | undefined;
let running = false;
let closing = false;

async function runWaiting() {
  for (;;) {
    const index =
      owner === undefined ? 0 : waiting.findIndex((message) => 'connection' in message && message.connection === owner);
    const [message] = index < 0 ? [] : waiting.splice(index, 1);
    if (!message) return;
    if ('snapshot' in message) {
      // Between two connections' messages and outside every transaction: a consistent copy (a template).
      // Written out first: the archive holds the data files, not what only the write-ahead log has yet.
      await database.exec('checkpoint');
      const snapshot = new Uint8Array(await (await database.dumpDataDir('none')).arrayBuffer());
      send({ snapshot }, [snapshot.buffer as ArrayBuffer]);
      continue;
    }
    if ('end' in message) {
      // A connection gone mid-transaction (a client that failed) leaves nothing half-done behind.
      if (owner === message.connection) {
        await database.exec('rollback');
        owner = undefined;
      }
      // Its prepared statements live in the shared session: they go with it.
      // One whose Parse failed was never made: nothing to drop, and no reason to stop.
      for (const name of statements.get(message.connection) ?? []) {
        await database.exec(`deallocate "${name}"`).catch(() => undefined);
      }
      statements.delete(message.connection);
      for (let i = waiting.length - 1; i >= 0; i -= 1) {
        const queued = waiting[i];
        if (queued && 'connection' in queued && queued.connection === message.connection) waiting.splice(i, 1);
      }
      continue;
    }
    notePreparedStatements(message.connection, message.bytes);
    const answer = await run(message.bytes);
    owner = database.isInTransaction() ? message.connection : undefined;
    send({ connection: message.connection, bytes: answer }, [answer.buffer as ArrayBuffer]);
  }
}

/** Records the statement names a connection's Parse messages ('P', length, name, query, ...) prepare. */
function notePreparedStatements(connection: number, bytes: Uint8Array) {
  // A startup packet has no type byte, and prepares nothing.
  if (bytes[0] === 0) return;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at + 5 <= bytes.length; at += 1 + view.getInt32(at + 1)) {
    if (bytes[at] !== 0x50 || bytes[at + 5] === 0) continue;
    const name = Buffer.from(bytes.subarray(at + 5, bytes.indexOf(0, at + 5))).toString('utf8');
    const names = statements.get(connection) ?? new Set<string>();
    statements.set(connection, names.add(name));
  }
}

/**
 * Runs a connection's messages and answers PostgreSQL's reply bytes, in a buffer of their own to hand
 * to the server thread. `execProtocolRaw` would also parse every reply into objects and keep them in a
 * list that only PGlite's own query methods empty: about half a kilobyte per statement, never freed, so
 * the thread's heap grew by hundreds of megabytes under load and its garbage collection paused every
 * connection for 200 ms and more. The stream form hands over the bytes as they are written, unparsed.
 */
async function run(bytes: Uint8Array): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  // Each chunk is a view into PGlite's memory, valid only during the call: copied at once.
  await database.execProtocolRawStream(bytes, { onRawData: (chunk) => chunks.push(chunk.slice()) });
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  // Not Buffer.concat: a small result would sit in Node's shared buffer pool, which must not be handed over.
  const answer = new Uint8Array(chunks.reduce((length, chunk) => length + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    answer.set(chunk, offset);
    offset += chunk.length;
  }
  return answer;
}

/**
 * Ends the thread the way a program ends, by running out of work: closing its port leaves its event
 * loop empty. `worker.terminate()` and `process.exit()` stop it mid-step instead, and stopping a thread
 * that runs WebAssembly that way has crashed whole processes (nodejs/node#47748).
 */
function stop(error?: unknown) {
  if (error !== undefined) {
    // A failure of the engine itself (an SQL error is an answer, not this), with its reason.
    send({ failed: (error as Error).message });
    process.exitCode = 1;
  }
  port.close();
}

function receive(message: ToDatabase) {
  if ('close' in message) {
    closing = true;
    if (!running) database.close().then(() => stop(), stop);
    return;
  }
  waiting.push(message);
  if (running) return;
  running = true;
  runWaiting()
    .then(async () => {
      running = false;
      if (closing) await database.close().then(() => stop());
    })
    .catch(stop);
}

if (opened) {
  port.on('message', receive);
  send({ ready: true });
}
