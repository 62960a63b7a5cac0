import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { QUEUES, type JobHandler, type QueueName } from '../../jobs/queue.js';
import type { MailTransport } from './mail.js';
import { deliverMessage, markDeadLettered } from './outbox.js';
import { outboxDelivery } from './invoices.service.js';

/** The job of a 'Confirm & Send' e-mail: the outbox row it delivers. */
export interface InvoiceEmailJob {
  outboxId: number;
}

/** What pg-boss keeps of the last attempt's error (the job's output). */
const errorOf = (output: unknown): string | undefined => {
  const message = (output as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : undefined;
};

/**
 * The workers of the invoices' e-mail: one delivers a message (renders the PDF and sends it; a failure is
 * retried by the queue with backoff), the other takes the dead letters, jobs that failed their last retry, and marks
 * their message failed for the admin.
 */
export function invoiceJobHandlers(db: Db, config: Config, transport: MailTransport): Partial<Record<QueueName, JobHandler<never>>> {
  const delivery = outboxDelivery(db, config, transport);
  const deliver: JobHandler<InvoiceEmailJob> = async (job) => {
    await deliverMessage(db, job.data.outboxId, delivery);
  };
  const deadLetter: JobHandler<InvoiceEmailJob> = async (job) => {
    await markDeadLettered(db, job.data.outboxId, errorOf(job.output));
  };
  return { [QUEUES.invoiceEmail]: deliver as JobHandler<never>, [QUEUES.invoiceEmailDead]: deadLetter as JobHandler<never> };
}
