/**
 * What a command of the operations command line works with: on the database, the open database and
 * the settings; on the server, the staff API as the signed-in member; and where it prints.
 */
import type { Config } from '../config/config.ts';
import type { OpenDatabase } from '../db/client.ts';
import type { StaffServer } from './staffServer.ts';

/** Where the output goes: the terminal's stdout and stderr (scripts/ops.ts), or a test's capture. */
export interface OpsWrite {
  /** One printed block, as console.log prints it (a line break after it). */
  out(text: string): void;
  /** One error message, as console.error prints it; also the first line and notes, so --json stays clean. */
  error(text: string): void;
}

export interface OpsContext {
  database: OpenDatabase;
  config: Config;
  write: OpsWrite;
}

export interface OpsServerContext {
  server: StaffServer;
  write: OpsWrite;
  /** --json: the route's Data on stdout as JSON, for scripts; what is said about it goes to stderr. */
  json: boolean;
}
