import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../../../tests/support/app.test-utils.js';
import { useTestApp } from '../../../../tests/support/test-app.test-utils.js';
import { pinClock } from '../../lib/clock.js';
import { createCompany } from '../../../../tests/support/factories/companies.test-utils.js';
import { makePreform, makeProduct, makeWarehouse } from '../supply/supply.fixtures.js';

/**
 * Issue 14, item 3: the OEE question paged by machine (`machinePage`, `machineCount`). A page holds the machines of
 * the unpaged answer at its place, in its order (client name, client, machine name), with the same figures; the count
 * is every machine of the question; past the last page no machine; a bad page is a 400 naming `machinePage`.
 */
// The fixture's events lie in the week of 2 March 2026: the portal's clock reads the Monday after, 9 March 06:00 (the
// week is over: its figures do not grow with the clock), and its horizon (8 days) reaches back past the week's start.
const t = useTestApp({ MACHINE_EVENT_HORIZON_DAYS: '8' });

// Two clients share a name (the order falls back to the client id), and machine names sort as text (FB-10 before FB-2).
const ALPHA_Y = 'oee-y';
const ALPHA_Z = 'oee-z';
const BETA = 'oee-a';
const GAMMA = 'oee-b';
const FLEET: [string, string, string[]][] = [
  [BETA, 'Beta Water', Array.from({ length: 9 }, (_, index) => `L-${index + 1}`)],
  [ALPHA_Z, 'Alpha Bottling', ['FB-2', 'FB-10', 'FB-1']],
  [GAMMA, 'Gamma Drinks', Array.from({ length: 12 }, (_, index) => `G-${String(index + 1).padStart(2, '0')}`)],
  [ALPHA_Y, 'Alpha Bottling', ['FB-1']],
];
const EVERY = FLEET.reduce((sum, [, , machines]) => sum + machines.length, 0);
const WEEK = { from: '2026-03-02', to: '2026-03-08' };

interface Ref {
  clientId: string;
  machineName: string;
}
const key = (machine: Ref) => `${machine.clientId}/${machine.machineName}`;
const oee = (body: object, caller: 'admin' | 'operator' = 'admin') =>
  t.post(caller === 'admin' ? 'AdminMachines_getOee' : 'OperatorMachines_getOee', { period: WEEK, grain: 'day', ...body } as never, caller);

beforeAll(async () => {
  pinClock('2026-03-09T06:00:00Z');
  for (const [id, name, fbs] of FLEET) await createCompany(t.db, id, { name, fbs });
  // Planned run times on machines of the first, a middle and the last page (the page reads only its clients' rates).
  const warehouseId = await makeWarehouse(t.db);
  const preform = await makePreform(t.db);
  for (const [companyId, machineNames, seconds] of [
    [ALPHA_Y, 'FB-1', 6],
    [ALPHA_Z, 'FB-10, FB-2', 8],
    [BETA, 'L-9', 5],
    [GAMMA, 'G-11', 12],
  ] as const) {
    const product = await makeProduct(t.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0]!, companyId });
    await t.db.updateTable('client_products').set({ machine_names: machineNames, planned_seconds_per_item: seconds }).where('id', '=', product).execute();
  }
  // Events on machines spread over the pages: runs, an unplanned stop, counts; each machine its own numbers.
  const busy: Ref[] = [
    { clientId: ALPHA_Y, machineName: 'FB-1' },
    { clientId: ALPHA_Z, machineName: 'FB-10' },
    { clientId: BETA, machineName: 'L-9' },
    { clientId: GAMMA, machineName: 'G-03' },
    { clientId: GAMMA, machineName: 'G-11' },
  ];
  const created = await t.post('AdminMachines_createCredential', { credential: { name: 'Paged fleet', machines: busy } }, 'admin');
  expect(created.status).toBe(200);
  const events = busy.flatMap((machine, index) => [
    { eventId: randomUUID(), machine, at: '2026-03-02T00:00:00Z', kind: 'running' as const },
    { eventId: randomUUID(), machine, at: `2026-03-0${3 + (index % 3)}T06:00:00Z`, kind: 'stopped' as const },
    { eventId: randomUUID(), machine, at: `2026-03-0${3 + (index % 3)}T${String(7 + index).padStart(2, '0')}:30:00Z`, kind: 'running' as const },
    { eventId: randomUUID(), machine, at: '2026-03-04T12:00:00Z', kind: 'counts' as const, good: 10_000 + 1_000 * index, scrap: 10 * (index + 1) },
  ]);
  expect((await t.post('MachineEvents_postEvents', { events }, { token: created.body.token })).status).toBe(200);
});

afterAll(() => pinClock(undefined));

describe('OEE paged by machine (machinePage)', () => {
  it('pages 1, 2 and 3 hold disjoint machines in the answer’s order (client name, client, machine name); machineCount is every machine', async () => {
    const all = await oee({ withBuckets: false });
    expect(all.status).toBe(200);
    expect(all.body.machineCount).toBe(EVERY);
    const every = all.body.machines.map(key);
    expect(every).toHaveLength(EVERY);
    // The documented order, worked by hand: Alpha Bottling (oee-y, then oee-z: FB-1, FB-10, FB-2), Beta Water, Gamma Drinks.
    expect(every.slice(0, 5)).toEqual([`${ALPHA_Y}/FB-1`, `${ALPHA_Z}/FB-1`, `${ALPHA_Z}/FB-10`, `${ALPHA_Z}/FB-2`, `${BETA}/L-1`]);
    expect(every.slice(13)).toEqual(Array.from({ length: 12 }, (_, index) => `${GAMMA}/G-${String(index + 1).padStart(2, '0')}`));

    const pages = await Promise.all([1, 2, 3].map((page) => oee({ withBuckets: false, machinePage: { page, rowsPerPage: 10 } })));
    expect(pages.map((page) => page.status)).toEqual([200, 200, 200]);
    expect(pages.map((page) => page.body.machineCount)).toEqual([EVERY, EVERY, EVERY]);
    const keys = pages.map((page) => page.body.machines.map(key));
    expect(keys.map((page) => page.length)).toEqual([10, 10, EVERY - 20]);
    expect(new Set(keys.flat()).size).toBe(EVERY);
    expect(keys).toEqual([every.slice(0, 10), every.slice(10, 20), every.slice(20)]);
  });

  it("a page's figures are those of the same machines in the unpaged answer: totals of every machine, and each machine by shift", async () => {
    for (const question of [{ withBuckets: false }, { grain: 'shift', withBuckets: true }, { grain: 'week' }]) {
      const all = await oee(question);
      const pages = await Promise.all([1, 2, 3].map((page) => oee({ ...question, machinePage: { page, rowsPerPage: 10 } })));
      expect(pages.flatMap((page) => page.body.machines)).toEqual(all.body.machines);
    }
    // The figures compared are not all empty: the busy machines on pages 1, 2 and 3 have an OEE, with their own rate.
    const all = await oee({ withBuckets: false });
    const busy = all.body.machines.filter((machine) => machine.total.oee !== null).map(key);
    expect(busy).toEqual([`${ALPHA_Y}/FB-1`, `${ALPHA_Z}/FB-10`, `${BETA}/L-9`, `${GAMMA}/G-11`]);
    expect(all.body.machines.find((machine) => key(machine) === `${GAMMA}/G-03`)!.total).toMatchObject({ performance: null, oee: null, producedQuantity: 13_040 });
  });

  it('with chosen machines, the page is taken within them and machineCount counts only them', async () => {
    const chosen: Ref[] = [
      ...Array.from({ length: 9 }, (_, index) => ({ clientId: GAMMA, machineName: `G-${String(12 - index).padStart(2, '0')}` })),
      { clientId: ALPHA_Z, machineName: 'FB-2' },
      { clientId: BETA, machineName: 'L-9' },
      { clientId: ALPHA_Y, machineName: 'FB-1' },
    ];
    const all = await oee({ machines: chosen, withBuckets: false });
    expect(all.body.machineCount).toBe(12);
    const every = all.body.machines.map(key);
    expect(every.slice(0, 3)).toEqual([`${ALPHA_Y}/FB-1`, `${ALPHA_Z}/FB-2`, `${BETA}/L-9`]);
    const first = await oee({ machines: chosen, withBuckets: false, machinePage: { page: 1, rowsPerPage: 10 } });
    const second = await oee({ machines: chosen, withBuckets: false, machinePage: { page: 2, rowsPerPage: 10 } });
    expect([first.body.machineCount, second.body.machineCount]).toEqual([12, 12]);
    expect(first.body.machines.map(key)).toEqual(every.slice(0, 10));
    expect(second.body.machines.map(key)).toEqual(every.slice(10));
    expect([...first.body.machines, ...second.body.machines]).toEqual(all.body.machines);
  });

  it('a page past the last has no machine and still the count (of every machine, or of the chosen ones)', async () => {
    const past = await oee({ withBuckets: false, machinePage: { page: 4, rowsPerPage: 10 } });
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ machineCount: EVERY, machines: [] });
    const far = await oee({ withBuckets: false, machinePage: { page: 1_000_000, rowsPerPage: 100 } }, 'operator');
    expect(far.body).toEqual({ machineCount: EVERY, machines: [] });
    const chosen = await oee({ machines: [{ clientId: BETA, machineName: 'L-1' }], machinePage: { page: 2, rowsPerPage: 10 } });
    expect(chosen.body).toEqual({ machineCount: 1, machines: [] });
    // A client without machines: an empty first page, a count of 0.
    const none = await t.post('AdminMachines_getOee', { period: WEEK, grain: 'day', machines: [{ clientId: BETA, machineName: 'L-99' }], machinePage: { page: 1, rowsPerPage: 20 } }, 'admin');
    expect(none.body).toEqual({ machineCount: 0, machines: [] });
  });

  it('without machinePage the answer is every machine, machineCount its length (integrators keep working)', async () => {
    const all = await oee({ grain: 'week' }, 'operator');
    expect(all.status).toBe(200);
    expect(all.body.machines).toHaveLength(EVERY);
    expect(all.body.machineCount).toBe(EVERY);
    expect(all.body.machines[0]!.buckets).toHaveLength(1);
  });

  it('refuses a bad page, naming machinePage, for both faces', async () => {
    for (const caller of ['admin', 'operator'] as const)
      for (const machinePage of [{ page: 1, rowsPerPage: 15 }, { page: 0, rowsPerPage: 20 }, { page: 1 }, { rowsPerPage: 20 }]) {
        const response = await oee({ withBuckets: false, machinePage }, caller);
        expect(response.status, JSON.stringify(machinePage)).toBe(400);
        expect(response.body.errors, JSON.stringify(machinePage)).toEqual(
          expect.arrayContaining([expect.objectContaining({ field: expect.stringMatching(/^machinePage(\.|$)/) })]),
        );
      }
  });

  it('answers 401 without a token and 403 to the other faces, paged, for both namespaces', async () => {
    const body = { period: WEEK, grain: 'day' as const, withBuckets: false, machinePage: { page: 1, rowsPerPage: 20 as const } };
    const client = { token: await as.client(BETA) };
    expect((await t.post('AdminMachines_getOee', body)).status).toBe(401);
    expect((await t.post('OperatorMachines_getOee', body)).status).toBe(401);
    expect((await t.post('AdminMachines_getOee', body, 'operator')).status).toBe(403);
    expect((await t.post('AdminMachines_getOee', body, client)).status).toBe(403);
    expect((await t.post('OperatorMachines_getOee', body, 'admin')).status).toBe(403);
    expect((await t.post('OperatorMachines_getOee', body, client)).status).toBe(403);
    expect((await t.post('AdminMachines_getOee', body, 'admin')).status).toBe(200);
    expect((await t.post('OperatorMachines_getOee', body, 'operator')).status).toBe(200);
  });
});

describe('OEE of a period that runs past now', () => {
  it('counts the shift time up to now: the days ahead are no planned busy time yet, and a day wholly ahead has no figure', async () => {
    const machines = [{ clientId: ALPHA_Y, machineName: 'FB-1' }];
    const week = (await oee({ machines, withBuckets: false })).body.machines[0].total;
    const ahead = (await oee({ machines, period: { from: '2026-03-02', to: '2026-03-15' } })).body.machines[0];
    // Now is Monday 9 March 06:00 (and the seconds the run has taken): the week and the Monday's six hours so far (no
    // shift details: whole days), not the rest of the two weeks.
    const sinceMonday = ahead.total.plannedBusyTime - week.plannedBusyTime;
    expect(sinceMonday).toBeGreaterThanOrEqual(6 * 3_600);
    expect(sinceMonday).toBeLessThan(6 * 3_600 + 600);
    expect([ahead.total.producedQuantity, ahead.total.coverage, week.coverage]).toEqual([week.producedQuantity, 1, 1]);
    expect(ahead.total.performance).toBeCloseTo((week.performance! * week.actualProductionTime) / ahead.total.actualProductionTime, 3);
    const thursday = ahead.buckets.find((bucket: { from: string }) => bucket.from.startsWith('2026-03-12'));
    expect(thursday).toMatchObject({ plannedBusyTime: 0, availability: null, performance: null, oee: null, coverage: 0 });
  });
});
