/** Uploads: their size limits, the PDF check worker pool, and where the files live (a folder or S3). */
import { resolve } from 'node:path';
import * as v from 'valibot';
import { allSetWhen } from './rules.ts';
import { DATA_DIR, inMemory, int, optionalText, text } from './values.ts';

const StorageVariables = v.object({
  DATA_DIR,
  UPLOAD_BODY_LIMIT_BYTES: int(16 * 1024 * 1024, 1_024, 64 * 1024 * 1024),
  IMAGE_MAX_BYTES: int(5 * 1024 * 1024, 1_024, 32 * 1024 * 1024),
  PDF_MAX_BYTES: int(10 * 1024 * 1024, 1_024, 32 * 1024 * 1024),
  UPLOADS_PER_HOUR: int(30, 1, 10_000),
  UPLOAD_STORED_BYTES_MAX: int(100 * 1024 * 1024, 1_024, 10 * 1024 * 1024 * 1024),
  PDF_CHECK_WORKERS: int(2, 1, 16),
  PDF_CHECK_TIMEOUT_MS: int(2_000, 100, 60_000),
  PDF_CHECK_QUEUE: int(16, 0, 1_000),
  FILES_DIR: optionalText(),
  FILES_STORE: v.optional(v.picklist(['disk', 's3'], 'must be disk or s3'), 'disk'),
  S3_ENDPOINT: v.optional(
    v.pipe(v.string(), v.url('must be a full address, e.g. https://s3.ap-south-1.amazonaws.com')),
  ),
  S3_BUCKET: optionalText(),
  S3_REGION: text('ap-south-1'),
  S3_ACCESS_KEY_ID: optionalText(),
  S3_SECRET_ACCESS_KEY: optionalText(),
});
type Variables = v.InferOutput<typeof StorageVariables>;

export const StorageSchema = v.pipe(
  StorageVariables,
  allSetWhen<Variables>(
    ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
    'FILES_STORE is s3',
    (e) => e.FILES_STORE === 's3',
  ),
  v.transform((e) => {
    const memory = inMemory(e.DATA_DIR);
    return {
      uploads: {
        bodyLimitBytes: e.UPLOAD_BODY_LIMIT_BYTES,
        imageMaxBytes: e.IMAGE_MAX_BYTES,
        pdfMaxBytes: e.PDF_MAX_BYTES,
        /** Per customer: files accepted an hour, bytes kept in all (storage/uploads.ts). */
        customerCaps: { perHour: e.UPLOADS_PER_HOUR, storedBytesMax: e.UPLOAD_STORED_BYTES_MAX },
        /** The PDF check worker pool (src/server/storage/pdfCheckPool.ts). */
        pdfCheck: { workers: e.PDF_CHECK_WORKERS, timeoutMs: e.PDF_CHECK_TIMEOUT_MS, maxQueue: e.PDF_CHECK_QUEUE },
        filesDir: e.FILES_DIR ? resolve(e.FILES_DIR) : memory ? 'memory://' : resolve(e.DATA_DIR, 'files'),
      },
      /** Object storage for uploads instead of FILES_DIR, when FILES_STORE=s3 (the check above: all four set). */
      s3:
        e.FILES_STORE === 's3' && e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? {
              endpoint: e.S3_ENDPOINT,
              bucket: e.S3_BUCKET,
              region: e.S3_REGION,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            }
          : null,
    };
  }),
);
