import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/support/test-app.test-utils.js';
import { pinClock } from '../../lib/clock.js';
import { createCompany } from '../../../../tests/support/factories/companies.test-utils.js';
import { underEachPlanMode } from '../../../../tests/support/plans.test-utils.js';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { makePreform, makeProduct, makeWarehouse } from '../supply/supply.fixtures.js';
import { getClientMachineBanner, getClientPerformance, getDowntimeAnalytics, getLiveStatus, getOee } from './machines.service.js';
import { companyScopeOf, scopeOf } from '../../lib/scope.js';

/**
 * The plant-performance reads run as named prepared statements (machines.repository.ts, issue 14). Each must answer
 * the same with PostgreSQL's plan for its parameters and with the generic plan it switches to after five executions,
 * and that answer must be the one the API gives (which machines.test.ts and machines.oee-page.test.ts check against
 * hand-worked figures). The eighth session said so after a manual check; this pins it.
 */
// The fixture's events lie in the week of 2 March 2026: the portal's clock reads the Monday after, 9 March 06:00 (the
// week is over: its figures do not grow with the clock), and its horizon (8 days) reaches back past the week's start.
const t = useTestApp({ MACHINE_EVENT_HORIZON_DAYS: '8' });

const NORTH = 'plans-north';
const SOUTH = 'plans-south';
const WEEK = { from: '2026-03-02', to: '2026-03-08' };
const admin: Actor = { sub: 'plans-admin', roles: new Set(['guest', 'admin']), clientType: null, companyId: null, name: 'Admin', email: null };
const client = (companyId: string): Actor => ({ sub: `plans-${companyId}`, roles: new Set(['guest', 'client']), clientType: 'client', companyId, name: 'Client', email: null });
const machine = (clientId: string, machineName: string) => ({ clientId, machineName });

beforeAll(async () => {
  pinClock('2026-03-09T06:00:00Z');
  await createCompany(t.db, NORTH, { name: 'North Bottling', fbs: ['FB-1', 'FB-2', 'FB-3'] });
  await createCompany(t.db, SOUTH, { name: 'South Water', fbs: ['L-1', 'L-2'] });
  const warehouseId = await makeWarehouse(t.db);
  const preform = await makePreform(t.db);
  for (const [companyId, machineNames, seconds] of [
    [NORTH, 'FB-1, FB-2', 6],
    [SOUTH, 'L-1', 9],
  ] as const) {
    const product = await makeProduct(t.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0]!, companyId });
    await t.db.updateTable('client_products').set({ machine_names: machineNames, planned_seconds_per_item: seconds }).where('id', '=', product).execute();
  }
  const busy = [machine(NORTH, 'FB-1'), machine(NORTH, 'FB-2'), machine(SOUTH, 'L-1'), machine(SOUTH, 'L-2')];
  const created = await t.post('AdminMachines_createCredential', { credential: { name: 'Plan modes', machines: busy } }, 'admin');
  expect(created.status).toBe(200);
  // Runs, stops that end and one that does not (FB-2 is stopped now), counts; each machine its own numbers.
  const events = busy.flatMap((ref, index) => [
    { eventId: randomUUID(), machine: ref, at: '2026-03-02T00:00:00Z', kind: 'running' as const },
    { eventId: randomUUID(), machine: ref, at: `2026-03-0${3 + index}T06:00:00Z`, kind: 'stopped' as const },
    ...(ref.machineName === 'FB-2' ? [] : [{ eventId: randomUUID(), machine: ref, at: `2026-03-0${3 + index}T${String(7 + index).padStart(2, '0')}:30:00Z`, kind: 'running' as const }]),
    { eventId: randomUUID(), machine: ref, at: '2026-03-04T12:00:00Z', kind: 'counts' as const, good: 10_000 + 1_000 * index, scrap: 10 * (index + 1) },
  ]);
  expect((await t.post('MachineEvents_postEvents', { events }, { token: created.body.token })).status).toBe(200);
});

const reads: { name: string; read: (db: Db) => Promise<unknown> }[] = [
  { name: 'the OEE of every machine, by day', read: (db) => getOee(db, scopeOf(admin), { period: WEEK, grain: 'day' }) },
  { name: 'the OEE, totals only, page 1 of 10 machines', read: (db) => getOee(db, scopeOf(admin), { period: WEEK, grain: 'week', withBuckets: false, machinePage: { page: 1, rowsPerPage: 10 } }) },
  { name: 'the OEE of two chosen machines', read: (db) => getOee(db, scopeOf(admin), { period: WEEK, grain: 'day', machines: [machine(NORTH, 'FB-2'), machine(SOUTH, 'L-1')] }) },
  { name: 'the live status of every machine', read: (db) => getLiveStatus(db, scopeOf(admin), {}) },
  { name: 'the live status, running machines, page 1 of 10', read: (db) => getLiveStatus(db, scopeOf(admin), { state: 'running', machinePage: { page: 1, rowsPerPage: 10 } }) },
  { name: "the live status of one client's machines", read: (db) => getLiveStatus(db, scopeOf(admin), { clientIds: [SOUTH] }) },
  { name: 'the downtime analytics of the week', read: (db) => getDowntimeAnalytics(db, scopeOf(admin), { period: WEEK }) },
  { name: "a client's performance (its machines, top causes)", read: (db) => getClientPerformance(db, companyScopeOf(client(NORTH)), WEEK) },
  { name: "a client's machine banner", read: async (db) => [...(await getClientMachineBanner(db, companyScopeOf(client(NORTH)))).entries()] },
];

afterAll(() => pinClock(undefined));

describe('plant-performance reads under both plan modes', () => {
  it.each(reads)('$name: the same answer with custom and generic plans, and the one the default mode gives', async ({ read }) => {
    const { custom, generic } = await underEachPlanMode(t.database.url, read);
    const usual = await read(t.db);
    expect(custom.answer).toEqual(usual);
    expect(generic.answer).toEqual(usual);
    // They ran prepared, by name, with custom plans and then with the generic plan only.
    expect(custom.prepared.length).toBeGreaterThan(0);
    expect(generic.prepared.map((statement) => statement.statement)).toEqual(custom.prepared.map((statement) => statement.statement));
    expect(generic.prepared.every((statement) => statement.generic_plans > 0 && statement.custom_plans === 0)).toBe(true);
  });

  it('the fixture has what the reads need: stops that ended, one that has not, counts on every busy machine', async () => {
    const live = await getLiveStatus(t.db, scopeOf(admin), {});
    expect(live.rows.map((row) => `${row.machineName} ${row.state}`)).toEqual(['FB-1 running', 'FB-2 stopped', 'FB-3 unknown', 'L-1 running', 'L-2 running']);
    const oee = await getOee(t.db, scopeOf(admin), { period: WEEK, grain: 'week', withBuckets: false });
    expect(oee.machines.filter((entry) => entry.total.goodQuantity > 0)).toHaveLength(4);
  });
});
