import { describe } from 'vitest';
import { crashSafety } from './support/crashSafety.ts';
import { EVERY_ENGINE } from './support/server.ts';

// On PostgreSQL when TEST_DATABASE_URL names one (as in CI).
describe.runIf(EVERY_ENGINE.includes('postgres'))('PostgreSQL', () => crashSafety('postgres'));
