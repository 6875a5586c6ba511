/** Who runs the operations command line, as every change it makes is audited. */
import { userInfo } from 'node:os';
import { UsageError } from './arguments.ts';

/** Who the operating system says runs this; a container user without a name is known by its uid. */
function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? 'unknown'}`;
  }
}

/**
 * Who did it, for the audit: the operating-system user, which a staff member cannot choose, and
 * OPS_USER (the name they give, e.g. on a shared account) beside it, never instead of it.
 */
export function actor(): string {
  const given = process.env.OPS_USER?.trim();
  const user = osUser();
  if (!given || given === user) return `ops:${user}`;
  if (!/^[\w.@-]{1,64}$/.test(given))
    throw new UsageError('OPS_USER must be a name of letters, digits, ".", "@", "_" or "-" (at most 64).');
  return `ops:${user} as ${given}`;
}
