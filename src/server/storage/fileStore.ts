/**
 * Where uploaded files live: a folder under DATA_DIR by default (S3-compatible object storage is a
 * configuration away behind the same interface). Keys are made by the server, never from a name the
 * client sent, so no path trick can reach another file.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export interface FileStore {
  readonly name: string;
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | undefined>;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

/**
 * Every store refuses a key that is not lower-case letters, digits and dashes in slash-separated
 * parts: no dots, backslashes, NUL, percent signs or leading slash, so no key can name a path
 * outside the store, whichever store it is and even if a caller one day builds a key from input.
 */
export function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.length > 512) throw new Error('unsafe storage key');
  return key;
}

export function diskFileStore(root: string): FileStore {
  const path = (key: string) => join(root, checkedKey(key));
  return {
    name: 'disk',
    async put(key, bytes) {
      const target = path(key);
      await mkdir(dirname(target), { recursive: true });
      // Written under a temporary name and renamed: a crash never leaves half a file under the key.
      const temporary = `${target}.part`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    },
    async get(key) {
      return readFile(path(key)).catch(() => undefined);
    },
    async remove(key) {
      await rm(path(key), { force: true });
    },
  };
}

/** For tests and the in-memory database: files kept in memory. */
export function memoryFileStore(): FileStore {
  const files = new Map<string, Uint8Array>();
  return {
    name: 'memory',
    async put(key, bytes) {
      files.set(checkedKey(key), bytes);
    },
    async get(key) {
      return files.get(checkedKey(key));
    },
    async remove(key) {
      files.delete(checkedKey(key));
    },
  };
}
