import { afterAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
// pg-boss's own statements, so that a pg-boss upgrade that changes them fails here rather than in production.
// @ts-expect-error pg-boss ships no types for its plans module
import plans from 'pg-boss/src/plans.js';
import { createDb } from '../db/database.js';
import { freePort } from '../db/embedded.js';
import { workerExecutorOf } from './queue.js';

const SCHEMA = 'pgboss';
// A database that refuses every connection, as PostgreSQL does while it restarts.
const down = createDb(`postgres://nobody:nothing@127.0.0.1:${await freePort()}/none`, { max: 1 });
afterAll(() => down.destroy());

const logger = () => ({ warn: vi.fn() }) as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };

describe("the job workers' database adapter while PostgreSQL is away", () => {
  it.each([
    ['completes a job', (plans as { completeJobs: (schema: string) => string }).completeJobs(SCHEMA)],
    ['fails a job by id', (plans as { failJobsById: (schema: string) => string }).failJobsById(SCHEMA)],
  ])("logs a statement that %s instead of rejecting: pg-boss does not await it, and the API would end", async (_what, text) => {
    const log = logger();
    await expect(workerExecutorOf(down, log).executeSql(text, ['invoice-email', [], null])).resolves.toEqual({ rows: [{ count: '0' }] });
    expect(log.warn).toHaveBeenCalledOnce();
  });

  it.each([
    ['fetches jobs', (plans as { fetchNextJob: (schema: string) => string }).fetchNextJob(SCHEMA)],
    ['cancels jobs', (plans as { cancelJobs: (schema: string) => string }).cancelJobs(SCHEMA)],
  ])('rejects a statement that %s, which pg-boss awaits and reports itself', async (_what, text) => {
    const log = logger();
    await expect(workerExecutorOf(down, log).executeSql(text, [])).rejects.toThrow();
    expect(log.warn).not.toHaveBeenCalled();
  });
});
