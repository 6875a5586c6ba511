/** What a command of the operations command line works with: the open database, the settings, and where it prints. */
import type { Config } from '../config.ts';
import type { OpenDatabase } from '../db/client.ts';

/** Where the output goes: the terminal's stdout and stderr (scripts/ops.ts), or a test's capture. */
export interface OpsWrite {
  /** One printed block, as console.log prints it (a line break after it). */
  out(text: string): void;
  /** One error message, as console.error prints it. */
  error(text: string): void;
}

export interface OpsContext {
  database: OpenDatabase;
  config: Config;
  write: OpsWrite;
}
