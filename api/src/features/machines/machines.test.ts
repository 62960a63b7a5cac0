import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../../../tests/support/app.test-utils.js';
import { useTestApp } from '../../../../tests/support/test-app.test-utils.js';
import { COMPANY_A, COMPANY_B, createCompany } from '../../../../tests/support/factories/companies.test-utils.js';
import { makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';
import { ingestEvents, type IncomingEvent } from './machines.ingest.js';

/**
 * Issue 15: machine events in (credentials, idempotency, late and out-of-order events, kept-aside events), live status,
 * OEE against hand-worked figures, downtime analytics, the client's banner and view, each client only its machines.
 */
// A history replayed from June 2025 to May 2026, read at the run's instant (from December 2026 on, up to the leap day
// of 2028 in the awkward-instant runs): the horizon reaches back past June 2025 from any of them, so every event is
// within the bounds (machines.bounds.test.ts tests the bounds themselves, at its own instant).
const BOUNDS = { aheadMs: 5 * 60_000, horizonMs: 1_200 * 86_400_000 };
const t = useTestApp({ MACHINE_EVENT_HORIZON_DAYS: '1200' });
const A_MACHINES = ['FB-1', 'FB-2', 'FB-3', 'FB-4', 'FB-5', 'FB-6', 'FB-7', 'FB-8', 'FB-9'];
let token: string;
const causes = { mould: 0, shortage: 0 };

type Kind = 'running' | 'stopped' | 'counts';
interface Sent {
  eventId: string;
  machine: { clientId: string; machineName: string };
  at: string;
  kind: Kind;
  causeCode?: number;
  good?: number;
  scrap?: number;
}
const event = (machineName: string, at: string, kind: Kind, extra: Partial<Sent> = {}, clientId = COMPANY_A): Sent => ({
  eventId: randomUUID(),
  machine: { clientId, machineName },
  at,
  kind,
  ...extra,
});
const send = (events: Sent[], bearer = token) => t.post('MachineEvents_postEvents', { events }, { token: bearer });

/** The downtime rows of a machine as the history shows them, without ids. */
async function stopsOf(machineName: string, companyId = COMPANY_A) {
  const rows = await t.db
    .selectFrom('downtime_history')
    .select(['cause_id', 'actual_date', 'duration', 'target_start', 'target_end'])
    .where('company_id', '=', companyId)
    .where('machine_name', '=', machineName)
    .orderBy('target_start')
    .execute();
  return rows.map((row) => ({ ...row, target_start: row.target_start.toISOString(), target_end: row.target_end?.toISOString() ?? null }));
}

beforeAll(async () => {
  await createCompany(t.db, COMPANY_A, { name: 'Company A', fbs: A_MACHINES });
  await createCompany(t.db, COMPANY_B, { name: 'Company B', fbs: ['FB-1', 'FB-B'] });
  for (const [key, name, planned] of [
    ['mould', 'Mould change', true],
    ['shortage', 'Preform shortage', false],
  ] as const) {
    const row = await t.db
      .insertInto('downtime_causes')
      .values({ cause_name: name, cause_description: name, planned })
      .returning('id')
      .executeTakeFirstOrThrow();
    causes[key] = row.id;
  }
  const created = await t.post(
    'AdminMachines_createCredential',
    { credential: { name: 'Line A collector', machines: A_MACHINES.map((machineName) => ({ clientId: COMPANY_A, machineName })) } },
    'admin',
  );
  expect(created.status).toBe(200);
  token = created.body.token;
});

describe('machine credentials', () => {
  it('are created by the admin with the token shown once, listed by its hint only, and stored hashed', async () => {
    expect(token).toMatch(/^mt_[A-Za-z0-9_-]{43}$/);
    const list = await t.post('AdminMachines_getCredentials', {}, 'admin');
    expect(list.body.rows[0]).toMatchObject({ name: 'Line A collector', tokenHint: token.slice(0, 7), revokedAt: null });
    expect(JSON.stringify(list.body)).not.toContain(token);
    const stored = await t.db.selectFrom('machine_credentials').select('token_hash').executeTakeFirstOrThrow();
    expect(stored.token_hash.toString('hex')).not.toContain(Buffer.from(token).toString('hex'));
    expect(stored.token_hash).toHaveLength(32);
  });

  it('refuse a machine that is not one of its company’s machines, naming the field', async () => {
    const answer = await t.post(
      'AdminMachines_createCredential',
      { credential: { name: 'Bad', machines: [{ clientId: COMPANY_A, machineName: 'FB-1' }, { clientId: COMPANY_B, machineName: 'FB-7' }] } },
      'admin',
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ field: 'credential.machines.1.machineName', code: 'unknownMachine' })]);
  });

  it('a revoked token is refused at once (401); a user token may not report events (403), nor a machine token call a user operation (403)', async () => {
    const other = await t.post('AdminMachines_createCredential', { credential: { name: 'Spare', machines: [{ clientId: COMPANY_A, machineName: 'FB-7' }] } }, 'admin');
    expect((await send([event('FB-7', '2026-03-01T00:00:00Z', 'running')], other.body.token)).status).toBe(200);
    expect((await t.post('AdminMachines_revokeCredential', { id: other.body.credential.id }, 'admin')).body.revokedAt).not.toBeNull();
    expect((await send([event('FB-7', '2026-03-01T01:00:00Z', 'running')], other.body.token)).status).toBe(401);
    expect((await t.post('MachineEvents_postEvents', { events: [event('FB-7', '2026-03-01T01:00:00Z', 'running')] }, 'admin')).status).toBe(403);
    expect((await t.post('AdminMachines_getCredentials', {}, { token })).status).toBe(403);
    expect((await t.post('AdminMachines_revokeCredential', { id: 999_999 }, 'admin')).status).toBe(404);
  });
});

describe('events in', () => {
  /** One machine's day: a stop with a cause, one whose cause comes with its second event, a stop across midnight, an open stop. */
  const story = (machine: string) => [
    event(machine, '2026-03-09T06:00:00Z', 'running'),
    event(machine, '2026-03-09T10:00:00Z', 'stopped', { causeCode: causes.mould }),
    event(machine, '2026-03-09T10:05:00Z', 'stopped'),
    event(machine, '2026-03-09T10:30:00Z', 'running'),
    event(machine, '2026-03-09T12:00:00Z', 'counts', { good: 5000, scrap: 50 }),
    event(machine, '2026-03-09T23:00:00Z', 'stopped'),
    event(machine, '2026-03-09T23:10:00Z', 'stopped', { causeCode: causes.shortage }),
    event(machine, '2026-03-10T01:00:00Z', 'running'),
    event(machine, '2026-03-10T12:00:00Z', 'stopped'),
  ];
  const expected = [
    { cause_id: 0, actual_date: '2026-03-09', duration: 30, target_start: '2026-03-09T10:00:00.000Z', target_end: '2026-03-09T10:30:00.000Z' },
    { cause_id: 0, actual_date: '2026-03-09', duration: 120, target_start: '2026-03-09T23:00:00.000Z', target_end: '2026-03-10T01:00:00.000Z' },
    { cause_id: null, actual_date: '2026-03-10', duration: 0, target_start: '2026-03-10T12:00:00.000Z', target_end: null },
  ];

  it('in order, in reverse, shuffled one by one with duplicates: the same downtime rows', async () => {
    const want = expected.map((row, index) => ({ ...row, cause_id: [causes.mould, causes.shortage, null][index] }));
    const inOrder = story('FB-1');
    expect((await send(inOrder)).body).toEqual({ accepted: 9, duplicates: 0, keptAside: 0 });
    expect(await stopsOf('FB-1')).toEqual(want);

    for (const one of [...story('FB-2')].reverse()) expect((await send([one])).status).toBe(200);
    expect(await stopsOf('FB-2')).toEqual(want);

    const shuffled = story('FB-3');
    const order = [4, 8, 1, 6, 0, 3, 7, 2, 5];
    for (const index of order) await send([shuffled[index]!, shuffled[(index + 3) % 9]!]);
    expect(await stopsOf('FB-3')).toEqual(want);
    // Every event again: acknowledged as duplicates, nothing changes.
    expect((await send(shuffled)).body).toEqual({ accepted: 0, duplicates: 9, keptAside: 0 });
    expect(await stopsOf('FB-3')).toEqual(want);
    expect(Number((await t.db.selectFrom('machine_events').select((eb) => eb.fn.countAll().as('n')).where('machine_name', '=', 'FB-3').executeTakeFirstOrThrow()).n)).toBe(9);
  });

  it('a late stop event inside a running stretch opens a stop; a late running event splits one; rows typed by hand stay', async () => {
    await t.db
      .insertInto('downtime_history')
      .values({ company_id: COMPANY_A, machine_name: 'FB-4', cause_id: null, actual_date: '2026-03-09', duration: 10, target_start: new Date('2026-03-09T02:00:00Z'), target_end: new Date('2026-03-09T02:10:00Z') })
      .execute();
    await send([event('FB-4', '2026-03-09T06:00:00Z', 'running'), event('FB-4', '2026-03-09T08:00:00Z', 'stopped'), event('FB-4', '2026-03-09T09:00:00Z', 'running')]);
    await send([event('FB-4', '2026-03-09T07:00:00Z', 'stopped'), event('FB-4', '2026-03-09T07:20:00Z', 'running')]);
    await send([event('FB-4', '2026-03-09T08:30:00Z', 'running')]);
    expect((await stopsOf('FB-4')).map((row) => [row.target_start.slice(11, 16), row.target_end?.slice(11, 16), row.duration])).toEqual([
      ['02:00', '02:10', 10],
      ['07:00', '07:20', 20],
      ['08:00', '08:30', 30],
    ]);
  });

  it('a late running event splits a stop: a later stop event inside it opens the second part; later stops are untouched', async () => {
    await send([
      event('FB-8', '2026-04-01T06:00:00Z', 'running'),
      event('FB-8', '2026-04-01T08:00:00Z', 'stopped'),
      event('FB-8', '2026-04-01T09:00:00Z', 'stopped', { causeCode: causes.shortage }),
      event('FB-8', '2026-04-01T12:00:00Z', 'running'),
      event('FB-8', '2026-04-01T14:00:00Z', 'stopped', { causeCode: causes.mould }),
      event('FB-8', '2026-04-01T15:00:00Z', 'running'),
    ]);
    const later = await t.db.selectFrom('downtime_history').select(['id', 'updated_at']).where('machine_name', '=', 'FB-8').where('target_start', '=', new Date('2026-04-01T14:00:00Z')).executeTakeFirstOrThrow();
    await send([event('FB-8', '2026-04-01T08:30:00Z', 'running')]);
    expect((await stopsOf('FB-8')).map((row) => [row.target_start.slice(11, 16), row.target_end?.slice(11, 16), row.cause_id])).toEqual([
      ['08:00', '08:30', null],
      ['09:00', '12:00', causes.shortage],
      ['14:00', '15:00', causes.mould],
    ]);
    const after = await t.db.selectFrom('downtime_history').select(['id', 'updated_at']).where('id', '=', later.id).executeTakeFirstOrThrow();
    expect(after.updated_at).toEqual(later.updated_at);
  });

  it('a late pair between two running events that share their instant with a stop event: each such stop belongs to what follows the running', async () => {
    // At the same instant, events go in event id order: the running event first, then the stop event.
    const first = '00000000-0000-4000-8000-00000000000';
    const last = 'ffffffff-ffff-4fff-bfff-fffffffffff';
    await send([
      { ...event('FB-9', '2026-04-02T06:00:00Z', 'running'), eventId: `${first}1` },
      { ...event('FB-9', '2026-04-02T06:00:00Z', 'stopped'), eventId: `${last}1` },
      event('FB-9', '2026-04-02T08:00:00Z', 'stopped'),
      { ...event('FB-9', '2026-04-02T09:00:00Z', 'running'), eventId: `${first}2` },
      { ...event('FB-9', '2026-04-02T09:00:00Z', 'stopped'), eventId: `${last}2` },
      event('FB-9', '2026-04-02T10:00:00Z', 'running'),
    ]);
    const times = async () => (await stopsOf('FB-9')).map((row) => [row.target_start.slice(11, 16), row.target_end?.slice(11, 16) ?? null]);
    expect(await times()).toEqual([
      ['06:00', '09:00'],
      ['09:00', '10:00'],
    ]);
    // Recomputed from the running event at 06:00 (with the stop at its instant) to the one at 09:00 (without the stop
    // at its instant, which opens the untouched stop after it).
    await send([event('FB-9', '2026-04-02T06:10:00Z', 'stopped'), event('FB-9', '2026-04-02T06:20:00Z', 'running')]);
    expect(await times()).toEqual([
      ['06:00', '06:20'],
      ['08:00', '09:00'],
      ['09:00', '10:00'],
    ]);
  });

  it('a cause set later by the operator stays when the stop closes or a late event moves it', async () => {
    await send([event('FB-5', '2026-03-09T06:00:00Z', 'running'), event('FB-5', '2026-03-09T10:00:00Z', 'stopped')]);
    const open = await t.db.selectFrom('downtime_history').select(['id', 'version']).where('machine_name', '=', 'FB-5').executeTakeFirstOrThrow();
    const saved = await t.post('OperatorDowntime_saveHistoryItem', { historyItem: { id: open.id, causeId: causes.shortage, version: open.version } }, 'operator');
    expect(saved.status).toBe(200);
    await send([event('FB-5', '2026-03-09T11:00:00Z', 'running'), event('FB-5', '2026-03-09T09:50:00Z', 'stopped', { causeCode: causes.mould })]);
    expect(await stopsOf('FB-5')).toEqual([
      { cause_id: causes.shortage, actual_date: '2026-03-09', duration: 70, target_start: '2026-03-09T09:50:00.000Z', target_end: '2026-03-09T11:00:00.000Z' },
    ]);
    expect((await t.db.selectFrom('downtime_history').select('id').where('machine_name', '=', 'FB-5').executeTakeFirstOrThrow()).id).toBe(open.id);
  });

  it('keeps aside unknown machines, machines outside the credential and unknown causes (the stop still opens)', async () => {
    const answer = await send([
      event('FB-99', '2026-03-09T06:00:00Z', 'stopped'),
      event('FB-B', '2026-03-09T06:00:00Z', 'stopped', {}, COMPANY_B),
      event('FB-6', '2026-03-09T06:00:00Z', 'stopped', { causeCode: 987_654 }),
    ]);
    expect(answer.body).toEqual({ accepted: 1, duplicates: 0, keptAside: 3 });
    const list = await t.post('AdminMachines_getUnmatchedEvents', { pagination: { page: 1, rowsPerPage: 10 } }, 'admin');
    expect(list.body.rows.map((row) => [row.machineName, row.reason, row.source]).sort()).toEqual([
      ['FB-6', 'unknownCause', 'Line A collector'],
      ['FB-99', 'unknownMachine', 'Line A collector'],
      ['FB-B', 'outOfScope', 'Line A collector'],
    ]);
    expect(await stopsOf('FB-6')).toEqual([expect.objectContaining({ cause_id: null, target_end: null })]);
    expect(await stopsOf('FB-B', COMPANY_B)).toEqual([]);
  });

  it('refuses a counts event without quantities or a cause on a running event, naming the field, and writes nothing', async () => {
    const before = await t.db.selectFrom('machine_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const counts = await send([event('FB-7', '2026-03-09T06:00:00Z', 'running'), event('FB-7', '2026-03-09T07:00:00Z', 'counts')]);
    expect(counts.status).toBe(400);
    expect(counts.body.errors).toEqual([expect.objectContaining({ field: 'events.1.good', code: 'required' })]);
    const cause = await send([event('FB-7', '2026-03-09T06:00:00Z', 'running', { causeCode: causes.mould })]);
    expect(cause.body.errors).toEqual([expect.objectContaining({ field: 'events.0.causeCode', code: 'notAllowed' })]);
    const bad = await send([{ ...event('FB-7', '2026-03-09T06:00:00Z', 'running'), eventId: 'not-a-uuid' }]);
    expect(bad.status).toBe(400);
    const after = await t.db.selectFrom('machine_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('live status', () => {
  it('shows every machine: stopped since when and why, running since when, unknown before any event', async () => {
    const answer = await t.post('AdminMachines_getLiveStatus', { clientIds: [COMPANY_A] }, 'admin');
    const byName = new Map(answer.body.rows.map((row) => [row.machineName, row]));
    expect(byName.get('FB-1')).toMatchObject({ state: 'stopped', since: '2026-03-10T12:00:00.000Z', DowntimeCause: null, company: 'Company A' });
    expect(byName.get('FB-4')).toMatchObject({ state: 'running', since: '2026-03-09T09:00:00.000Z', DowntimeCause: null, downtimeId: null });
    expect(byName.get('FB-7')).toMatchObject({ state: 'running', since: '2026-03-01T00:00:00.000Z' });
    const operator = await t.post('OperatorMachines_getLiveStatus', {}, 'operator');
    expect(operator.body.rows.find((row) => row.clientId === COMPANY_B && row.machineName === 'FB-B')).toMatchObject({ state: 'unknown', since: null });
  });

  it('answers one page of the machines in one state, and counts every state', async () => {
    const all = await t.post('OperatorMachines_getLiveStatus', {}, 'operator');
    expect(all.status).toBe(200);
    const rows = all.body.rows;
    expect(rows.length).toBeGreaterThan(10);
    const tally = (state: string) => rows.filter((row) => row.state === state).length;
    expect(all.body.counts).toEqual({ running: tally('running'), stopped: tally('stopped'), unknown: tally('unknown') });
    expect(all.body.machineCount).toBe(rows.length);
    expect(all.body.counts.stopped).toBeGreaterThan(0);

    // A page is taken in the unpaged answer's order; the counts do not depend on the page or the state asked.
    const second = await t.post('OperatorMachines_getLiveStatus', { machinePage: { page: 2, rowsPerPage: 10 } }, 'operator');
    expect(second.body.rows).toEqual(rows.slice(10, 20));
    expect(second.body).toMatchObject({ machineCount: rows.length, counts: all.body.counts });

    const stopped = await t.post('AdminMachines_getLiveStatus', { state: 'stopped', machinePage: { page: 1, rowsPerPage: 10 } }, 'admin');
    expect(stopped.body.rows).toEqual(rows.filter((row) => row.state === 'stopped').slice(0, 10));
    expect(stopped.body.rows.map((row) => row.machineName)).toContain('FB-1');
    expect(stopped.body).toMatchObject({ machineCount: all.body.counts.stopped, counts: all.body.counts });

    const ofA = await t.post('AdminMachines_getLiveStatus', { clientIds: [COMPANY_A], state: 'unknown' }, 'admin');
    expect(ofA.body.rows.every((row) => row.clientId === COMPANY_A && row.state === 'unknown')).toBe(true);
    const aRows = rows.filter((row) => row.clientId === COMPANY_A);
    expect(ofA.body.counts.running + ofA.body.counts.stopped + ofA.body.counts.unknown).toBe(aRows.length);

    const past = await t.post('AdminMachines_getLiveStatus', { state: 'running', machinePage: { page: 1000, rowsPerPage: 10 } }, 'admin');
    expect(past.body).toMatchObject({ rows: [], machineCount: all.body.counts.running });
  });

  it('refuses a state or a page size the contract does not name', async () => {
    expect((await t.post('AdminMachines_getLiveStatus', { state: 'broken' } as never, 'admin')).status).toBe(400);
    expect((await t.post('AdminMachines_getLiveStatus', { machinePage: { page: 1, rowsPerPage: 7 } } as never, 'admin')).status).toBe(400);
    expect((await t.post('AdminMachines_getLiveStatus', { machinePage: { page: 0, rowsPerPage: 10 } }, 'admin')).status).toBe(400);
  });
});

describe('OEE', () => {
  it('matches the hand-worked day: whole-day shift, 2 h unplanned stop, 8 s per bottle, 9,000 good and 100 scrap', async () => {
    // PBT 24 h = 86,400 s (no shift details, no planned stop); APT 86,400 - 7,200 = 79,200 s: availability 0.9167.
    // Performance 8 × 9,100 / 79,200 = 0.9192; quality 9,000 / 9,100 = 0.989; OEE 0.8333: medium.
    const warehouseId = await makeWarehouse(t.db);
    const preform = await makePreform(t.db);
    const product = await makeProduct(t.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0]!, companyId: COMPANY_A });
    await t.db.updateTable('client_products').set({ machine_names: 'FB-6, FB-7', planned_seconds_per_item: 8 }).where('id', '=', product).execute();
    await send([
      event('FB-7', '2026-03-20T00:00:00Z', 'running'),
      event('FB-7', '2026-03-20T06:00:00Z', 'stopped', { causeCode: causes.shortage }),
      event('FB-7', '2026-03-20T08:00:00Z', 'running'),
      event('FB-7', '2026-03-20T12:00:00Z', 'counts', { good: 9000, scrap: 100 }),
    ]);
    const answer = await t.post(
      'AdminMachines_getOee',
      { period: { from: '2026-03-20', to: '2026-03-20' }, grain: 'day', machines: [{ clientId: COMPANY_A, machineName: 'FB-7' }] },
      'admin',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.machines).toHaveLength(1);
    expect(answer.body.machines[0]!.total).toEqual({
      availability: 0.9167,
      performance: 0.9192,
      quality: 0.989,
      oee: 0.8333,
      band: 'medium',
      coverage: 1,
      plannedBusyTime: 86_400,
      actualProductionTime: 79_200,
      producedQuantity: 9_100,
      goodQuantity: 9_000,
      scrapQuantity: 100,
      rejectedQuantity: 0,
    });
  });

  it('gives each machine of a question its own stops, state events and counts, whatever their order', async () => {
    // The day above, asked for FB-7 beside FB-1, which has been stopped since 10 March at 12:00 (the open stop its
    // event story left, 'events in' above) and counted nothing: its whole day is downtime.
    const [fb1, fb7] = [{ clientId: COMPANY_A, machineName: 'FB-1' }, { clientId: COMPANY_A, machineName: 'FB-7' }];
    const alone = await t.post('AdminMachines_getOee', { period: { from: '2026-03-20', to: '2026-03-20' }, grain: 'day', machines: [fb7] }, 'admin');
    for (const machines of [[fb1, fb7], [fb7, fb1]]) {
      const answer = await t.post('AdminMachines_getOee', { period: { from: '2026-03-20', to: '2026-03-20' }, grain: 'day', machines }, 'admin');
      const byName = new Map(answer.body.machines.map((row) => [row.machineName, row]));
      expect(byName.get('FB-7')).toEqual(alone.body.machines[0]);
      expect(byName.get('FB-7')!.total).toMatchObject({ actualProductionTime: 79_200, goodQuantity: 9_000, scrapQuantity: 100 });
      expect(byName.get('FB-1')!.total).toMatchObject({ plannedBusyTime: 86_400, actualProductionTime: 0, goodQuantity: 0, scrapQuantity: 0 });
    }
  });

  it("rates a machine by its product in production (wip), else by the mean of its products' rates; a product naming it twice counts once", async () => {
    // FB-5 runs the whole day (APT 86,400 s) and counts 2,880 bottles: performance = rate × 2,880 / 86,400 = rate / 30.
    const company = COMPANY_A;
    const warehouseId = await makeWarehouse(t.db);
    const preform = await makePreform(t.db);
    const product = async (machineNames: string, seconds: number) => {
      const id = await makeProduct(t.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0]!, companyId: company });
      await t.db.updateTable('client_products').set({ machine_names: machineNames, planned_seconds_per_item: seconds }).where('id', '=', id).execute();
      return id;
    };
    const ten = await product('FB-5', 10);
    await product('FB-5, FB-5', 20);
    await product('FB-4', 40);
    await send([event('FB-5', '2026-05-04T00:00:00Z', 'running', {}, company), event('FB-5', '2026-05-04T12:00:00Z', 'counts', { good: 2880, scrap: 0 }, company)]);
    const performance = async () =>
      (
        await t.post(
          'AdminMachines_getOee',
          { period: { from: '2026-05-04', to: '2026-05-04' }, grain: 'day', withBuckets: false, machines: [{ clientId: company, machineName: 'FB-5' }] },
          'admin',
        )
      ).body.machines[0]!.total.performance;
    // The mean of 10 and 20 s (not of 10, 20 and 20): 15 / 30.
    expect(await performance()).toBe(0.5);
    await t.db.updateTable('client_products').set({ wip: true }).where('id', '=', ten).execute();
    expect(await performance()).toBe(0.3333);
  });

  it('answers the same totals without the buckets when withBuckets is false (the screen asks every machine so)', async () => {
    const question = { period: { from: '2026-03-19', to: '2026-03-21' }, grain: 'day' as const, machines: [{ clientId: COMPANY_A, machineName: 'FB-7' }] };
    const full = await t.post('AdminMachines_getOee', question, 'admin');
    const totals = await t.post('AdminMachines_getOee', { ...question, withBuckets: false }, 'admin');
    expect(full.body.machines[0]!.buckets).toHaveLength(3);
    expect(totals.status).toBe(200);
    expect(totals.body.machines).toEqual([{ ...full.body.machines[0]!, buckets: [] }]);
  });

  it('a stop across midnight counts in each day; a planned cause is not downtime; the shift of Client details bounds the time', async () => {
    // FB-1: stop 23:00 (9 March) - 01:00 (10 March), shortage (unplanned); the 10:00-10:30 stop is a mould change (planned).
    // Day shift 06:00-22:00 set below: 9 March PBT = 16 h - 0.5 h = 55,800 s; the night stop lies outside both shifts.
    const day = async () =>
      (
        await t.post(
          'OperatorMachines_getOee',
          { period: { from: '2026-03-09', to: '2026-03-10' }, grain: 'day', machines: [{ clientId: COMPANY_A, machineName: 'FB-1' }] },
          'operator',
        )
      ).body.machines[0]!.buckets.map((bucket) => [bucket.plannedBusyTime, bucket.actualProductionTime]);
    // Whole days: 9 March PBT 86,400 - 1,800 = 84,600, APT - 3,600 = 81,000; 10 March: 1 h of the night stop and the open
    // stop from 12:00 to the end of the day.
    expect(await day()).toEqual([
      [84_600, 81_000],
      [86_400, 86_400 - 3_600 - 12 * 3_600],
    ]);
    await t.db
      .insertInto('client_details')
      .values({ company_id: COMPANY_A, billing_company: 'A', billing_address: 'x', billing_city: 'x', billing_country: 'x', billing_email: 'a@example.com', currency: 'EUR', shift_start: '06:00', shift_end: '22:00' })
      .execute();
    expect(await day()).toEqual([
      [55_800, 55_800],
      [57_600, 57_600 - 10 * 3_600],
    ]);
  });

  it("counts as covered the time the state is known from the machine's events: running and stopped alike, not before its first event nor after its collector's death until the next event", async () => {
    // FB-B of Company B (whole-day shifts; no other event in 2025), as the API hears the MQTT bridge: a death message
    // is an 'unknown' event. 9 June: known from 20:00 (4 of 24 h). 10 June: unknown 06:00-09:00 and from 18:00 on,
    // twice told (15 of 24 h). 11 June: unknown all day, from the day before. The period: 19 of 72 h.
    const story: [at: string, kind: IncomingEvent['kind']][] = [
      ['2025-06-09T20:00:00Z', 'running'],
      ['2025-06-10T02:00:00Z', 'stopped'],
      ['2025-06-10T03:00:00Z', 'running'],
      ['2025-06-10T06:00:00Z', 'unknown'],
      ['2025-06-10T09:00:00Z', 'running'],
      ['2025-06-10T09:30:00Z', 'stopped'],
      ['2025-06-10T10:00:00Z', 'running'],
      ['2025-06-10T18:00:00Z', 'unknown'],
      ['2025-06-10T18:30:00Z', 'unknown'],
    ];
    const events = story.map(([at, kind]): IncomingEvent => ({ eventId: randomUUID(), machine: { clientId: COMPANY_B, machineName: 'FB-B' }, at, kind }));
    await ingestEvents(t.db, { name: 'MQTT', machines: null }, events, BOUNDS);
    const answer = await t.post(
      'AdminMachines_getOee',
      { period: { from: '2025-06-09', to: '2025-06-11' }, grain: 'day', machines: [{ clientId: COMPANY_B, machineName: 'FB-B' }] },
      'admin',
    );
    expect(answer.status).toBe(200);
    const [fbB] = answer.body.machines;
    expect(fbB!.buckets.map((bucket) => bucket.coverage)).toEqual([0.1667, 0.625, 0]);
    expect(fbB!.total.coverage).toBe(0.2639);
  });
});

describe('downtime analytics', () => {
  it('gives the Pareto of causes, MTBF and MTTR (on operating time) per machine and the weekly trend', async () => {
    const answer = await t.post(
      'AdminMachines_getDowntimeAnalytics',
      { period: { from: '2026-03-09', to: '2026-03-09' }, machines: [{ clientId: COMPANY_A, machineName: 'FB-2' }] },
      'admin',
    );
    // FB-2 on 9 March: mould 10:00-10:30 (0.5 h), shortage 23:00-24:00 cut to the day (1 h).
    expect(answer.body.pareto).toEqual([
      { causeId: causes.shortage, causeName: 'Preform shortage', planned: false, hours: 1, count: 1 },
      { causeId: causes.mould, causeName: 'Mould change', planned: true, hours: 0.5, count: 1 },
    ]);
    // MTBF and MTTR are on operating time: Company A's shift is 06:00-22:00 (Client details, set in 'OEE' above), so the
    // planned busy time is 16 h - 0.5 h of mould change; the shortage stop lies after the shift: no failure, no figure
    // (on the calendar day it was (24 - 1.5) / 2 = 11.25 h).
    expect(answer.body.machines).toEqual([{ clientId: COMPANY_A, company: 'Company A', machineName: 'FB-2', stops: 0, mtbfHours: null, mttrHours: null }]);
    expect(answer.body.weekly).toEqual([{ weekStart: '2026-03-09', hours: 1.5, count: 2 }]);
  });

  it('names a stop without a cause last among equal hours, and puts each stop in the week it started, cut to the period', async () => {
    // FB-B: a machine with no other stops (its company's status and performance tests look at March).
    const stop = (start: string, end: string, causeId: number | null) => ({
      company_id: COMPANY_B,
      machine_name: 'FB-B',
      cause_id: causeId,
      actual_date: start.slice(0, 10),
      duration: (Date.parse(end) - Date.parse(start)) / 60_000,
      target_start: new Date(start),
      target_end: new Date(end),
    });
    await t.db
      .insertInto('downtime_history')
      .values([
        // Started on Sunday 3 May (the week of 27 April), 2 of its 4 hours in the period.
        stop('2026-05-03T22:00:00Z', '2026-05-04T02:00:00Z', null),
        stop('2026-05-05T10:00:00Z', '2026-05-05T11:00:00Z', causes.shortage!),
        stop('2026-05-12T10:00:00Z', '2026-05-12T12:00:00Z', causes.mould!),
        // Outside the period.
        stop('2026-05-18T10:00:00Z', '2026-05-18T12:00:00Z', causes.shortage!),
      ])
      .execute();
    const answer = await t.post(
      'AdminMachines_getDowntimeAnalytics',
      { period: { from: '2026-05-04', to: '2026-05-17' }, machines: [{ clientId: COMPANY_B, machineName: 'FB-B' }] },
      'admin',
    );
    expect(answer.body.pareto).toEqual([
      { causeId: causes.mould, causeName: 'Mould change', planned: true, hours: 2, count: 1 },
      { causeId: null, causeName: null, planned: false, hours: 2, count: 1 },
      { causeId: causes.shortage, causeName: 'Preform shortage', planned: false, hours: 1, count: 1 },
    ]);
    // Whole days (no shift details), 14 of them: 336 h; PBT = 336 - 2 h of mould change = 334 h. Failures: the stop
    // without a cause (2 h in the period) and the shortage (1 h): downtime 3 h, APT 331 h. MTBF = 331 / 2 = 165.5 h,
    // MTTR = 3 / 2 = 1.5 h (and 165.5 / 167 = 331 / 334, the availability).
    expect(answer.body.machines).toEqual([{ clientId: COMPANY_B, company: 'Company B', machineName: 'FB-B', stops: 2, mtbfHours: 165.5, mttrHours: 1.5 }]);
    expect(answer.body.weekly).toEqual([
      { weekStart: '2026-04-27', hours: 2, count: 1 },
      { weekStart: '2026-05-04', hours: 1, count: 1 },
      { weekStart: '2026-05-11', hours: 2, count: 1 },
    ]);
  });
});

describe('the client', () => {
  it("banner: a stopped machine lists the client's open order items it was making", async () => {
    const warehouseId = await makeWarehouse(t.db);
    const preform = await makePreform(t.db);
    const product = await makeProduct(t.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0]!, companyId: COMPANY_A, name: 'Spring Water 0.5 L' });
    await t.db.updateTable('client_products').set({ machine_names: 'FB-1' }).where('id', '=', product).execute();
    const orderId = await makeProductionOrder(t.db, { companyId: COMPANY_A });
    const open = await makeOrderItem(t.db, { orderId, productId: product, planned: 20_000, produced: 2_000, dueDate: '2026-12-03' });
    await makeOrderItem(t.db, { orderId, productId: product, planned: 5_000, produced: 5_000, dueDate: '2026-12-01' });
    await makeOrderItem(t.db, { orderId, productId: product, planned: 5_000, isClosed: true, dueDate: '2026-12-02' });
    const status = await t.post('ClientPortfolio_getMachineStatus', undefined, 'client');
    const fb1 = status.body.find((row: { machineName: string }) => row.machineName === 'FB-1');
    expect(fb1).toMatchObject({ state: 'stopped', stoppedSince: '2026-03-10T12:00:00.000Z' });
    expect(fb1!.affectedItems).toEqual([{ id: open, articleNo: expect.any(String), productName: 'Spring Water 0.5 L', dueDate: '2026-12-03', remainingQuantity: 18_000 }]);
    expect(status.body.find((row: { machineName: string }) => row.machineName === 'FB-4')).toMatchObject({ state: 'running', affectedItems: [] });
  });

  it("banner: a stopped machine lists what it is making and is next to make, never another machine's items", async () => {
    // FB-2 and FB-3 are both stopped (the open stops of their event stories). Products naming both machines, as the
    // demo's do (FB-101, FB-102): an item planned on one machine is that machine's only; an item planned on none is
    // no one machine's. A product naming FB-3 alone is FB-3's. The product in production (wip) is what a machine is
    // making now, so it comes first; then by due date, at most 3 items.
    const warehouseId = await makeWarehouse(t.db);
    const preform = await makePreform(t.db);
    const product = async (name: string, machineNames: string, wip = false) => {
      const id = await makeProduct(t.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0]!, companyId: COMPANY_A, name });
      await t.db.updateTable('client_products').set({ machine_names: machineNames, wip }).where('id', '=', id).execute();
      return id;
    };
    const shared = await product('Shared 1 L', 'FB-2, FB-3');
    const onLine = await product('On line 0.33 L', 'FB-3,FB-2', true);
    const third = await product('Only FB-3 1.5 L', 'FB-3');
    const orderId = await makeProductionOrder(t.db, { companyId: COMPANY_A });
    const item = async (productId: number, dueDate: string, machineName: string | null) => {
      const id = await makeOrderItem(t.db, { orderId, productId, planned: 1_000, dueDate });
      await t.db.updateTable('client_production_order_items').set({ machine_name: machineName }).where('id', '=', id).execute();
      return id;
    };
    const onFb2 = await item(shared, '2026-12-05', 'FB-2');
    const onFb3 = await item(shared, '2026-12-04', 'FB-3');
    await item(shared, '2026-12-03', null);
    const making = await item(onLine, '2026-12-20', 'FB-2');
    const laterOnFb2 = await item(shared, '2026-12-06', 'FB-2');
    await item(shared, '2026-12-07', 'FB-2');
    const onlyFb3 = await item(third, '2026-12-10', null);
    const status = await t.post('ClientPortfolio_getMachineStatus', undefined, 'client');
    const itemsOf = (machineName: string) =>
      status.body.find((row: { machineName: string }) => row.machineName === machineName)!.affectedItems!.map((entry: { id: number }) => entry.id);
    expect(itemsOf('FB-2')).toEqual([making, onFb2, laterOnFb2]);
    expect(itemsOf('FB-3')).toEqual([onFb3, onlyFb3]);
  });

  it("never sees another company's machines: status, banner items and performance are its own", async () => {
    const bToken = await as.client(COMPANY_B);
    const b = await t.post('ClientPortfolio_getMachineStatus', undefined, { token: bToken });
    expect(b.body.map((row: { machineName: string }) => row.machineName).sort()).toEqual(['FB-1', 'FB-B']);
    expect(b.body.every((row: { affectedItems?: unknown[]; state?: string }) => row.state === 'unknown' && row.affectedItems?.length === 0)).toBe(true);
    const performance = await t.post('ClientMachines_getPerformance', { period: { from: '2026-03-09', to: '2026-03-10' } }, { token: bToken });
    expect(performance.body.machines.map((row) => row.machineName)).toEqual(['FB-1', 'FB-B']);
    expect(performance.body.machines.every((row) => row.topCauses.length === 0 && row.total.plannedBusyTime === 2 * 86_400)).toBe(true);
  });

  it('performance: OEE and availability of its machines with their top stop causes', async () => {
    const answer = await t.post('ClientMachines_getPerformance', { period: { from: '2026-03-09', to: '2026-03-09' } }, 'client');
    expect(answer.body.machines.map((row) => row.machineName)).toEqual(A_MACHINES);
    const fb2 = answer.body.machines.find((row) => row.machineName === 'FB-2')!;
    expect(fb2.topCauses).toEqual([
      { causeName: 'Preform shortage', hours: 1, count: 1 },
      { causeName: 'Mould change', hours: 0.5, count: 1 },
    ]);
    // Shift 06:00-22:00: PBT 16 h - 0.5 h planned = 55,800 s, the night stop outside it.
    expect(fb2.total).toMatchObject({ plannedBusyTime: 55_800, actualProductionTime: 55_800, availability: 1, goodQuantity: 5000, scrapQuantity: 50 });
  });
});

describe('the OEE fields of other records', () => {
  it("a cause's planned flag and a product's planned run time per item are saved by their save operations", async () => {
    const created = await t.post('AdminDowntime_saveCause', { cause: { causeName: 'Maintenance', causeDescription: 'Weekly', planned: true } }, 'admin');
    expect(created.body).toMatchObject({ causeName: 'Maintenance', planned: true });
    const renamed = await t.post('AdminDowntime_saveCause', { cause: { id: created.body.id, causeName: 'Maintenance (weekly)', causeDescription: 'Weekly', version: created.body.version } }, 'admin');
    expect(renamed.body).toMatchObject({ causeName: 'Maintenance (weekly)', planned: true });
    const plain = await t.post('AdminDowntime_saveCause', { cause: { causeName: 'Jam', causeDescription: 'Bottle jam' } }, 'admin');
    expect(plain.body.planned).toBe(false);

    const warehouseId = await makeWarehouse(t.db);
    const preform = await makePreform(t.db);
    const product = {
      scrapRate: 0,
      preformScrapStart: 0,
      preformScrapChangeOver: 0,
      clientId: COMPANY_A,
      machineNames: 'FB-1',
      productName: 'Rate water',
      articleNo: 'RW-1',
      preformId: preform.id,
      preformWarehouseId: warehouseId,
      defaultSupplyId: preform.supplyIds[0]!,
    };
    const saved = await t.post('AdminClients_saveClientProduct', { product: { ...product, plannedSecondsPerItem: 1.5 } }, 'admin');
    expect(saved.status).toBe(200);
    expect(saved.body.plannedSecondsPerItem).toBe(1.5);
    const kept = await t.post('AdminClients_saveClientProduct', { product: { ...product, id: saved.body.id, version: saved.body.version } }, 'admin');
    expect(kept.body.plannedSecondsPerItem).toBe(1.5);
    const tooSlow = await t.post('AdminClients_saveClientProduct', { product: { ...product, plannedSecondsPerItem: 3601 } }, 'admin');
    expect(tooSlow.status).toBe(400);
    expect(tooSlow.body.errors).toEqual([expect.objectContaining({ field: 'product.plannedSecondsPerItem', code: 'maximum' })]);
  });
});
