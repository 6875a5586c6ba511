/** Writes the API description to docs/openapi.json (a test keeps it equal to what the server serves). */
import { writeFile } from 'node:fs/promises';
import { apiRoutes } from '../src/server/app/app.ts';
import { loadConfig } from '../src/server/config/config.ts';
import { openApiDocument } from '../src/server/http/openapi.ts';

// The document describes a development server: its /__dev routes and payment sandboxes included.
const document = openApiDocument(apiRoutes(loadConfig({ NODE_ENV: 'development', OTP_SECRET: 'x'.repeat(32) })));
await writeFile('docs/openapi.json', `${JSON.stringify(document, null, 2)}\n`);
console.log(`docs/openapi.json: ${Object.keys(document.paths).length} paths`);
