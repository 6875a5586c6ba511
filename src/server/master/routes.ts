/** Placeholder until the master data lands. */
import type { RouteSpec } from '../http/routes.ts';

export const masterRoutes: RouteSpec[] = [];
