import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.js';
import { TEST_APP_ROLE } from '../../../../tests/support/global-setup.js';
import { createCompany } from '../../../../tests/support/factories/companies.js';
import * as migration from '../../db/migrations/2026-11-25-1210-machine-count-days.js';
import { grantAppRole } from '../../db/roles.js';

/**
 * The daily count sums' migration fills them for the machine events already there: the events are written without its
 * table and trigger (down), then it runs again (up), and the kept rows equal those computed from the events.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe('the daily count sums migration', () => {
  it('fills the sums of the counts events already stored, per machine and UTC day', async () => {
    const owner = database.asOwner() as unknown as Kysely<unknown>;
    await migration.down(owner);
    const db = database.db;
    await createCompany(db, 'migrated-a', { fbs: ['FB-1', 'FB-2'] });
    await createCompany(db, 'migrated-b', { fbs: ['FB-1'] });
    await sql`
      insert into machine_events (event_id, company_id, machine_name, at, kind, good, scrap, source)
      select gen_random_uuid(), case when g % 2 = 0 then 'migrated-a' else 'migrated-b' end, 'FB-' || (1 + g % 3 / 2),
             timestamptz '2026-02-27T20:00:00Z' + g * interval '53 minutes', case when g % 4 = 0 then 'stopped' else 'counts' end,
             case when g % 4 = 0 then null else 100 + g end, case when g % 4 = 0 then null else g % 5 end, 'before'
        from generate_series(1, 500) g`.execute(db);

    await migration.up(owner);
    await grantAppRole(database.asOwner(), TEST_APP_ROLE);

    const kept = await sql<{ company_id: string; machine_name: string; day: string; good: number; scrap: number; events: number }>`
      select company_id, machine_name, to_char(day, 'YYYY-MM-DD') as day, good, scrap, events from machine_count_days order by 1, 2, 3`.execute(db);
    const plain = await sql<{ company_id: string; machine_name: string; day: string; good: number; scrap: number; events: number }>`
      select company_id, machine_name, to_char((at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, sum(good)::bigint as good, sum(scrap)::bigint as scrap,
             count(*)::int as events
        from machine_events where kind = 'counts' group by 1, 2, 3 order by 1, 2, 3`.execute(db);
    expect(kept.rows.length).toBeGreaterThan(30);
    expect(kept.rows).toEqual(plain.rows);
    expect(kept.rows.reduce((sum, row) => sum + row.events, 0)).toBe(375);
    // And the trigger is back: an event written now is counted.
    await sql`insert into machine_events (event_id, company_id, machine_name, at, kind, good, scrap, source)
      values (gen_random_uuid(), 'migrated-a', 'FB-2', '2026-12-01T10:00:00Z', 'counts', 9, 1, 'after')`.execute(db);
    const after = await sql<{ good: number }>`select good from machine_count_days where company_id = 'migrated-a' and machine_name = 'FB-2' and day = '2026-12-01'`.execute(db);
    expect(after.rows).toEqual([{ good: 9 }]);
  });
});
