/** Builds the HTTP application; starting it on a port is main.ts's job, so tests can run it too. */
import { Hono } from 'hono';
import type { Config } from './config.ts';
import { notFoundPage, staticSite } from './staticSite.ts';

export function createApp(config: Pick<Config, 'siteDir'>) {
  const app = new Hono();
  app.use('*', staticSite(config.siteDir));
  const notFound = notFoundPage(config.siteDir);
  app.notFound((c) => notFound(new URL(c.req.url).pathname));
  return app;
}
