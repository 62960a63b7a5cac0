import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { QUEUES, type JobHandler, type QueueName } from '../../jobs/queue.js';
import type { MailTransport } from '../invoices/mail.js';
import { deliverNotificationMail, queueDigests } from './notifications.mail.js';
import { followEventLog } from './notifications.service.js';
import { loadUnsubscribeKey } from './notifications.unsubscribe.js';

/**
 * The run that turns new events into notifications (queued with every event, and every minute as a fallback); the
 * delivery of one notification e-mail (retried by the queue); and the digests, every quarter hour.
 */
export function notificationJobHandlers(db: Db, config?: Config, transport?: MailTransport): Partial<Record<QueueName, JobHandler<never>>> {
  const follow: JobHandler<Record<string, never>> = async () => {
    await followEventLog(db);
  };
  if (!config || !transport) return { [QUEUES.notifications]: follow as JobHandler<never> };
  const deliver: JobHandler<{ mailId: number }> = async (job) => {
    await deliverNotificationMail(db, job.data.mailId, { config, transport, unsubscribeKey: await loadUnsubscribeKey(config) });
  };
  const digest: JobHandler<Record<string, never>> = async () => {
    await queueDigests(db);
  };
  return {
    [QUEUES.notifications]: follow as JobHandler<never>,
    [QUEUES.notificationEmail]: deliver as JobHandler<never>,
    [QUEUES.notificationDigest]: digest as JobHandler<never>,
  };
}
