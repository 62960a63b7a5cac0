import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { QUEUES, type JobHandler, type QueueName } from '../../jobs/queue.js';
import type { MailTransport } from '../invoices/mail.js';
import { deliverNotificationMail, markMailFailed, queueDigests } from './notifications.mail.js';
import { followEventLog } from './notifications.service.js';
import { loadUnsubscribeKey } from './notifications.unsubscribe.js';
import { createDirectory, EmbeddedDirectory } from '../../directory/index.js';

/**
 * The run that turns new events into notifications (queued with every event, and every minute as a fallback); the
 * delivery of one notification e-mail (retried by the queue); and the digests, every quarter hour.
 */
export function notificationJobHandlers(db: Db, config?: Config, transport?: MailTransport): Partial<Record<QueueName, JobHandler<never>>> {
  // The directory the configuration chooses (DIRECTORY): the embedded store's users, or Keycloak's.
  const directory = config ? createDirectory(config, db) : new EmbeddedDirectory(db);
  const follow: JobHandler<Record<string, never>> = async () => {
    await followEventLog(db, directory);
  };
  if (!config || !transport) return { [QUEUES.notifications]: follow as JobHandler<never> };
  const deliver: JobHandler<{ mailId: number }> = async (job) => {
    await deliverNotificationMail(db, job.data.mailId, { config, transport, unsubscribeKey: await loadUnsubscribeKey(config), directory });
  };
  const deadLetter: JobHandler<{ mailId: number }> = async (job) => {
    const message = (job.output as { message?: unknown } | null)?.message;
    await markMailFailed(db, job.data.mailId, typeof message === 'string' ? message : undefined);
  };
  const digest: JobHandler<Record<string, never>> = async () => {
    await queueDigests(db);
  };
  return {
    [QUEUES.notifications]: follow as JobHandler<never>,
    [QUEUES.notificationEmail]: deliver as JobHandler<never>,
    [QUEUES.notificationEmailDead]: deadLetter as JobHandler<never>,
    [QUEUES.notificationDigest]: digest as JobHandler<never>,
  };
}
