import { Gauge, register } from 'prom-client';

/**
 * The job queue's gauges on prom-client's default registry (issue 18; `/metrics` exposes that registry): jobs waiting
 * and dead-lettered e-mails, read from the database when scraped. Registered once per process; the last API built in
 * the process (the one running) is the one they read.
 */
export interface QueueFigures {
  /** Jobs queued or waiting for a retry. */
  waiting(): Promise<number>;
  /** E-mails whose job failed every retry and that no admin has retried yet. */
  failed(): Promise<number>;
}

let source: QueueFigures | undefined;
const last = { waiting: 0, failed: 0 };

export function registerQueueMetrics(figures: QueueFigures): () => void {
  source = figures;
  if (!register.getSingleMetric('orders_portal_jobs_waiting')) {
    new Gauge({
      name: 'orders_portal_jobs_waiting',
      help: 'Background jobs queued or waiting for a retry (queue depth).',
      async collect() {
        // A database that cannot answer leaves the last value: the rest of /metrics still answers.
        if (source) this.set((last.waiting = await source.waiting().catch(() => last.waiting)));
      },
    });
    new Gauge({
      name: 'orders_portal_jobs_failed',
      help: "Dead-lettered 'Confirm & Send' e-mails: failed every retry, not yet retried by an admin.",
      async collect() {
        if (source) this.set((last.failed = await source.failed().catch(() => last.failed)));
      },
    });
  }
  return () => {
    if (source === figures) source = undefined;
  };
}
