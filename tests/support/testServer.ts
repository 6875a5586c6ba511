/**
 * A browser-test server (playwright.config.ts): the product's server as `npm start` runs it, on a new
 * database of its own on the run's PostgreSQL server when E2E_DATABASE names one and the run has one.
 * The database is made here, in the server's own process, and not when the config is read: other
 * tools read the config too (knip, every Playwright worker), and one of them dropping the database
 * would cut the running server's connections.
 */
import { freshServerDatabase } from './serverDatabase.ts';

const name = process.env.E2E_DATABASE;
const url = name ? await freshServerDatabase(name) : undefined;
if (url) process.env.DATABASE_URL = url;
await import('../../src/server/app/main.ts');
