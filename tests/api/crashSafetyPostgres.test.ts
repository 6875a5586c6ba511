import { describe } from 'vitest';
import { crashSafety } from './support/crashSafety.ts';
import { ENGINES } from './support/server.ts';

// On PostgreSQL when TEST_DATABASE_URL names one (as in CI).
describe.runIf(ENGINES.includes('postgres'))('PostgreSQL', () => crashSafety('postgres'));
