import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { QUEUES, type JobHandler, type QueueName } from '../../jobs/queue.js';
import { removeExpiredEvents } from './events.service.js';

/** The daily removal of events older than EVENT_RETENTION_DAYS; a failed run is retried, and the next day's catches up. */
export function eventJobHandlers(db: Db, config: Pick<Config, 'EVENT_RETENTION_DAYS'>): Partial<Record<QueueName, JobHandler<never>>> {
  const cleanup: JobHandler<Record<string, never>> = async () => {
    await removeExpiredEvents(db, config.EVENT_RETENTION_DAYS);
  };
  return { [QUEUES.eventCleanup]: cleanup as JobHandler<never> };
}
