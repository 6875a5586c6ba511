/** The database: a PostgreSQL server, or the embedded one in DATA_DIR, and whether to seed the demo borrower. */
import { resolve } from 'node:path';
import * as v from 'valibot';
import { DATA_DIR, inMemory, NODE_ENV } from './values.ts';

export const DatabaseSchema = v.pipe(
  v.object({
    NODE_ENV,
    DATABASE_URL: v.optional(
      v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// address')),
    ),
    DATA_DIR,
    // No default here: off in production, on elsewhere (below).
    SEED_DEMO: v.optional(v.picklist(['0', '1', 'true', 'false'], 'must be 1/0 or true/false')),
  }),
  v.transform((e) => ({
    database: e.DATABASE_URL
      ? { kind: 'postgres' as const, url: e.DATABASE_URL }
      : { kind: 'embedded' as const, dataDir: inMemory(e.DATA_DIR) ? 'memory://' : resolve(e.DATA_DIR) },
    /** Seed the demo borrower into an empty embedded database (off in production unless SEED_DEMO=1). */
    // The demo borrower sends real SMS through a real gateway: never by default in production.
    seedDemo: e.SEED_DEMO === undefined ? e.NODE_ENV !== 'production' : e.SEED_DEMO === '1' || e.SEED_DEMO === 'true',
  })),
);
