import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { problem } from '../problem.js';
import type { StoredContent, UploadStore } from './store.js';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (`endpoint/bucket/key`), as most S3-compatible servers (MinIO, Ceph, Garage) want. */
  forcePathStyle: boolean;
}

/**
 * The bucket did not answer (connection refused or reset, timeout) or answered 5xx, after the SDK's own retries:
 * 503 with Retry-After, like a database that is away, so the web app re-sends the upload with its Idempotency-Key.
 */
async function reachable<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === undefined || status >= 500) {
      const unavailable = problem(503, 'Service Unavailable', /*i18n*/ { id: 'problem.storageUnavailable', message: 'The file storage is not reachable right now. Try again in a few seconds.' });
      unavailable.cause = error;
      throw unavailable;
    }
    throw error;
  }
}

/** Objects removed from the bucket per purge statement. */
const PURGE_BATCH = 500;

/**
 * The bytes in an S3-compatible bucket (AWS SDK v3), under `uploads/<random UUID>`; the row keeps the key. An object is
 * written before its row: if the row's transaction fails the object is deleted again (`discard`). Deleting rows (an
 * upload, a claim with its files, an attachment removed in a claim's save) lists their keys in
 * `upload_object_deletions` through a trigger in the same transaction; `purgeDeleted` then removes those objects, so a
 * rolled-back delete never loses a file. Rows written before the bucket was configured keep their bytes inline and
 * are still read from the row.
 */
export function s3UploadStore(db: Db, settings: S3Settings): UploadStore {
  // The AWS SDK loads only when a bucket is configured: an API that keeps uploads in PostgreSQL does not carry it.
  const sdk = import('@aws-sdk/client-s3').then((module) => ({
    ...module,
    client: new module.S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    }),
  }));
  // A failed load is reported by the first call that needs the bucket, not as an unhandled rejection.
  sdk.catch(() => undefined);
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(content, contentType) {
      const storageKey = `uploads/${randomUUID()}`;
      const { client, PutObjectCommand } = await sdk;
      await reachable(client.send(new PutObjectCommand({ Bucket, Key: storageKey, Body: content, ContentType: contentType, ContentLength: content.length })));
      return { content: null, storageKey };
    },
    async discard(stored: StoredContent) {
      if (!stored.storageKey) return;
      const { client, DeleteObjectCommand } = await sdk;
      await client.send(new DeleteObjectCommand({ Bucket, Key: stored.storageKey }));
    },
    async get(row) {
      if (!row.storageKey) {
        if (row.content) return row.content;
        throw new Error('upload row without content or storage key');
      }
      const { client, GetObjectCommand } = await sdk;
      const object = await reachable(client.send(new GetObjectCommand({ Bucket, Key: row.storageKey })));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async purgeDeleted() {
      const { client, DeleteObjectsCommand } = await sdk;
      let removed = 0;
      for (;;) {
        // Locked while the bucket is asked: two replicas purging at once take different keys; a failed request
        // leaves them listed for the next purge.
        const batch = await db.transaction().execute(async (trx) => {
          const keys = (
            await sql<{ storage_key: string }>`
              select storage_key from upload_object_deletions order by deleted_at limit ${PURGE_BATCH} for update skip locked`.execute(trx)
          ).rows.map((row) => row.storage_key);
          if (!keys.length) return 0;
          const answer = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
          // An object already gone counts as deleted; any other error keeps its key for the next purge.
          const failed = new Set((answer.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey').map((error) => error.Key));
          const done = keys.filter((key) => !failed.has(key));
          if (done.length) await trx.deleteFrom('upload_object_deletions').where('storage_key', 'in', done).execute();
          return done.length;
        });
        removed += batch;
        if (batch < PURGE_BATCH) return removed;
      }
    },
    close: async () => {
      (await sdk.catch(() => undefined))?.client.destroy();
    },
  };
}
