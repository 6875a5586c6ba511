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
