import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_A, createCompany } from '../../../../tests/support/factories/companies.test-utils.js';
import { useTestApp } from '../../../../tests/support/test-app.test-utils.js';
import { pinClock } from '../../lib/clock.js';

/**
 * Machine events outside their bounds are kept aside with their reason, not applied: dated more than 5 minutes after
 * the portal's clock, before its 7-day horizon (closed days), or a stop over a stop typed by hand. A stopped event at
 * 9999-12-31 once showed a stop of a billion minutes and one at 0001-01-01 put 133.6 h without a cause in the Pareto of
 * 1-6 December: here neither changes any figure.
 */
const t = useTestApp();
const MACHINES = ['FB-101', 'FB-102', 'FB-103'];
// The portal's clock reads Wednesday 2 December 2026, 09:00 UTC: a working morning with a day of history behind it
// (1 December), so the 7-day horizon starts on 25 November 09:00 and the 5-minute bound ends at 09:05.
const NOW = '2026-12-02T09:00:00Z';
let token: string;
let mould: number;

type Kind = 'running' | 'stopped' | 'counts';
const event = (machineName: string, at: string, kind: Kind, extra: { causeCode?: number; good?: number; scrap?: number } = {}) => ({
  eventId: randomUUID(),
  machine: { clientId: COMPANY_A, machineName },
  at,
  kind,
  ...extra,
});
const send = (events: ReturnType<typeof event>[]) => t.post('MachineEvents_postEvents', { events }, { token });
const ALL = MACHINES.map((machineName) => ({ clientId: COMPANY_A, machineName }));

/** Every figure an event can change: OEE by day, live status, Pareto and reliability, the downtime rows, the banner. */
async function figures() {
  // The pinned clock moves on from NOW; today's figures count up to the clock, so each reading starts it at NOW again
  // (two readings compared a second apart would differ by that second).
  pinClock(NOW);
  const oee = await t.post('AdminMachines_getOee', { period: { from: '2026-12-01', to: '2026-12-06' }, grain: 'day', machines: ALL }, 'admin');
  const live = await t.post('AdminMachines_getLiveStatus', { clientIds: [COMPANY_A] }, 'admin');
  const analytics = await t.post('AdminMachines_getDowntimeAnalytics', { period: { from: '2026-12-01', to: '2026-12-06' }, machines: ALL }, 'admin');
  const banner = await t.post('ClientPortfolio_getMachineStatus', undefined, 'client');
  const downtime = await t.db
    .selectFrom('downtime_history')
    .select(['id', 'machine_name', 'cause_id', 'duration', 'target_start', 'target_end'])
    .where('company_id', '=', COMPANY_A)
    .orderBy('id')
    .execute();
  const events = await t.db.selectFrom('machine_events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  expect([oee.status, live.status, analytics.status, banner.status]).toEqual([200, 200, 200, 200]);
  return { oee: oee.body.machines, live: live.body, analytics: analytics.body, banner: banner.body, downtime, events: Number(events.n) };
}

const keptAside = async () =>
  (await t.post('AdminMachines_getUnmatchedEvents', { pagination: { page: 1, rowsPerPage: 50 } }, 'admin')).body.rows;

beforeAll(async () => {
  pinClock(NOW);
  await createCompany(t.db, COMPANY_A, { name: 'Company A', fbs: MACHINES });
  mould = (await t.db.insertInto('downtime_causes').values({ cause_name: 'Mould change', cause_description: 'Mould' }).returning('id').executeTakeFirstOrThrow()).id;
  const created = await t.post('AdminMachines_createCredential', { credential: { name: 'Line 1 collector', machines: ALL } }, 'admin');
  expect(created.status).toBe(200);
  token = created.body.token;
  // 1 December: both machines run from 06:00; FB-101 stops 10:00-10:30 for a mould change and counts 5,000 bottles.
  const day = await send([
    event('FB-101', '2026-12-01T06:00:00Z', 'running'),
    event('FB-102', '2026-12-01T06:00:00Z', 'running'),
    event('FB-101', '2026-12-01T10:00:00Z', 'stopped', { causeCode: mould }),
    event('FB-101', '2026-12-01T10:30:00Z', 'running'),
    event('FB-101', '2026-12-01T12:00:00Z', 'counts', { good: 5_000, scrap: 50 }),
  ]);
  expect(day.body).toEqual({ accepted: 5, duplicates: 0, keptAside: 0 });
});
afterAll(() => pinClock(undefined));

describe('machine events outside the bounds of the portal clock', () => {
  it('a stop at 9999-12-31 and one at 0001-01-01 change no figure and are listed aside with their reason', async () => {
    const before = await figures();
    expect(before.live.rows.map((row) => [row.machineName, row.state])).toEqual([
      ['FB-101', 'running'],
      ['FB-102', 'running'],
      ['FB-103', 'unknown'],
    ]);
    const far = [event('FB-101', '9999-12-31T23:59:59Z', 'stopped'), event('FB-102', '0001-01-01T00:00:00Z', 'stopped')];
    const answer = await send(far);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ accepted: 0, duplicates: 0, keptAside: 2 });
    // OEE, live status, Pareto, MTBF/MTTR, the downtime rows, the client's banner: all as before; no event stored.
    expect(await figures()).toEqual(before);
    const rows = await keptAside();
    expect(rows.map((row) => [row.machineName, row.at, row.reason, row.detail])).toEqual(
      expect.arrayContaining([
        // The clock runs on from the pinned instant: the detail names it to the millisecond the event came.
        ['FB-101', '9999-12-31T23:59:59.000Z', 'aheadOfClock', expect.stringMatching(/^More than 5 min after the portal's clock \(2026-12-02T09:00:\d\d\.\d{3}Z\)\.$/)],
        ['FB-102', '0001-01-01T00:00:00.000Z', 'beforeHorizon', expect.stringMatching(/^Before the 7-day horizon \(2026-11-25T09:00:\d\d\.\d{3}Z\): those days are closed\.$/)],
      ]),
    );
    // Sent again: acknowledged as duplicates, listed once.
    expect((await send(far)).body).toEqual({ accepted: 0, duplicates: 2, keptAside: 0 });
    expect(await keptAside()).toHaveLength(rows.length);
  });

  it('applies an event up to 5 minutes ahead and from the horizon on; keeps aside one more than 5 minutes ahead or a day before the horizon', async () => {
    const answer = await send([
      event('FB-102', '2026-12-02T09:04:00Z', 'counts', { good: 10 }),
      event('FB-102', '2026-12-02T09:06:00Z', 'counts', { good: 20 }),
      event('FB-102', '2026-11-25T10:00:00Z', 'counts', { good: 40 }),
      event('FB-102', '2026-11-24T10:00:00Z', 'counts', { good: 80 }),
    ]);
    expect(answer.body).toEqual({ accepted: 2, duplicates: 0, keptAside: 2 });
    const counted = await t.db.selectFrom('machine_events').select('good').where('machine_name', '=', 'FB-102').where('kind', '=', 'counts').orderBy('good').execute();
    expect(counted.map((row) => row.good)).toEqual([10, 40]);
    const reasons = new Map((await keptAside()).map((row) => [row.at, row.reason]));
    expect([reasons.get('2026-12-02T09:06:00.000Z'), reasons.get('2026-11-24T10:00:00.000Z')]).toEqual(['aheadOfClock', 'beforeHorizon']);
  });

  it('a late stop over a stop typed by hand is kept aside for review: no 13-hour stop over what the person recorded', async () => {
    // FB-102 runs from 06:00 on 1 December and again from 08:00 on 2 December; a person typed its stop 20:00-22:00.
    expect((await send([event('FB-102', '2026-12-02T08:00:00Z', 'running')])).body).toMatchObject({ accepted: 1 });
    const typed = await t.db
      .insertInto('downtime_history')
      .values({ company_id: COMPANY_A, machine_name: 'FB-102', cause_id: mould, actual_date: '2026-12-01', duration: 120, target_start: new Date('2026-12-01T20:00:00Z'), target_end: new Date('2026-12-01T22:00:00Z') })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await figures();
    // A late stopped event at 19:00 would open a stop up to the running event at 08:00 the next day, over the typed one.
    const late = await send([event('FB-102', '2026-12-01T19:00:00Z', 'stopped')]);
    expect(late.body).toEqual({ accepted: 0, duplicates: 0, keptAside: 1 });
    expect(await figures()).toEqual(before);
    const aside = (await keptAside()).find((row) => row.at === '2026-12-01T19:00:00.000Z');
    expect(aside).toMatchObject({
      machineName: 'FB-102',
      reason: 'overlapsTypedStop',
      detail: `Its stop would overlap downtime ${typed.id}, typed by hand from 2026-12-01T20:00:00.000Z.`,
    });
    // A late stop that ends before the typed one is applied as before.
    const clear = await send([event('FB-102', '2026-12-01T17:00:00Z', 'stopped'), event('FB-102', '2026-12-01T17:20:00Z', 'running')]);
    expect(clear.body).toEqual({ accepted: 2, duplicates: 0, keptAside: 0 });
    const rows = await t.db.selectFrom('downtime_history').select(['target_start', 'target_end']).where('machine_name', '=', 'FB-102').orderBy('target_start').execute();
    expect(rows.map((row) => [row.target_start.toISOString(), row.target_end?.toISOString()])).toEqual([
      ['2026-12-01T17:00:00.000Z', '2026-12-01T17:20:00.000Z'],
      ['2026-12-01T20:00:00.000Z', '2026-12-01T22:00:00.000Z'],
    ]);
  });

  it('a first cause for a stop begun before the horizon would reopen its closed days: kept aside, their Pareto unchanged', async () => {
    // FB-103 stopped on 20 November at 06:00, sent while it was live (the clock then read 06:05), and has no cause yet.
    pinClock('2026-11-20T06:05:00Z');
    expect((await send([event('FB-103', '2026-11-20T06:00:00Z', 'stopped')])).body).toEqual({ accepted: 1, duplicates: 0, keptAside: 0 });
    pinClock(NOW);
    const pareto = async () =>
      (await t.post('AdminMachines_getDowntimeAnalytics', { period: { from: '2026-11-20', to: '2026-11-24' }, machines: [{ clientId: COMPANY_A, machineName: 'FB-103' }] }, 'admin')).body
        .pareto;
    // 20 November 06:00 to the end of the 24th: 114 h without a cause, in closed days.
    expect(await pareto()).toEqual([{ causeId: null, causeName: null, planned: false, hours: 114, count: 1 }]);
    // A stopped event of today with a cause would give it to that stop (a stop takes the first cause it is given).
    const late = await send([event('FB-103', '2026-12-02T08:00:00Z', 'stopped', { causeCode: mould })]);
    expect(late.body).toEqual({ accepted: 0, duplicates: 0, keptAside: 1 });
    expect(await pareto()).toEqual([{ causeId: null, causeName: null, planned: false, hours: 114, count: 1 }]);
    expect((await keptAside()).find((row) => row.at === '2026-12-02T08:00:00.000Z')).toMatchObject({
      machineName: 'FB-103',
      reason: 'beforeHorizon',
      detail: 'It would give a cause to the stop since 2026-11-20T06:00:00.000Z, which began before the horizon: those days are closed.',
    });
  });

  it('refuses a malformed date naming the field, and writes nothing', async () => {
    const before = await figures();
    const answer = await send([{ ...event('FB-101', '2026-12-02T08:00:00Z', 'running'), at: '2026-13-40T25:00:00Z' }]);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ field: 'events.0.at' })]);
    expect(await figures()).toEqual(before);
  });
});
