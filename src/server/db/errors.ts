/**
 * What a failed statement may tell beyond its caller. pg's DatabaseError (both engines answer
 * through pg) carries the PostgreSQL code and the constraint, table and column; its message and
 * detail may quote the values ('Key (pancard)=(…) already exists', 'date/time field value out of
 * range: "…"'), and drizzle wraps it in an error whose message is the SQL and its parameters.
 */
export interface DatabaseFailure {
  code: string;
  constraint?: string | undefined;
  table?: string | undefined;
  column?: string | undefined;
}

/** The PostgreSQL fields of a database error, however the drivers wrap it (as `cause`); else undefined. */
export function databaseFailure(error: unknown): DatabaseFailure | undefined {
  let current = error;
  // A bounded walk: a cause chain could loop.
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const e = current as { code?: unknown; severity?: unknown; constraint?: string; table?: string; column?: string };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string') {
      return { code: e.code, constraint: e.constraint, table: e.table, column: e.column };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** PostgreSQL's unique_violation (23505), on `constraint` when given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const failure = databaseFailure(error);
  return failure?.code === '23505' && (constraint === undefined || failure.constraint === constraint);
}

/** A data exception (class 22: a value out of range, too long, of the wrong form): the input's fault. */
export const isDataException = (error: unknown) => databaseFailure(error)?.code.startsWith('22') ?? false;

/**
 * A serialization failure (40001) or a deadlock (40P01): PostgreSQL aborted one side of a race, and
 * the same work may succeed when run again.
 */
export const isTransientConflict = (error: unknown) => {
  const code = databaseFailure(error)?.code;
  return code === '40001' || code === '40P01';
};
