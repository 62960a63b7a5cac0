import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { QUEUES, type JobHandler, type QueueName } from '../../jobs/queue.js';
import { attemptDelivery } from './webhooks.deliveries.js';

/** One attempt of a webhook delivery per job; its retries are queued by the attempt itself (WEBHOOK_RETRY_SECONDS). */
export function webhookJobHandlers(db: Db, config: Config): Partial<Record<QueueName, JobHandler<never>>> {
  const deliver: JobHandler<{ deliveryId: number }> = async (job) => {
    await attemptDelivery(db, config, job.data.deliveryId);
  };
  return { [QUEUES.webhookDelivery]: deliver as JobHandler<never> };
}
