/** Reading a JSON body against a valibot schema, with a clear 4xx for every way it can be wrong. */
import type { Context } from 'hono';
import * as v from 'valibot';
import { ApiError } from './respond.ts';

export async function readJson(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().includes('application/json')) {
    throw new ApiError(415, 'Send the request as JSON (Content-Type: application/json).', 'unsupported_media_type');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await c.req.text());
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON.', 'invalid_json');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ApiError(400, 'The request body must be a JSON object.', 'invalid_body');
  }
  return parsed as Record<string, unknown>;
}

/**
 * Reading a form post (PayU's returns and notifications) as its text fields. A body that does not
 * match its declared type (a multipart type with no boundary, or a body that is not multipart) makes
 * the parser throw: that is the caller's mistake, a 400, not a 500.
 */
export async function readForm(c: Context): Promise<Record<string, string>> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.includes('application/x-www-form-urlencoded') && !type.includes('multipart/form-data')) {
    throw new ApiError(415, 'Expected a form post.', 'unsupported_media_type');
  }
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw new ApiError(400, 'The form in the request could not be read.', 'invalid_form');
  }
  // A file where a text field belongs counts as empty: these forms have no files.
  return Object.fromEntries(
    Object.entries(body).map(([name, value]) => [name, typeof value === 'string' ? value : '']),
  );
}

/** Validates input; the first problem becomes Message, all of them `Data.fields`. */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const fields: Record<string, string> = {};
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? 'body';
    fields[path] ??= issue.message;
  }
  const [first] = result.issues;
  throw new ApiError(400, first?.message ?? 'The request is not valid.', 'validation_failed', undefined, { fields });
}
