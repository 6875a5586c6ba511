import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/lib/api/paths.ts';
import { ENGINE, startServer, type TestServer } from './support/server.ts';

describe('the OpenAPI document', () => {
  let server: TestServer;
  // biome-ignore lint/suspicious/noExplicitAny: the document is walked generically
  let document: any;
  beforeAll(async () => {
    server = await startServer(ENGINE);
    document = (await server.get(API.openapi)).body;
  });
  afterAll(() => server.close());

  it('is served at a stable path and equals docs/openapi.json (run `npm run openapi` after changing a route)', async () => {
    const committed = JSON.parse(await readFile('docs/openapi.json', 'utf8'));
    expect(document.openapi).toBe('3.1.0');
    expect(document).toEqual(committed);
  });

  it('uses the specification names as operationIds, each once', () => {
    const operations = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods as Record<string, { operationId: string }>).map((op) => op.operationId),
    );
    expect(new Set(operations).size).toBe(operations.length);
    expect(operations).toEqual(expect.arrayContaining(['appCustomerRegisteration', 'getUser', 'contactUs']));
    expect(document.paths[API.registration].post.operationId).toBe('appCustomerRegisteration');
  });

  it('describes only routes the running server answers, with the documented envelope', async () => {
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const method of Object.keys(methods as object)) {
        const response = await fetch(`${server.url}${path}`, {
          method: method.toUpperCase(),
          headers: { 'Content-Type': 'application/json', Auth: 'kosh-web' },
          ...(method === 'post' && { body: '{}' }),
        });
        expect(response.status, `${method.toUpperCase()} ${path}`).not.toBe(405);
        if (!response.headers.get('content-type')?.includes('application/json')) continue;
        const body = await response.json();
        // Not the app's "no such route" answer: the route exists and answered for itself.
        expect(body.error, `${method.toUpperCase()} ${path}`).not.toBe('not_found');
        // The document itself, the outbox and the sandboxed provider APIs answer plain JSON.
        if (path.startsWith('/Api/') && path !== API.openapi) {
          expect(Object.keys(body)).toEqual(expect.arrayContaining(['Status', 'Message', 'Data']));
        }
      }
    }
  });

  it("names every operation's answer: the schema of its Data, the file it sends, its own format or its redirect", () => {
    const unnamed: string[] = [];
    for (const methods of Object.values(document.paths)) {
      // biome-ignore lint/suspicious/noExplicitAny: the document is walked generically
      for (const operation of Object.values(methods as Record<string, any>)) {
        const redirect = operation.responses[303] ?? operation.responses[307];
        if (redirect) {
          if (!redirect.headers?.Location) unnamed.push(operation.operationId);
          continue;
        }
        const [mediaType, content] = Object.entries(operation.responses[200].content)[0] as [string, typeof operation];
        const generic = JSON.stringify({ type: 'object' });
        const named =
          mediaType !== 'application/json'
            ? content.schema.format === 'binary'
            : content.schema.properties?.Data
              ? JSON.stringify(content.schema.properties.Data) !== generic
              : JSON.stringify(content.schema) !== generic && content.schema.format !== 'binary';
        if (!named) unnamed.push(operation.operationId);
      }
    }
    expect(unnamed).toEqual([]);
  });

  it('an undocumented API path gets the 404 envelope', async () => {
    const reply = await server.post('/Api/NoSuchThing', {});
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ Status: 0, error: 'not_found' });
  });
});
