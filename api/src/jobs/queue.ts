import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/database.js';

/**
 * Background jobs on PostgreSQL with pg-boss (docs/decisions.md 'Background jobs'). pg-boss runs its queries
 * through the portal's own pool (no second pool), and a job is queued through the caller's transaction, so a rolled
 * back write queues nothing. Its schema and queues are made by the migration `2026-11-25-0300-jobs` (the application
 * role may not run DDL), so it starts with `migrate: false`.
 */

/** The queues (made by the migration; a new queue is a new migration). */
export const QUEUES = {
  /** The e-mails of 'Confirm & Send': `{ outboxId }`. */
  invoiceEmail: 'invoice-email',
  /** Where pg-boss copies an e-mail job that failed its last retry. */
  invoiceEmailDead: 'invoice-email-dead',
  /** Removes the uploads never attached to a claim once they are old enough; on a schedule (SCHEDULES). */
  uploadCleanup: 'upload-cleanup',
  /** One webhook delivery attempt: `{ deliveryId }` (the retries are the delivery's own, not the queue's). */
  webhookDelivery: 'webhook-delivery',
  /** Removes the events older than EVENT_RETENTION_DAYS; on a schedule (SCHEDULES). */
  eventCleanup: 'event-cleanup',
  /** Turns the events after the notifications' cursor into notifications: queued with every event, and every minute. */
  notifications: 'notifications',
  /** One e-mail of the notifications (at once, or a digest): `{ mailId }`. */
  notificationEmail: 'notification-email',
  /** Where pg-boss copies a notification e-mail job that failed its last retry. */
  notificationEmailDead: 'notification-email-dead',
  /** Queues the daily digests whose local hour has come; on a schedule (SCHEDULES). */
  notificationDigest: 'notification-digest',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/**
 * Queues whose jobs pg-boss sends by itself on a cron schedule (UTC), from every replica that runs workers: the
 * schedule is one row per queue, and pg-boss sends each due job once across replicas.
 */
export const SCHEDULES: Partial<Record<QueueName, string>> = {
  // Hourly: a file is removed between its age limit and an hour after.
  [QUEUES.uploadCleanup]: '7 * * * *',
  // Daily, at night.
  [QUEUES.eventCleanup]: '17 3 * * *',
  // Every minute: catches up when a queued run was lost.
  [QUEUES.notifications]: '* * * * *',
  // Every quarter hour: a digest goes out within 15 minutes of the person's hour (zones off by 30 or 45 minutes too).
  [QUEUES.notificationDigest]: '*/15 * * * *',
};

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retryLimit: number;
  /** Seconds before the first retry; pg-boss doubles it for each further one (with jitter). */
  retryDelay: number;
}

export type JobHandler<T> = (job: PgBoss.JobWithMetadata<T>) => Promise<void>;

export interface JobsOptions {
  /** Jobs this process works on at once; 0: it only queues them. */
  workers: number;
  pollSeconds: number;
  retry: RetryPolicy;
  log: FastifyBaseLogger;
}

/** pg-boss's database adapter over a Kysely pool or transaction. */
export function executorOf(db: Kysely<Database> | Transaction<Database>): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] as never[] };
    },
  };
}

/** pg-boss's statements that complete a job or fail it by id (its plans `completeJobs` and `failJobsById`). */
const JOB_OUTCOME = /SET completed_on = now\(\),\s+state = 'completed'|id IN \(SELECT UNNEST\(\$2::uuid\[\]\)\) AND state < 'completed'/;

/**
 * The workers' adapter. pg-boss 10 records a job's outcome without awaiting the statement (manager.js, `watch`), so
 * when PostgreSQL restarts at that moment the rejection is unhandled and would end the API. Those statements' failures
 * are logged instead: the job stays active until it expires and is then tried again, which each handler tolerates
 * (every job checks what it already did).
 */
export function workerExecutorOf(db: Kysely<Database>, log: FastifyBaseLogger): PgBoss.Db {
  const executor = executorOf(db);
  return {
    executeSql: (text, values) =>
      executor.executeSql(text, values).catch((error: unknown) => {
        if (!JOB_OUTCOME.test(text)) throw error;
        log.warn({ err: error, component: 'jobs' }, 'could not record a job outcome: the job runs again once it expires');
        return { rows: [{ count: '0' }] as never[] };
      }),
  };
}

/**
 * Sends jobs through a transaction without the API's `Jobs` at hand (the event log's fan-out runs deep inside the
 * services, which get the database only). pg-boss only builds the insert here; the transaction runs it, so the job
 * goes to that transaction's database and is rolled back with it. Never started.
 */
const sender = new PgBoss({
  db: { executeSql: () => Promise.reject(new Error('the job sender only sends through a transaction')) },
  migrate: false,
  supervise: false,
  schedule: false,
});

/** Queues a job in `trx`; `startAfter` in seconds. The queue's own retry policy applies. */
export function sendInTransaction(trx: Transaction<Database>, queue: QueueName, data: object, options: { startAfter?: number; singletonKey?: string } = {}): Promise<string | null> {
  return sender.send(queue, data, { db: executorOf(trx), ...options });
}

/** Queues a job outside any transaction, on the pool. */
export function sendNow(db: Kysely<Database>, queue: QueueName, data: object, options: { startAfter?: number } = {}): Promise<string | null> {
  return sender.send(queue, data, { db: executorOf(db), ...options });
}

export class Jobs {
  readonly boss: PgBoss;
  readonly #options: JobsOptions;
  #started = false;

  constructor(db: Db, options: JobsOptions) {
    this.#options = options;
    this.boss = new PgBoss({
      db: workerExecutorOf(db, options.log),
      migrate: false,
      // Maintenance (expiring jobs whose worker died, deleting old ones) and the cron schedules run where workers run;
      // pg-boss takes a lock so that one replica at a time does each.
      supervise: options.workers > 0,
      schedule: options.workers > 0,
      pollingIntervalSeconds: options.pollSeconds,
    });
    // pg-boss reports a failed poll (database restarting, pool exhausted) as an event and polls again.
    this.boss.on('error', (error) => options.log.warn({ err: error, component: 'jobs' }, 'job queue error'));
  }

  get workers() {
    return this.#options.workers;
  }

  /** Queues a job in the caller's transaction, with the configured retries (exponential backoff). Answers its id. */
  async enqueue(trx: Transaction<Database>, queue: QueueName, data: object): Promise<string | null> {
    const { retryLimit, retryDelay } = this.#options.retry;
    return this.boss.send(queue, data, { db: executorOf(trx), retryLimit, retryDelay, retryBackoff: true });
  }

  /** Starts `workers` polling workers on each queue given (one job each at a time); nothing when workers is 0. */
  async start(handlers: Partial<Record<QueueName, JobHandler<never>>>): Promise<void> {
    if (this.#options.workers === 0) return;
    await this.boss.start();
    this.#started = true;
    for (const [queue, cron] of Object.entries(SCHEDULES)) {
      if (handlers[queue as QueueName]) await this.boss.schedule(queue, cron, {}, { tz: 'UTC' });
    }
    for (const [queue, handler] of Object.entries(handlers)) {
      for (let worker = 0; worker < this.#options.workers; worker++) {
        // Set once work() answers; a job fetched before that (the first poll is quick) just waits the interval after it.
        let workerId: string | undefined = undefined;
        workerId = await this.boss.work(queue, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.#options.pollSeconds }, async ([job]) => {
          await handler!(job as PgBoss.JobWithMetadata<never>);
          // A worker that found a job looks for the next one at once; only an empty (or failed) fetch waits the polling
          // interval. pg-boss 10 waits it after every fetch, so each worker would take one job per interval
          // however many were queued.
          if (workerId) this.boss.notifyWorker(workerId);
        });
      }
    }
  }

  /** Jobs waiting (queued or waiting for a retry) in a queue. */
  async waiting(queue: QueueName): Promise<number> {
    return this.boss.getQueueSize(queue);
  }

  /** Stops polling and waits (up to `timeoutMs`, within close-with-grace's 10 s) for the jobs in hand; an unfinished one is retried later. */
  async stop(timeoutMs = 8_000): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: false });
  }
}
