import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { QUEUES, type JobHandler, type QueueName } from '../../jobs/queue.js';
import type { UploadStore } from '../../lib/storage/index.js';
import { removeUnattachedUploads } from './uploads.service.js';

/**
 * The scheduled removal of uploads never attached to a claim (UPLOAD_UNATTACHED_HOURS old, by the portal's clock),
 * their objects in the bucket with them. A failed run is retried by the queue; the next hour's run catches up anyway.
 */
export function uploadJobHandlers(db: Db, store: UploadStore, config: Pick<Config, 'UPLOAD_UNATTACHED_HOURS'>): Partial<Record<QueueName, JobHandler<never>>> {
  const cleanup: JobHandler<Record<string, never>> = async () => {
    await removeUnattachedUploads(db, store, config.UPLOAD_UNATTACHED_HOURS);
  };
  return { [QUEUES.uploadCleanup]: cleanup as JobHandler<never> };
}
