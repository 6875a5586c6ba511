/** Writes the API description to docs/openapi.json (a test keeps it equal to what the server serves). */
import { writeFile } from 'node:fs/promises';
import { apiRoutes } from '../src/server/app.ts';
import { openApiDocument } from '../src/server/openapi.ts';

// The document describes the development build, with its /__dev routes marked as such.
const document = openApiDocument(apiRoutes(false));
await writeFile('docs/openapi.json', `${JSON.stringify(document, null, 2)}\n`);
console.log(`docs/openapi.json: ${Object.keys(document.paths).length} paths`);
