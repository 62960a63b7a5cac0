import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.test-utils.js';
import { createTestApp } from '../../../tests/support/app.test-utils.js';
import { addHits, localShare, SharedCounters } from './rate-limit-store.js';

/**
 * Rate limits counted in the process and shared through `rate_limits` (docs/decisions.md, "Rate limits"): far from
 * its limit a hit costs no statement, near it the store decides, and N replicas admit at most N local shares
 * (1 % of the limit each) beyond it in a window.
 */
let database: TestDatabase;
const closing: { close(): Promise<unknown> }[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const item of closing) await item.close();
  await database?.drop();
});

const MINUTE = 60_000;
const failures: unknown[] = [];
const counters = () => {
  const made = new SharedCounters(database.db, (error) => failures.push(error));
  closing.push(made);
  return made;
};
const stored = async (key: string) =>
  (await database.db.selectFrom('rate_limits').select('hits').where('key', '=', key).executeTakeFirst())?.hits ?? 0;

describe('a replica’s counters', () => {
  it('count a hit far from the limit without the store, and write it with the next batch', async () => {
    const replica = counters();
    const first = replica.hit('t:far', 1000, MINUTE);
    expect(first).not.toBeInstanceOf(Promise);
    expect(first).toMatchObject({ current: 1 });
    expect(replica.hit('t:far', 1000, MINUTE)).toMatchObject({ current: 2 });
    await replica.flush();
    expect(await stored('t:far')).toBe(2);
  });

  it('near the limit, send every hit to the store at once, whose count (every replica’s) decides', async () => {
    const replica = counters();
    expect(replica.hit('t:near', 1000, MINUTE)).not.toBeInstanceOf(Promise);
    await replica.flush();
    // Another replica's hits: this one learns them at its next answer from the store.
    await addHits(database.db, [{ key: 't:near', hits: 989, windowMs: MINUTE }]);
    expect(replica.hit('t:near', 1000, MINUTE)).not.toBeInstanceOf(Promise);
    await replica.flush();
    const near = replica.hit('t:near', 1000, MINUTE);
    expect(near).toBeInstanceOf(Promise);
    expect(await near).toMatchObject({ current: 992 });
    for (let n = 993; n <= 1000; n++) expect(await replica.hit('t:near', 1000, MINUTE)).toMatchObject({ current: n });
    // Over the limit: refused from memory, without counting it again.
    const over = replica.hit('t:near', 1000, MINUTE);
    expect(over).not.toBeInstanceOf(Promise);
    expect((over as { current: number }).current).toBeGreaterThan(1000);
    expect(await stored('t:near')).toBe(1000);
  });

  it('a limit below 100 a window has no local share: every hit is counted in the store at once', async () => {
    const replica = counters();
    expect(localShare(99)).toBe(0);
    const hit = replica.hit('t:small', 99, MINUTE);
    expect(hit).toBeInstanceOf(Promise);
    expect(await hit).toMatchObject({ current: 1 });
    expect(await stored('t:small')).toBe(1);
  });

  it('a clean stop writes the hits still waiting, so a restarted replica counts on from them', async () => {
    const replica = counters();
    for (let n = 0; n < 5; n++) replica.hit('t:restart', 1000, MINUTE);
    await replica.close();
    expect(await stored('t:restart')).toBe(5);
    const restarted = counters();
    await restarted.hit('t:restart', 1000, MINUTE);
    await restarted.flush();
    expect(await stored('t:restart')).toBe(6);
    expect(failures).toEqual([]);
  });
});

describe('N replicas under a burst', () => {
  const REPLICAS = 3;
  const LIMIT = 200;
  let replicas: FastifyInstance[] = [];
  beforeAll(async () => {
    for (let n = 0; n < REPLICAS; n++) replicas.push(await createTestApp(database.db, { RATE_LIMIT_API_PER_MINUTE: String(LIMIT) }));
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    replicas = [];
  });

  it('admit at most the limit plus one local share per replica (1 % each), and never fewer than the limit', async () => {
    // Callers without a token count against their address; admitted answers 401, refused 429.
    const requests = Array.from({ length: 3 * LIMIT }, (_, n) =>
      replicas[n % REPLICAS].inject({ method: 'POST', url: '/api/admin/manufacturers/get', payload: {} }).then((response) => response.statusCode),
    );
    const statuses = await Promise.all(requests);
    const admitted = statuses.filter((status) => status === 401).length;
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect(admitted).toBeGreaterThanOrEqual(LIMIT);
    expect(admitted).toBeLessThanOrEqual(LIMIT + REPLICAS * localShare(LIMIT));
  });
});
