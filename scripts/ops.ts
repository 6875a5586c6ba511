/**
 * The operations command line for staff (product.md §10.3; issue 22): this entry gives
 * src/server/ops/run.ts the terminal (its questions, with the password not shown), the settings,
 * the database and where the staff session is kept. `npm run ops -- help` lists the commands:
 *
 *   npm run ops -- login                      e-mail, password, the e-mailed code; then, as that member:
 *   npm run ops -- leads | lead <lead_id> | approve <lead_id> --version <n> --amount … | loans | …
 *   DATA_DIR=data npm run ops -- disburse <lead_id>   on the database, for what has no route (development)
 */
// Module resolution first, so that it serves every import of the server's code below, as the server's
// own entry does (src/server/app/main.ts; src/server/app/moduleResolution.ts says why).
import '../src/server/app/moduleResolution.ts';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import type { OpenDatabase } from '../src/server/db/client.ts';

const [{ loadConfig }, { openDatabase }, { runOps }, { sessionFileOf }] = await Promise.all([
  import('../src/server/config/config.ts'),
  import('../src/server/db/client.ts'),
  import('../src/server/ops/run.ts'),
  import('../src/server/ops/savedSession.ts'),
]);

/** What is typed is echoed to stderr (stdout stays the command's), except while a secret is typed. */
let hidden = false;
const echo = new Writable({
  write(chunk, encoding, done) {
    if (!hidden) process.stderr.write(chunk, encoding);
    done();
  },
});
let terminal: ReturnType<typeof createInterface> | undefined;
/** The answers, line by line: kept when they arrive before their question (a pipe gives them at once). */
let answers: AsyncIterator<string> | undefined;

async function ask(question: string, secret: boolean): Promise<string> {
  if (!terminal || !answers) {
    terminal = createInterface({ input: process.stdin, output: echo, terminal: Boolean(process.stdin.isTTY) });
    // Ctrl-C at a question stops the command, as it does anywhere else.
    terminal.on('SIGINT', () => {
      process.stderr.write('\n');
      process.exit(130);
    });
    answers = terminal[Symbol.asyncIterator]();
  }
  // On a terminal readline redraws the prompt as keys are typed; a secret's is written here, its echo hidden.
  terminal.setPrompt(secret ? '' : question);
  if (secret || !process.stdin.isTTY) process.stderr.write(question);
  else terminal.prompt();
  hidden = secret;
  try {
    const answer = await answers.next();
    if (answer.done) throw new Error('The input ended before an answer was given.');
    return answer.value;
  } finally {
    hidden = false;
    if (secret) process.stderr.write('\n');
  }
}

let database: OpenDatabase | undefined;
try {
  process.exitCode = await runOps(process.argv.slice(2), {
    config: () => loadConfig(),
    database: async (config) => {
      database = await openDatabase(config.database);
      return database;
    },
    write: { out: (text) => console.log(text), error: (text) => console.error(text) },
    terminal: { env: process.env, ask, sessionFile: sessionFileOf(process.env) },
  });
} finally {
  terminal?.close();
  await database?.close();
}
