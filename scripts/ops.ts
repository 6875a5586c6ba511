/**
 * The operations command line for staff (product.md §10.3), on the same database settings as the
 * server: this entry gives src/server/ops/run.ts the terminal, the settings and the database.
 *
 *   npm run ops -- loans
 *   npm run ops -- loan <loan_no>
 *   npm run ops -- collect <loan_no> <amount in rupees> --ref <bank reference>
 *   npm run ops -- refunds
 *   npm run ops -- leads | lead <lead_id> [--json]
 *   npm run ops -- approve <lead_id> --amount <rupees> --tenure <days> --roi <% a day> [--manager <name>]
 *   npm run ops -- reject <lead_id> --reason <text>
 *   npm run ops -- disburse <lead_id>
 */
import { loadConfig } from '../src/server/config.ts';
import { type OpenDatabase, openDatabase } from '../src/server/db/client.ts';
import { runOps } from '../src/server/ops/run.ts';

let database: OpenDatabase | undefined;
try {
  process.exitCode = await runOps(process.argv.slice(2), {
    config: () => loadConfig(),
    database: async (config) => {
      database = await openDatabase(config.database);
      return database;
    },
    write: { out: (text) => console.log(text), error: (text) => console.error(text) },
  });
} finally {
  await database?.close();
}
