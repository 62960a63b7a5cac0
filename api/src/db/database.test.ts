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
