import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { TEST_APP_ROLE } from '../../../../tests/support/global-setup.js';
import { createCompany } from '../../../../tests/support/factories/companies.test-utils.js';
import * as migration from '../../db/migrations/2026-11-25-1210-machine-count-days.js';
import * as lastStates from '../../db/migrations/2026-11-25-1500-machine-last-states.js';
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

describe("the machines' latest state events migration", () => {
  it('keeps, for the events already stored, the latest state event of each machine (by at, then event id; counts are no state)', async () => {
    const owner = database.asOwner() as unknown as Kysely<unknown>;
    await lastStates.down(owner);
    const db = database.db;
    await createCompany(db, 'states-a', { fbs: ['FB-1', 'FB-2', 'FB-3'] });
    await createCompany(db, 'states-b', { fbs: ['FB-1'] });
    // FB-3 of states-a has counts only; the last hour of each machine holds two states at the same instant.
    await sql`
      insert into machine_events (event_id, company_id, machine_name, at, kind, good, scrap, source)
      select gen_random_uuid(), case when g % 4 = 0 then 'states-b' else 'states-a' end, case when g % 4 = 0 then 'FB-1' else 'FB-' || (1 + g % 4 % 2) end,
             timestamptz '2026-02-27T20:00:00Z' + (g / 8) * interval '53 minutes', (array['running', 'stopped', 'unknown', 'counts'])[1 + g / 4 % 4],
             case when g / 4 % 4 = 3 then 1 end, null, 'before'
        from generate_series(1, 400) g
      union all
      select gen_random_uuid(), 'states-a', 'FB-3', timestamptz '2026-03-01T00:00:00Z' + g * interval '1 minute', 'counts', 1, 0, 'before' from generate_series(1, 5) g`.execute(db);

    await lastStates.up(owner);
    await grantAppRole(database.asOwner(), TEST_APP_ROLE);

    // Written apart from the migration: for each machine, its state events, greatest (at, event id) first.
    const plain = await sql<{ company_id: string; machine_name: string; at: Date; event_id: string; kind: string }>`
      select company_id, machine_name, at, event_id, kind from (
        select e.*, row_number() over (partition by company_id, machine_name order by at desc, event_id desc) as rank
          from machine_events e where kind <> 'counts' and company_id like 'states-%') ranked
       where rank = 1 order by 1, 2`.execute(db);
    const kept = await sql<{ company_id: string; machine_name: string; at: Date; event_id: string; kind: string }>`
      select company_id, machine_name, at, event_id, kind from machine_last_states where company_id like 'states-%' order by 1, 2`.execute(db);
    expect(plain.rows.map((row) => `${row.company_id}/${row.machine_name}`)).toEqual(['states-a/FB-1', 'states-a/FB-2', 'states-b/FB-1']);
    expect(kept.rows).toEqual(plain.rows);
    // And the trigger is back: a later state event written now replaces the kept one.
    await sql`insert into machine_events (event_id, company_id, machine_name, at, kind, source)
      values (gen_random_uuid(), 'states-a', 'FB-3', '2026-12-01T10:00:00Z', 'running', 'after')`.execute(db);
    const after = await sql<{ kind: string }>`select kind from machine_last_states where company_id = 'states-a' and machine_name = 'FB-3'`.execute(db);
    expect(after.rows).toEqual([{ kind: 'running' }]);
  });
});
