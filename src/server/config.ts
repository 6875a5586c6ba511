/**
 * The server's settings, read from the environment once at start and validated, so a bad value
 * stops the start with a message naming the variable instead of failing later.
 */
import { resolve } from 'node:path';
import * as v from 'valibot';

const port = v.pipe(
  v.optional(v.string(), '4321'),
  v.regex(/^\d{1,5}$/, 'must be a port number'),
  v.transform(Number),
  v.maxValue(65_535, 'must be at most 65535'),
);

const EnvSchema = v.object({
  NODE_ENV: v.optional(
    v.picklist(['development', 'test', 'production'], 'must be development, test or production'),
    'development',
  ),
  PORT: port,
  HOST: v.optional(v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
  SITE_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), 'dist'),
});

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  /** The built static site that the server serves next to the API. */
  siteDir: string;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = v.safeParse(EnvSchema, env);
  if (!result.success) {
    const problems = result.issues.map((issue) => `  ${v.getDotPath(issue) ?? 'environment'}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const { NODE_ENV, PORT, HOST, SITE_DIR } = result.output;
  return { env: NODE_ENV, port: PORT, host: HOST, siteDir: resolve(SITE_DIR) };
}
