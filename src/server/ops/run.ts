/**
 * The operations command line for staff (product.md §10.3), run on given settings, database and output:
 * scripts/ops.ts gives it the terminal's, a test its own. Every change is recorded with who and when.
 */
import { terminalLines, terminalSafe } from '../../lib/terminalText.ts';
import { LifecycleConflict, StaffError } from '../application/staff.ts';
import { type Config, ConfigError } from '../config.ts';
import type { OpenDatabase } from '../db/client.ts';
import { actor } from './actor.ts';
import { leadIdOf, UsageError } from './arguments.ts';
import { decideLead, decisionArguments, disburse, listLeads, showLead } from './commands/leads.ts';
import { collect, collectArguments, listLoans, listRefunds, showLoan } from './commands/loans.ts';
import { addStaff, staffArguments } from './commands/staff.ts';
import type { OpsContext, OpsWrite } from './context.ts';

const USAGE = `Usage: npm run ops -- <command>

  loans                                         every loan with its dues today
  loan <loan_no>                                one loan: dues and collections
  collect <loan_no> <amount> --ref <reference>  record an offline bank transfer (amount in rupees)
  refunds                                       every payment with money to refund (beyond the dues, or held)
  leads                                         every loan application
  lead <lead_id> [--json]                       one application: quote, KFS (every statement), documents, bank, decision
                                                (--json: the stored record, for scripts)
  approve <lead_id> --version <n> --amount <rupees> --tenure <days> --roi <% a day> [--manager <name>]
  send-back <lead_id> --version <n> --reason <text> [--step quote|employment|documents|bank]
                                                the customer changes what is asked and submits again
  reject <lead_id> --version <n> --reason <text>
                                                (--version: the one \`lead\` showed; a decision on an older one is refused)
  disburse <lead_id>                            an accepted application becomes a loan (not in
                                                production: there two finance members do it in /staff/)
  staff-add <email> --name <name> --roles admin[,credit,…] [--mobile <mobile>]
                                                a staff member (the first admin in production); the
                                                password from NEW_STAFF_PASSWORD`;

/** Each command with what runs it; `json` is --json, which only `lead` takes. */
const COMMANDS: Record<string, (ops: OpsContext, args: string[], json: boolean) => Promise<void>> = {
  loans: (ops) => listLoans(ops),
  loan: (ops, args) => showLoan(ops, args[0]),
  collect: (ops, args) => collect(ops, args),
  refunds: (ops) => listRefunds(ops),
  leads: (ops) => listLeads(ops),
  lead: (ops, args, json) => showLead(ops, args[0], json),
  approve: (ops, args) => decideLead(ops, 'approve', args),
  reject: (ops, args) => decideLead(ops, 'reject', args),
  'send-back': (ops, args) => decideLead(ops, 'send-back', args),
  disburse: (ops, args) => disburse(ops, args[0]),
  'staff-add': (ops, args) => addStaff(ops, args),
};

/**
 * The settings and the database are asked for only once what was typed is right, so a typing mistake
 * (or help) is answered without reading either; the caller closes the database it opened.
 */
export interface OpsSetup {
  config: () => Config;
  database: (config: Config) => Promise<OpenDatabase>;
  write: OpsWrite;
}

/** Runs `npm run ops -- <args>`: 0 when done, 2 for a mistake in what was typed or asked, 1 for any other failure. */
export async function runOps(given: string[], setup: OpsSetup): Promise<number> {
  const { write } = setup;
  const [command, ...rest] = given;
  /** --json (the stored record, for scripts) goes with `lead`; everything else is positional or an option. */
  const json = rest.includes('--json');
  const args = rest.filter((arg) => arg !== '--json');
  try {
    if (!command || command === 'help' || command === '--help') {
      write.out(USAGE);
      return command ? 0 : 2;
    }
    const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
    if (!run) throw new UsageError(`${terminalSafe`Unknown command "${command}".`}\n\n${USAGE}`);
    // Typing mistakes are answered before the database is opened: nothing is read or written for them.
    if (command === 'collect') collectArguments(args);
    if (command === 'approve' || command === 'reject' || command === 'send-back') decisionArguments(command, args);
    if (command === 'lead' || command === 'disburse') leadIdOf(args[0]);
    if (command === 'staff-add') staffArguments(args);
    if (json && command !== 'lead') throw new UsageError('--json goes with: npm run ops -- lead <lead_id> --json');
    actor();
    const config = setup.config();
    const database = await setup.database(config);
    await run({ database, config, write }, args, json);
    return 0;
  } catch (error) {
    // Messages can quote what was typed or stored (a reference, a database error): escaped too.
    write.error(
      terminalLines(
        error instanceof UsageError || error instanceof ConfigError
          ? error.message
          : `Error: ${(error as Error).message}`,
      ),
    );
    return error instanceof UsageError || error instanceof StaffError || error instanceof LifecycleConflict ? 2 : 1;
  }
}
