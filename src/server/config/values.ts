/**
 * How one environment variable reads (a whole number, text, a flag), and the variables several areas
 * read: each message names what a good value looks like, never the value given (it may be a secret).
 */
import * as v from 'valibot';

export const int = (fallback: number, min: number, max: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.regex(/^\d+$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );
export const text = (fallback: string) =>
  v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty')), fallback);
export const optionalText = () => v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty')));
export const flag = (fallback: boolean) =>
  v.pipe(
    v.optional(v.picklist(['0', '1', 'true', 'false'], 'must be 1/0 or true/false'), fallback ? '1' : '0'),
    v.transform((value) => value === '1' || value === 'true'),
  );
export const httpsUrl = () => v.optional(v.pipe(v.string(), v.url('must be a full https:// address')));

/** Production needs real providers everywhere: the areas that have a development stand-in read it. */
export const NODE_ENV = v.optional(
  v.picklist(['development', 'test', 'production'], 'must be development, test or production'),
  'development',
);
/** The embedded database's folder, and the uploads' unless FILES_DIR says otherwise. */
export const DATA_DIR = text('data');
/** DATA_DIR=memory:// keeps the database and the uploads in memory, for tests. */
export const inMemory = (dataDir: string) => dataDir.startsWith('memory://');
