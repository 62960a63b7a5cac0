import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_A, COMPANY_B, createCompany } from '../../../../tests/support/factories/companies.test-utils.js';
import { useTestApp } from '../../../../tests/support/test-app.test-utils.js';
import { pinClock } from '../../lib/clock.js';
import { makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';
import { keepsDerivedAfterEach } from '../../../../tests/support/derived.test-utils.js';
import { machineCountDays } from '../../db/derived/machine-count-days.js';
import { machineLastStates } from '../../db/derived/machine-last-states.js';

/**
 * The OEE's day and week quantities read the good and scrap bottles kept per machine and UTC day by a trigger on the
 * machine events (migration 2026-11-25-1210-machine-count-days). Whatever is written, through the collectors' endpoint
 * or straight into the table, one statement or many at once, the kept rows must equal those computed from the events,
 * both ways, and the OEE's quantities must equal the plain sums of the counts events.
 */
// Batches dated from March 2026 to May 2027: the portal's clock reads 1 June 2027 (after the last of them) and its
// horizon reaches back past March 2026, so every event is applied (the bounds are machines.bounds.test.ts's).
const t = useTestApp({ MACHINE_EVENT_HORIZON_DAYS: '500' });
// After each test, both tables the events keep equal the modules' recomputation from the events.
keepsDerivedAfterEach(() => t.database.asOwner(), [machineCountDays, machineLastStates]);
const MACHINES = ['FB-1', 'FB-2'];
let token: string;

type Kind = 'running' | 'stopped' | 'counts';
const event = (machineName: string, at: string, kind: Kind, extra: { good?: number; scrap?: number } = {}) => ({
  eventId: randomUUID(),
  machine: { clientId: COMPANY_A, machineName },
  at,
  kind,
  ...extra,
});
const send = (events: ReturnType<typeof event>[]) => t.post('MachineEvents_postEvents', { events }, { token });

/** Rows kept and not computed, and computed and not kept (both empty when the sums are right), and how many are kept. */
async function difference() {
  const extra = await sql<Record<string, unknown>>`select * from machine_count_days except all select * from machine_count_days_computed`.execute(t.db);
  const missing = await sql<Record<string, unknown>>`select * from machine_count_days_computed except all select * from machine_count_days`.execute(t.db);
  const kept = await sql<{ n: number }>`select count(*)::int as n from machine_count_days`.execute(t.db);
  return { extra: extra.rows, missing: missing.rows, kept: kept.rows[0]!.n };
}

beforeAll(async () => {
  pinClock('2027-06-01T00:00:00Z');
  await createCompany(t.db, COMPANY_A, { name: 'Company A', fbs: MACHINES });
  await createCompany(t.db, COMPANY_B, { name: 'Company B', fbs: ['FB-B'] });
  // A night shift: its buckets cross UTC midnight, so they sum the events, not the kept days.
  await t.db
    .insertInto('client_details')
    .values({ company_id: COMPANY_A, billing_company: 'A', billing_address: 'x', billing_city: 'x', billing_country: 'x', billing_email: 'a@example.com', currency: 'EUR', shift_start: '22:00', shift_end: '06:00' })
    .execute();
  const created = await t.post(
    'AdminMachines_createCredential',
    { credential: { name: 'Kept collector', machines: MACHINES.map((machineName) => ({ clientId: COMPANY_A, machineName })) } },
    'admin',
  );
  expect(created.status).toBe(200);
  token = created.body.token;
});

afterAll(() => pinClock(undefined));

describe('the daily count sums kept beside the machine events', () => {
  it('follow a collector batch: counts on both sides of UTC midnight, state events, a count without scrap, a batch sent again', async () => {
    const batch = [
      event('FB-1', '2026-03-09T23:59:59.999Z', 'counts', { good: 100, scrap: 3 }),
      event('FB-1', '2026-03-10T00:00:00.000Z', 'counts', { good: 50, scrap: 1 }),
      event('FB-1', '2026-03-10T12:00:00Z', 'counts', { good: 7 }),
      event('FB-1', '2026-03-10T08:00:00Z', 'running'),
      event('FB-2', '2026-03-10T09:00:00Z', 'counts', { good: 40, scrap: 2 }),
    ];
    expect((await send(batch)).status).toBe(200);
    expect(await difference()).toEqual({ extra: [], missing: [], kept: 3 });
    // Sent again (the same event ids): nothing is stored twice, nothing is added twice.
    expect((await send(batch)).status).toBe(200);
    expect(await difference()).toEqual({ extra: [], missing: [], kept: 3 });
    const day = await sql<{ good: number; scrap: number; events: number }>`
      select good, scrap, events from machine_count_days where company_id = ${COMPANY_A} and machine_name = 'FB-1' and day = '2026-03-10'`.execute(t.db);
    expect(day.rows).toEqual([{ good: 57, scrap: 1, events: 2 }]);
  });

  it('follow rows inserted straight into the table, many in one statement, of several companies, kinds and days', async () => {
    await sql`
      insert into machine_events (event_id, company_id, machine_name, at, kind, good, scrap, source)
      select gen_random_uuid(), case when g % 3 = 0 then ${COMPANY_B} else ${COMPANY_A} end, case when g % 3 = 0 then 'FB-B' else 'FB-' || (1 + g % 2) end,
             timestamptz '2026-03-01T00:00:00Z' + g * interval '37 minutes', case when g % 5 = 0 then 'running' else 'counts' end,
             case when g % 5 = 0 then null when g % 7 = 0 then null else g end, case when g % 5 = 0 then null else g % 4 end, 'test'
        from generate_series(1, 2000) g`.execute(t.db);
    const after = await difference();
    expect(after).toMatchObject({ extra: [], missing: [] });
    expect(after.kept).toBeGreaterThan(100);
  });

  it('stay right when the events are changed or deleted: the events are append-only, both are refused', async () => {
    const before = await difference();
    await expect(sql`update machine_events set good = good + 1 where kind = 'counts'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from machine_events where kind = 'counts'`.execute(t.db)).rejects.toThrow(/append-only/);
    expect(await difference()).toEqual(before);
  });

  it('stay right under collectors writing the same machines and days at once (no deadlock, nothing lost)', async () => {
    const batches = Array.from({ length: 8 }, (_, writer) =>
      Array.from({ length: 60 }, (_, index) =>
        event(MACHINES[(writer + index) % 2]!, new Date(Date.UTC(2026, 5, 1 + (index % 6), writer, index)).toISOString(), 'counts', { good: writer + index, scrap: index % 3 }),
      ).reverse(),
    );
    const answers = await Promise.all(batches.map((batch) => send(batch)));
    expect(answers.map((answer) => answer.status)).toEqual(batches.map(() => 200));
    expect(await difference()).toMatchObject({ extra: [], missing: [] });
    const june = await sql<{ good: number }>`
      select coalesce(sum(good), 0)::int as good from machine_count_days where company_id = ${COMPANY_A} and day between '2026-06-01' and '2026-06-06'`.execute(t.db);
    expect(june.rows[0]!.good).toBe(batches.flat().reduce((sum, sent) => sum + sent.good!, 0));
  });

  it('give the OEE the counts of each day, each week and each shift as the events sum them', async () => {
    const plain = async (from: string, to: string, machineName: string) => {
      const row = await sql<{ good: number; scrap: number }>`
        select coalesce(sum(good), 0)::int as good, coalesce(sum(scrap), 0)::int as scrap from machine_events
         where company_id = ${COMPANY_A} and machine_name = ${machineName} and kind = 'counts' and at >= ${from}::timestamptz and at < ${to}::timestamptz`.execute(t.db);
      return row.rows[0]!;
    };
    for (const grain of ['day', 'week', 'shift'] as const) {
      const answer = await t.post('AdminMachines_getOee', { period: { from: '2026-03-01', to: '2026-04-08' }, grain, machines: MACHINES.map((machineName) => ({ clientId: COMPANY_A, machineName })) }, 'admin');
      expect(answer.status).toBe(200);
      let counted = 0;
      for (const machine of answer.body.machines) {
        for (const bucket of machine.buckets) {
          const sums = await plain(bucket.from, bucket.to, machine.machineName);
          expect([grain, bucket.from, bucket.goodQuantity, bucket.scrapQuantity]).toEqual([grain, bucket.from, sums.good, sums.scrap]);
          counted += bucket.goodQuantity;
        }
        const whole = await plain('2026-03-01T00:00:00Z', '2026-04-09T00:00:00Z', machine.machineName);
        if (grain !== 'shift') expect([grain, machine.total.goodQuantity]).toEqual([grain, whole.good]);
      }
      expect(counted).toBeGreaterThan(0);
    }
  });

  it("give the OEE each bucket's rejected bottles as the claims of the company's products made on the machine sum them", async () => {
    // Products naming FB-1 among others, FB-2 alone, FB-10 (whose name holds FB-1 and is not it), and company B's FB-1;
    // claims around the buckets' edges (UTC midnight, a Monday, the period's ends) and outside the period.
    const warehouseId = await makeWarehouse(t.db);
    const preform = await makePreform(t.db);
    const product = async (companyId: string, machineNames: string) => {
      const id = await makeProduct(t.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0]!, companyId });
      await t.db.updateTable('client_products').set({ machine_names: machineNames }).where('id', '=', id).execute();
      return id;
    };
    const both = await product(COMPANY_A, ' FB-2 ,FB-1');
    const second = await product(COMPANY_A, 'FB-2');
    const tenth = await product(COMPANY_A, 'FB-10, FB-1x');
    const other = await product(COMPANY_B, 'FB-1');
    const orderA = await makeProductionOrder(t.db, { companyId: COMPANY_A });
    const orderB = await makeProductionOrder(t.db, { companyId: COMPANY_B });
    const claims: [number, number, string, number][] = [
      [both, orderA, '2026-02-28T23:59:59Z', 1],
      [both, orderA, '2026-03-01T00:00:00Z', 2],
      [both, orderA, '2026-03-01T23:59:59.999Z', 4],
      [second, orderA, '2026-03-02T00:00:00Z', 8],
      [both, orderA, '2026-03-08T23:00:00Z', 16],
      [both, orderA, '2026-03-09T00:00:00Z', 32],
      [tenth, orderA, '2026-03-10T10:00:00Z', 64],
      [other, orderB, '2026-03-11T10:00:00Z', 128],
      [both, orderA, '2026-03-22T21:30:00Z', 256],
      [second, orderA, '2026-04-08T23:59:59Z', 512],
      [both, orderA, '2026-04-09T00:00:00Z', 1024],
    ];
    for (const [productId, orderId, at, amount] of claims)
      await t.db
        .insertInto('claims')
        .values({ company_id: productId === other ? COMPANY_B : COMPANY_A, client_product_id: productId, client_production_order_id: orderId, amount, delivery_date: '2026-03-01', description: 'Rejected bottles', created_by: 'test', created_at: at })
        .execute();
    // Written apart from the code under test: the claims of the machine's company whose product's list names it.
    const plain = async (from: string, to: string, machineName: string) => {
      const row = await sql<{ rejected: number }>`
        select coalesce(sum(cl.amount), 0)::int as rejected from claims cl join client_products cp on cp.id = cl.client_product_id
         where cl.company_id = ${COMPANY_A} and cl.created_at >= ${from}::timestamptz and cl.created_at < ${to}::timestamptz
           and exists (select 1 from unnest(string_to_array(cp.machine_names, ',')) as n(name) where btrim(n.name) = ${machineName})`.execute(t.db);
      return row.rows[0]!.rejected;
    };
    const machines = MACHINES.map((machineName) => ({ clientId: COMPANY_A, machineName }));
    const period = { from: '2026-03-01', to: '2026-04-08' };
    let seen = 0;
    for (const grain of ['day', 'week', 'shift'] as const) {
      const answer = await t.post('AdminMachines_getOee', { period, grain, machines }, 'admin');
      expect(answer.status).toBe(200);
      for (const machine of answer.body.machines) {
        for (const bucket of machine.buckets) {
          const rejected = await plain(bucket.from, bucket.to, machine.machineName);
          expect([grain, machine.machineName, bucket.from, bucket.rejectedQuantity]).toEqual([grain, machine.machineName, bucket.from, rejected]);
          seen += rejected;
        }
        if (grain !== 'shift') expect([grain, machine.total.rejectedQuantity]).toEqual([grain, await plain('2026-03-01T00:00:00Z', '2026-04-09T00:00:00Z', machine.machineName)]);
      }
      const totals = await t.post('AdminMachines_getOee', { period, grain, machines, withBuckets: false }, 'admin');
      expect(totals.body.machines.map((machine) => machine.total)).toEqual(answer.body.machines.map((machine) => machine.total));
    }
    // FB-1: 2 + 4 + 16 + 32 + 256 in the period; FB-2 adds 8 and 512.
    expect(await plain('2026-03-01T00:00:00Z', '2026-04-09T00:00:00Z', 'FB-1')).toBe(310);
    expect(seen).toBeGreaterThan(0);
  });
});

/**
 * The live status reads each machine's latest state event kept by a trigger on the machine events (migration
 * 2026-11-25-1500-machine-last-states): whatever is written, the kept rows must equal the latest state event of each
 * machine computed from the events (by at, then event id; counts are not states), and the live status must say so.
 */
describe("each machine's latest state event kept beside the machine events", () => {
  const LATEST = sql`
    select distinct on (company_id, machine_name) company_id, machine_name, at, event_id, kind from machine_events
     where kind in ('running', 'stopped', 'unknown') order by company_id, machine_name, at desc, event_id desc`;
  /** Kept and not latest, latest and not kept (both empty when the rows are right), and how many are kept. */
  async function lastStates() {
    const extra = await sql<Record<string, unknown>>`select company_id, machine_name, at, event_id, kind from machine_last_states except all (${LATEST})`.execute(t.db);
    const missing = await sql<Record<string, unknown>>`(${LATEST}) except all select company_id, machine_name, at, event_id, kind from machine_last_states`.execute(t.db);
    const kept = await sql<{ n: number }>`select count(*)::int as n from machine_last_states`.execute(t.db);
    return { extra: extra.rows, missing: missing.rows, kept: kept.rows[0]!.n };
  }
  const kindOf = async (machineName: string) =>
    (await sql<{ kind: string; at: Date }>`select kind, at from machine_last_states where company_id = ${COMPANY_A} and machine_name = ${machineName}`.execute(t.db)).rows[0];

  it('follow collector batches: a later event replaces, a late (earlier) one does not, counts never do, a batch sent again', async () => {
    const first = [event('FB-1', '2027-01-10T08:00:00Z', 'running'), event('FB-1', '2027-01-10T09:00:00Z', 'stopped'), event('FB-1', '2027-01-10T10:00:00Z', 'counts', { good: 5 })];
    expect((await send(first)).status).toBe(200);
    expect(await lastStates()).toMatchObject({ extra: [], missing: [] });
    expect(await kindOf('FB-1')).toEqual({ kind: 'stopped', at: new Date('2027-01-10T09:00:00Z') });
    // A late running event (before the stop) and later counts: the stop stays the latest state.
    expect((await send([event('FB-1', '2027-01-10T08:30:00Z', 'running'), event('FB-1', '2027-01-10T11:00:00Z', 'counts', { good: 1 })])).status).toBe(200);
    expect(await kindOf('FB-1')).toEqual({ kind: 'stopped', at: new Date('2027-01-10T09:00:00Z') });
    expect((await send([event('FB-1', '2027-01-10T12:00:00Z', 'running')])).status).toBe(200);
    expect(await kindOf('FB-1')).toEqual({ kind: 'running', at: new Date('2027-01-10T12:00:00Z') });
    expect((await send(first)).status).toBe(200);
    expect(await lastStates()).toMatchObject({ extra: [], missing: [] });
    expect(await kindOf('FB-1')).toEqual({ kind: 'running', at: new Date('2027-01-10T12:00:00Z') });
  });

  it('follow rows inserted straight into the table, many in one statement, with ties at the same instant and deaths', async () => {
    await sql`
      insert into machine_events (event_id, company_id, machine_name, at, kind, good, scrap, source)
      select gen_random_uuid(), case when g % 3 = 0 then ${COMPANY_B} else ${COMPANY_A} end, case when g % 3 = 0 then 'FB-B' else 'FB-' || (1 + g % 2) end,
             timestamptz '2027-02-01T00:00:00Z' + (g / 4) * interval '1 hour', (array['running', 'stopped', 'counts', 'unknown'])[1 + g % 4],
             case when g % 4 = 2 then g end, null, 'test'
        from generate_series(1, 999) g`.execute(t.db);
    expect(await lastStates()).toEqual({ extra: [], missing: [], kept: 3 });
  });

  it('stay right under collectors writing the same machines at once (no deadlock, nothing lost)', async () => {
    const batches = Array.from({ length: 8 }, (_, writer) =>
      Array.from({ length: 40 }, (_, index) =>
        event(MACHINES[(writer + index) % 2]!, new Date(Date.UTC(2027, 3, 1, index % 5, writer, index)).toISOString(), index % 3 === 0 ? 'stopped' : 'running'),
      ).reverse(),
    );
    const answers = await Promise.all(batches.map((batch) => send(batch)));
    expect(answers.map((answer) => answer.status)).toEqual(batches.map(() => 200));
    expect(await lastStates()).toMatchObject({ extra: [], missing: [] });
  });

  it('give the live status the latest state event of each machine', async () => {
    await send([event('FB-2', '2027-05-01T06:00:00Z', 'running'), event('FB-1', '2027-05-01T07:00:00Z', 'running')]);
    await send([event('FB-2', '2027-04-30T06:00:00Z', 'running')]);
    const answer = await t.post('AdminMachines_getLiveStatus', { clientIds: [COMPANY_A] }, 'admin');
    expect(answer.status).toBe(200);
    const latest = await sql<{ machine_name: string; kind: string; at: Date }>`select machine_name, kind, at from (${LATEST}) l where company_id = ${COMPANY_A} order by 1`.execute(t.db);
    expect(latest.rows.map((row) => [row.machine_name, row.kind, row.at.toISOString()])).toEqual([
      ['FB-1', 'running', '2027-05-01T07:00:00.000Z'],
      ['FB-2', 'running', '2027-05-01T06:00:00.000Z'],
    ]);
    const rows = answer.body.rows.filter((row) => MACHINES.includes(row.machineName));
    expect(rows.map((row) => [row.machineName, row.state, row.since])).toEqual([
      ['FB-1', 'running', '2027-05-01T07:00:00.000Z'],
      ['FB-2', 'running', '2027-05-01T06:00:00.000Z'],
    ]);
  });
});
