import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { uploadJobHandlers } from '../features/claims/uploads.jobs.js';
import { eventJobHandlers } from '../features/events/events.jobs.js';
import { invoiceJobHandlers } from '../features/invoices/invoices.jobs.js';
import { mailTransport } from '../features/invoices/mail.js';
import { webhookJobHandlers } from '../features/webhooks/webhooks.jobs.js';
import { notificationJobHandlers } from '../features/notifications/notifications.jobs.js';
import { countDeadLetters } from '../features/invoices/outbox.js';
import { registerQueueMetrics } from './metrics.js';
import { Jobs, QUEUES } from './queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job queue. */
    jobs: Jobs;
  }
}

/**
 * The job queue of this API: every replica queues jobs; one with JOBS_WORKERS > 0 also works on them
 * (e-mail through SMTP_URL, or the .eml folder; the hourly removal of uploads never attached; webhook deliveries and the
 * daily removal of expired events). On close the workers stop taking jobs and finish the ones in hand.
 */
export async function registerJobs(app: FastifyInstance, db: Db, config: Config): Promise<Jobs> {
  const jobs = new Jobs(db, {
    workers: config.JOBS_WORKERS,
    pollSeconds: config.JOBS_POLL_SECONDS,
    retry: { retryLimit: config.JOBS_RETRY_LIMIT, retryDelay: config.JOBS_RETRY_DELAY_SECONDS },
    log: app.log,
  });
  app.decorate('jobs', jobs);
  const transport = mailTransport({ SMTP_URL: config.SMTP_URL, outboxDir: config.OUTBOX_DIR ?? path.join(config.DATA_DIR, 'outbox') });
  const unregister = registerQueueMetrics({ waiting: () => jobs.waiting(QUEUES.invoiceEmail), failed: () => countDeadLetters(db) });
  app.addHook('onClose', async () => {
    unregister();
    await jobs.stop();
    transport.close();
  });
  await jobs.start({
    ...invoiceJobHandlers(db, config, transport),
    ...uploadJobHandlers(db, app.uploads, config),
    ...eventJobHandlers(db, config),
    ...webhookJobHandlers(db, config),
    ...notificationJobHandlers(db, config, transport),
  });
  return jobs;
}
