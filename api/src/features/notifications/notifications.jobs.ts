import type { Db } from '../../db/database.js';
import { QUEUES, type JobHandler, type QueueName } from '../../jobs/queue.js';
import { followEventLog } from './notifications.service.js';

/** The run that turns new events into notifications: queued with every event, and every minute as a fallback. */
export function notificationJobHandlers(db: Db): Partial<Record<QueueName, JobHandler<never>>> {
  const follow: JobHandler<Record<string, never>> = async () => {
    await followEventLog(db);
  };
  return { [QUEUES.notifications]: follow as JobHandler<never> };
}
