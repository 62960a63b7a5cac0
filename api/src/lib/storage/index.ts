import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { postgresUploadStore } from './postgres.js';
import { s3UploadStore } from './s3.js';
import type { UploadStore } from './store.js';

export type { StoredContent, UploadStore } from './store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the bytes of uploads live: the S3-compatible bucket of S3_*, or PostgreSQL. */
    uploads: UploadStore;
  }
}

/** The bucket of S3_* when it is configured (loadConfig has checked that all four are set), PostgreSQL otherwise. */
export function createUploadStore(config: Config, db: Db): UploadStore {
  if (!config.S3_ENDPOINT || !config.S3_BUCKET || !config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY) return postgresUploadStore();
  return s3UploadStore(db, {
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

const PURGE_INTERVAL_MS = 60_000;

/**
 * Decorates the app with its upload store and, for a bucket, removes the objects of deleted uploads every minute
 * (every replica may: each takes its own keys, `for update skip locked`).
 */
export const uploadStorePlugin = fp<{ store: UploadStore }>(
  async (app, { store }) => {
    app.decorate('uploads', store);
    const purge = store.purgeDeleted?.bind(store);
    if (purge) {
      const timer = setInterval(() => {
        purge().catch((error: unknown) => app.log.warn({ err: error }, 'could not remove the objects of deleted uploads from the bucket'));
      }, PURGE_INTERVAL_MS);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
    app.addHook('onClose', async () => store.close());
  },
  { name: 'orders-upload-store' },
);
