import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type CompiledQuery } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.test-utils.js';
import { createDb } from './database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe('createDb', () => {
  it('tells onQuery of each statement sent, once, including one that embeds another builder as a subquery', async () => {
    const told: CompiledQuery[] = [];
    const db = createDb(database.url, { max: 1, onQuery: (query) => told.push(query) });
    try {
      const inner = db.selectFrom('rate_limits').select('key').where('hits', '>', 0);
      await sql`select count(*) from (${inner}) as limited`.execute(db);
      await db.selectFrom('rate_limits').select('hits').where('key', '=', 'nobody').execute();
      expect(told.map((query) => query.sql.replace(/\s+/g, ' ').trim())).toEqual([
        'select count(*) from ((select "key" from "rate_limits" where "hits" > $1)) as limited',
        'select "hits" from "rate_limits" where "key" = $1',
      ]);
    } finally {
      await db.destroy();
    }
  });

  it("streams for longer than the read timeout: the timeout is each read's, not the cursor's whole life", async () => {
    const db = createDb(database.url, { max: 1, readTimeoutMs: 200 });
    try {
      const streamed: number[] = [];
      // Each row is read as its own batch, and the reader takes 100 ms over each: 400 ms in all, each read far quicker.
      for await (const row of db.selectFrom(sql<{ n: number }>`(select generate_series(1, 4) as n)`.as('s')).select('n').stream(1)) {
        streamed.push(row.n);
        await new Promise((done) => setTimeout(done, 100));
      }
      expect(streamed).toEqual([1, 2, 3, 4]);
    } finally {
      await db.destroy();
    }
  });

  it('fails a cursor read that PostgreSQL does not answer within the read timeout, and the next statement gets a new connection', async () => {
    const db = createDb(database.url, { max: 1, readTimeoutMs: 200 });
    try {
      const read = async () => {
        for await (const row of db.selectFrom(sql<{ slept: string }>`(select pg_sleep(5)::text as slept)`.as('s')).select('slept').stream(1)) return row;
      };
      await expect(read()).rejects.toThrow('Query read timeout');
      const { rows } = await sql<{ ok: number }>`select 1 as ok`.execute(db);
      expect(rows).toEqual([{ ok: 1 }]);
    } finally {
      await db.destroy();
    }
  });

  it("leaves no timer behind a cursor read to the end: pg's read timeout would keep the cursor and its last rows", async () => {
    const db = createDb(database.url, { max: 1 });
    const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
    try {
      await sql`select 1`.execute(db); // the pool's own timers exist before the count
      const before = timers();
      const streamed: number[] = [];
      for (let i = 0; i < 3; i++) {
        for await (const row of db.selectFrom(sql<{ n: number }>`(select generate_series(1, 5) as n)`.as('s')).select('n').stream(2)) streamed.push(row.n);
      }
      expect(streamed).toHaveLength(15);
      expect(timers()).toBe(before);
    } finally {
      await db.destroy();
    }
  });
});
