/**
 * The operations command line for staff (product.md §10.3; issue 22). It talks to the running server
 * as a signed-in staff member, through the same staff routes, roles and four-eyes checks as the
 * console; or, where the database is named (--database, DATA_DIR, DATABASE_URL) and no staff session
 * is given, to that database directly, as before: the only way for the commands the API has no route
 * for yet. Its first line (stderr) always says which server, as whom, or which database.
 */

import { STAFF_API } from '../../lib/api/staffPaths.ts';
import { terminalLines, terminalSafe } from '../../lib/terminalText.ts';
import { LifecycleConflict, StaffError } from '../application/staff.ts';
import { type Config, ConfigError } from '../config/config.ts';
import type { OpenDatabase } from '../db/client.ts';
import { actor } from './actor.ts';
import { leadIdOf, UsageError } from './arguments.ts';
import { collectOnServer, listLoansOnServer, showLoanOnServer } from './commands/accounts.ts';
import {
  approveDisbursalOnServer,
  decideOnServer,
  listApplications,
  listDisbursals,
  requestDisbursalOnServer,
  showApplication,
} from './commands/applications.ts';
import { bureauArguments, bureauFileOnServer } from './commands/bureau.ts';
import {
  consentsArguments,
  consentsOnServer,
  privacyCloseArguments,
  privacyCloseOnServer,
  privacyRequestsOnServer,
} from './commands/consents.ts';
import { runDayArguments, runDayOnServer } from './commands/jobs.ts';
import { decideLead, decisionArguments, disburse, listLeads, showLead } from './commands/leads.ts';
import { collect, collectArguments, listLoans, listRefunds, showLoan } from './commands/loans.ts';
import { approveRefundOnServer, listRefundsOnServer, requestRefundOnServer } from './commands/refunds.ts';
import { type Ask, login, logout, whoAmI } from './commands/signIn.ts';
import { addFirstAdmin, staffArguments } from './commands/staff.ts';
import {
  addStaffOnServer,
  answerComplaintOnServer,
  listComplaints,
  listStaff,
  updateStaffOnServer,
} from './commands/team.ts';
import type { OpsContext, OpsServerContext, OpsWrite } from './context.ts';
import { savedSessionFor } from './savedSession.ts';
import { ServerRefused, StaffServer, serverAddress } from './staffServer.ts';
import { databaseInWords, databaseNamed, refuseEmptyFolder } from './target.ts';

const USAGE = `Usage: npm run ops -- <command> [--server <url>] [--token <staff token>] [--database <url or folder>] [--json]

On the server (as the signed-in staff member, with their roles):
  login [--email <email>]                       sign in: e-mail, password (not shown), the e-mailed code
  logout | whoami                               end the session | who it is
  leads [--newest]                              applications waiting for a decision (credit)
  lead <lead_id>                                one application as submitted (credit, finance)
  approve <lead_id> --version <n> --amount <rupees> --tenure <days> --roi <% a day>
  send-back <lead_id> --version <n> --reason <text> [--step quote|employment|documents|bank]
  reject <lead_id> --version <n> --reason <text>
                                                (credit; --version: the one \`lead\` showed)
  disbursals [--newest]                         accepted applications and requests to approve (finance)
  request-disbursal <lead_id> --version <n> --ref <payout reference>
  approve-disbursal <request_id>                another finance member's request: the loan is made
  refunds [--newest]                            money to refund and refund requests to approve (finance)
  request-refund <collection_id> <amount> --ref <transfer reference>
  approve-refund <request_id>                   another finance member's request: recorded as paid
  bureau-file --as-of <YYYY-MM-DD> [--out <file or folder>]
                                                the credit information file as on a reporting date,
                                                saved here (0600; default ./bureau-files/) (finance)
  run-day --date <YYYY-MM-DD>                   development only: run every scheduled job of that day now
                                                (end of day, notices, reminders, …), the clock moved to 10:00
  loans [--bucket current|1-30|31-60|61-90|90+] active loans by days past due
  loan <loan_no>                                one loan: dues, payments, contact notes
  collect <loan_no> <amount> --ref <reference>  record an offline bank transfer (rupees; collections)
  staff | staff-add <email> --name <name> --roles credit[,…] [--mobile <mobile>]
  staff-update <email> [--roles …] [--disable | --enable]
                                                (admin; the new member's password from NEW_STAFF_PASSWORD)
  complaints | answer-complaint <complaint_id> --answer <text> [--resolved]   (support)
  consents --customer <mobile>                  what the customer agreed to (each consent's time, text
                                                version, address, user agent) and their requests (support, credit)
  privacy-requests                              data deletion requests waiting for staff (support, admin)
  privacy-close <request> --outcome erased|kept --note <text>
                                                close one (PR-000012 or 12): erased (what the law lets us
                                                erase was erased) or kept (the reason); the customer
                                                reads the outcome and the note (support, admin)
  --json                                        the route's data as JSON on stdout, for scripts

On the database (--database, or DATA_DIR / DATABASE_URL as the server has them, and no staff session):
  disburse <lead_id>                            one person's disbursal (not in production)
  staff-add …                                   the first admin, while there is none
  leads, lead <lead_id> [--json], loans, loan, collect, refunds, approve, send-back, reject
                                                as before, audited as the operating-system user
                                                (in production only reads: changes go through the server)`;

type DatabaseRun = (ops: OpsContext, args: string[], json: boolean) => Promise<void>;
type ServerRun = (ops: OpsServerContext, args: string[]) => Promise<void>;

interface Command {
  server?: ServerRun;
  database?: DatabaseRun;
  /** Checks what was typed, before anything is opened or asked. */
  check?: (args: string[]) => unknown;
  /** A change on the database: refused there in production (with this message), where staff sign in. */
  changes?: string;
}

const SIGNED_IN_ONLY =
  'In production, changes are made on the server as a signed-in staff member: npm run ops -- login.';

const COMMANDS: Record<string, Command> = {
  leads: { server: listApplications, database: (ops) => listLeads(ops) },
  lead: {
    server: (ops, args) => showApplication(ops, args[0]),
    database: (ops, args, json) => showLead(ops, args[0], json),
    check: (args) => leadIdOf(args[0]),
  },
  approve: {
    server: (ops, args) => decideOnServer(ops, 'approve', args),
    database: (ops, args) => decideLead(ops, 'approve', args),
    check: (args) => decisionArguments('approve', args),
    changes: SIGNED_IN_ONLY,
  },
  'send-back': {
    server: (ops, args) => decideOnServer(ops, 'send-back', args),
    database: (ops, args) => decideLead(ops, 'send-back', args),
    check: (args) => decisionArguments('send-back', args),
    changes: SIGNED_IN_ONLY,
  },
  reject: {
    server: (ops, args) => decideOnServer(ops, 'reject', args),
    database: (ops, args) => decideLead(ops, 'reject', args),
    check: (args) => decisionArguments('reject', args),
    changes: SIGNED_IN_ONLY,
  },
  disbursals: { server: listDisbursals },
  'request-disbursal': { server: requestDisbursalOnServer },
  'approve-disbursal': { server: approveDisbursalOnServer },
  disburse: {
    database: (ops, args) => disburse(ops, args[0]),
    check: (args) => leadIdOf(args[0]),
    changes:
      'In production a disbursal needs two finance members: one requests it and another approves it (npm run ops -- request-disbursal, approve-disbursal, signed in; or /staff/).',
  },
  loans: { server: listLoansOnServer, database: (ops) => listLoans(ops) },
  loan: { server: (ops, args) => showLoanOnServer(ops, args[0]), database: (ops, args) => showLoan(ops, args[0]) },
  collect: { server: collectOnServer, database: collect, check: collectArguments, changes: SIGNED_IN_ONLY },
  refunds: { server: listRefundsOnServer, database: (ops) => listRefunds(ops) },
  'request-refund': { server: requestRefundOnServer },
  'approve-refund': { server: approveRefundOnServer },
  'bureau-file': { server: bureauFileOnServer, check: bureauArguments },
  'run-day': { server: runDayOnServer, check: runDayArguments },
  staff: { server: (ops) => listStaff(ops) },
  'staff-add': { server: addStaffOnServer, database: addFirstAdmin, check: staffArguments },
  'staff-update': { server: updateStaffOnServer },
  complaints: { server: (ops) => listComplaints(ops) },
  consents: { server: consentsOnServer, check: consentsArguments },
  'privacy-requests': { server: (ops) => privacyRequestsOnServer(ops) },
  'privacy-close': { server: privacyCloseOnServer, check: privacyCloseArguments },
  'answer-complaint': { server: answerComplaintOnServer },
  whoami: { server: (ops) => whoAmI(ops) },
};

/** The terminal's side of signing in: its environment, its questions, where the session is kept. */
export interface OpsTerminal {
  /** OPS_SERVER, OPS_STAFF_TOKEN, PORT, DATA_DIR, DATABASE_URL. */
  env: Record<string, string | undefined>;
  ask: Ask;
  sessionFile: string;
}

/**
 * The settings and the database are asked for only once what was typed is right, so a typing mistake
 * (or help) is answered without reading either; the caller closes the database it opened. Without
 * `terminal` (a test with a database of its own) the commands run on that database.
 */
export interface OpsSetup {
  config: () => Config;
  database: (config: Config) => Promise<OpenDatabase>;
  write: OpsWrite;
  terminal?: OpsTerminal;
}

/** Takes `--name <value>` out of the arguments wherever it is; undefined when it is not there. */
function takeOption(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return undefined;
  const [, value] = args.splice(at, 2);
  if (value === undefined) throw new UsageError(`--${name} needs a value.`);
  return value;
}

/** Runs `npm run ops -- <args>`: 0 when done, 2 for a mistake in what was typed or a refusal, 1 for any other failure. */
export async function runOps(given: string[], setup: OpsSetup): Promise<number> {
  const { write, terminal } = setup;
  const [command, ...rest] = given;
  const json = rest.includes('--json');
  const args = rest.filter((arg) => arg !== '--json');
  try {
    if (!command || command === 'help' || command === '--help') {
      write.out(USAGE);
      return command ? 0 : 2;
    }
    const serverGiven = takeOption(args, 'server');
    const tokenGiven = takeOption(args, 'token');
    const databaseGiven = takeOption(args, 'database');
    if (command === 'login' || command === 'logout') {
      if (!terminal) throw new UsageError(`${command} is for the terminal.`);
      const address = serverAddress(serverGiven, terminal.env);
      write.error(`Talking to the server at ${address.origin} to sign ${command === 'login' ? 'in' : 'out'}.`);
      if (command === 'login') {
        await login({ address, ask: terminal.ask, sessionFile: terminal.sessionFile, write }, args);
        return 0;
      }
      const saved = await savedSessionFor(terminal.sessionFile, address.origin);
      const token = tokenGiven ?? (terminal.env.OPS_STAFF_TOKEN || saved?.token);
      if (!token) throw new UsageError(`There is no session for ${address.origin} to end.`);
      await logout({ server: new StaffServer(address, token), write, json }, saved ? terminal.sessionFile : undefined);
      return 0;
    }
    const found = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
    if (!found) throw new UsageError(`${terminalSafe`Unknown command "${command}".`}\n\n${USAGE}`);
    // Typing mistakes are answered before anything is opened or asked.
    found.check?.(args);

    const onServer = await chooseServer(found, { serverGiven, tokenGiven, databaseGiven }, terminal);
    if (onServer) {
      const { address, token } = onServer;
      if (!token)
        throw new UsageError(
          `Sign in first: npm run ops -- login${serverGiven ? ` --server ${address.origin}` : ''} (or give a staff token: --token, OPS_STAFF_TOKEN).`,
        );
      const server = new StaffServer(address, token);
      let me: { name: string; roles: string[] };
      try {
        me = (await server.call<{ name: string; roles: string[] }>(STAFF_API.me)).data;
      } catch (error) {
        write.error(`Talking to the server at ${address.origin}.`);
        throw error;
      }
      write.error(terminalSafe`Talking to the server at ${address.origin} as ${me.name} (${me.roles.join(', ')}).`);
      await (found.server as ServerRun)({ server, write, json }, args);
      return 0;
    }

    const run = found.database as DatabaseRun;
    if (json && command !== 'lead')
      throw new UsageError('On the database, --json goes with: npm run ops -- lead <lead_id> --json');
    const config = setup.config();
    const settings = databaseGiven ? databaseNamed(databaseGiven) : config.database;
    if (config.env === 'production' && found.changes) throw new UsageError(found.changes);
    refuseEmptyFolder(settings);
    const who = actor();
    // `lead --json` prints the stored record alone, as scripts (and streams read together) expect.
    if (!json)
      write.error(`Talking to ${databaseInWords(settings)}, without a staff sign-in: changes are audited as ${who}.`);
    const database = await setup.database({ ...config, database: settings });
    await run({ database, config, write }, args, json);
    return 0;
  } catch (error) {
    // Messages can quote what was typed or stored (a reference, a database error): escaped too.
    write.error(
      terminalLines(
        error instanceof UsageError || error instanceof ConfigError || error instanceof ServerRefused
          ? error.message
          : `Error: ${(error as Error).message}`,
      ),
    );
    return error instanceof UsageError ||
      error instanceof ServerRefused ||
      error instanceof StaffError ||
      error instanceof LifecycleConflict
      ? 2
      : 1;
  }
}

/**
 * Where a command runs: the server, with the staff token to use (undefined: none yet), or the
 * database (null). A command on one side only goes there; one on both goes to the database only
 * when it is named (--database wins; DATA_DIR or DATABASE_URL only without a staff session given).
 */
async function chooseServer(
  command: Command,
  given: { serverGiven: string | undefined; tokenGiven: string | undefined; databaseGiven: string | undefined },
  terminal: OpsTerminal | undefined,
): Promise<{ address: URL; token: string | undefined } | null> {
  if (!terminal) {
    if (command.database) return null;
    throw new UsageError('This command goes through the server as a signed-in staff member.');
  }
  const { env } = terminal;
  const databaseAsked = given.databaseGiven !== undefined || Boolean(env.DATA_DIR || env.DATABASE_URL);
  if (!command.server) {
    if (databaseAsked) return null;
    throw new UsageError(
      'This command has no staff API route yet: it runs on the database, named with --database <postgres:// address or folder> (or DATA_DIR / DATABASE_URL as the server has them).',
    );
  }
  if (given.databaseGiven !== undefined) {
    if (command.database) return null;
    throw new UsageError(
      'This command goes through the server as a signed-in staff member: --database is for the commands without a route.',
    );
  }
  const address = serverAddress(given.serverGiven, env);
  const saved = await savedSessionFor(terminal.sessionFile, address.origin);
  const token = given.tokenGiven ?? (env.OPS_STAFF_TOKEN || saved?.token);
  const serverAsked = token !== undefined || given.serverGiven !== undefined || Boolean(env.OPS_SERVER);
  if (command.database && databaseAsked && !serverAsked) return null;
  return { address, token };
}
