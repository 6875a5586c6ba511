/**
 * Structured JSON logs, one object per line. Callers pass only what is safe to keep: never a
 * one-time code, a token, a PAN or an Aadhaar number (request bodies are never logged).
 */
import { maskAadhaarInText } from '../../lib/aadhaar.ts';
import { databaseFailure } from '../db/errors.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

export type LogSink = (line: string) => void;

/**
 * 'json' for log collectors (production, the container); 'text' for a person at a terminal
 * (`npm start`): the same entries, one readable line each.
 */
export type LogFormat = 'json' | 'text';

/** 10:04:05 warn  OTP_SECRET is not set: …  key=value … */
export function textLine(entry: Record<string, unknown>): string {
  const { time, level, msg, ...fields } = entry;
  const clock = typeof time === 'string' ? time.slice(11, 19) : '';
  const rest = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  return `${clock} ${String(level).padEnd(5)} ${String(msg)}${rest ? `  ${rest}` : ''}`;
}

export function createLogger(
  level: LogLevel | 'silent',
  sink: LogSink = (line) => process.stdout.write(`${line}\n`),
  base: Record<string, unknown> = {},
  format: LogFormat = 'json',
): Logger {
  const write = (at: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[at] < ORDER[level]) return;
    const entry = { time: new Date().toISOString(), level: at, msg, ...base, ...fields };
    // A whole Aadhaar number never reaches the sink, even inside an error's detail (KYC rules).
    sink(maskAadhaarInText(format === 'text' ? textLine(entry) : JSON.stringify(entry)));
  };
  return {
    debug: (msg, fields) => write('debug', msg, fields),
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, fields) => write('error', msg, fields),
    child: (fields) => createLogger(level, sink, { ...base, ...fields }, format),
  };
}

/**
 * An error as it may be logged: its class and where it was thrown. A database error gives its
 * PostgreSQL code, constraint, table and column, never its message: drizzle's is the SQL with its
 * parameters and pg's may quote the values (an e-mail, a date of birth, a PAN).
 */
export function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: typeof error };
  // The stack's frames only: its first lines repeat the message.
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .map((line) => line.trim());
  const database = databaseFailure(error);
  if (database) {
    return {
      error: error.name,
      db_code: database.code,
      constraint: database.constraint,
      table: database.table,
      column: database.column,
      frames,
    };
  }
  return { error: error.name, detail: error.message, frames };
}
