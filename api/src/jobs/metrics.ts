import { Gauge, register } from 'prom-client';

/**
 * The job queue's gauges on prom-client's default registry (`/metrics` exposes that registry): jobs waiting
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

/** How long a scrape waits for a figure: a saturated pool must not hold /metrics (it says why requests are shed). */
const SCRAPE_WAIT_MS = 500;

/** The figure, or the last one when the database does not answer within SCRAPE_WAIT_MS (it is kept when it comes). */
async function read(figure: 'waiting' | 'failed', query: () => Promise<number>): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const fresh = query().then(
    (value) => (last[figure] = value),
    () => last[figure],
  );
  const late = new Promise<number>((resolve) => (timer = setTimeout(() => resolve(last[figure]), SCRAPE_WAIT_MS)));
  try {
    return await Promise.race([fresh, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function registerQueueMetrics(figures: QueueFigures): () => void {
  source = figures;
  if (!register.getSingleMetric('orders_portal_jobs_waiting')) {
    new Gauge({
      name: 'orders_portal_jobs_waiting',
      help: 'Background jobs queued or waiting for a retry (queue depth).',
      async collect() {
        // A database that cannot answer (or not at once) leaves the last value: the rest of /metrics still answers.
        const figures = source;
        if (figures) this.set(await read('waiting', () => figures.waiting()));
      },
    });
    new Gauge({
      name: 'orders_portal_jobs_failed',
      help: "Dead-lettered 'Confirm & Send' e-mails: failed every retry, not yet retried by an admin.",
      async collect() {
        const figures = source;
        if (figures) this.set(await read('failed', () => figures.failed()));
      },
    });
  }
  return () => {
    if (source === figures) source = undefined;
  };
}
