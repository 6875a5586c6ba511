/** Health and the API description. */
import { API } from '../../lib/api/paths.ts';
import { ok } from '../http/respond.ts';
import { defineRoute, type RouteSpec } from '../http/routes.ts';
import { openApiDocument } from '../openapi.ts';

export function systemRoutes(allRoutes: () => RouteSpec[]) {
  return [
    defineRoute({
      method: 'get',
      path: API.health,
      operationId: 'health',
      summary: 'Liveness: a bare JSON answer (also the floor the load benchmarks compare against)',
      tag: 'System',
      auth: 'none',
      handle: (c) => ok(c, {}, 'ok'),
    }),
    defineRoute({
      method: 'get',
      path: API.openapi,
      operationId: 'openapi',
      summary: 'This API described as OpenAPI 3.1',
      tag: 'System',
      auth: 'none',
      handle: (c) => c.json(openApiDocument(allRoutes())),
    }),
  ];
}
