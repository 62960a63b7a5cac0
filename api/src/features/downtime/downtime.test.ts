import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { COMPANY_A, COMPANY_B, createCompany, createTwoCompanies } from '../../../../tests/support/factories/companies.test-utils.js';
import { makePreform, makeProduct, makeWarehouse } from '../supply/supply.fixtures.js';
import { csvCell, csvStream, toCsv, type CsvCell } from './downtime.csv.js';
import * as spanMigration from '../../db/migrations/2026-11-25-1310-downtime-history-span.js';
import { now as clockNow, nowMs, today as clockToday } from '../../lib/clock.js';
import { keepsDerivedAfterEach } from '../../../../tests/support/derived.test-utils.js';
import { downtimeCauseMachines } from '../../db/derived/downtime-cause-machines.js';

let database: TestDatabase;
let app: FastifyInstance;
let admin: string;
let operator: string;
const EVIL = 'company-evil';
const LATE = 'company-late';
const MARCH = { from: '2026-03-01', to: '2026-03-31' };
const causes: Record<'mould' | 'shortage' | 'unused', number> = { mould: 0, shortage: 0, unused: 0 };
const stops: Record<'a1' | 'a2' | 'b1' | 'aApril' | 'running' | 'overnight', number> = { a1: 0, a2: 0, b1: 0, aApril: 0, running: 0, overnight: 0 };

async function makeCause(name: string, description = `${name} description`) {
  const row = await database.db
    .insertInto('downtime_causes')
    .values({ cause_name: name, cause_description: description })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function makeStop(companyId: string, machine: string, causeId: number | null, start: string, end: string | null) {
  const duration = end ? Math.round((Date.parse(end) - Date.parse(start)) / 60_000) : 0;
  const row = await database.db
    .insertInto('downtime_history')
    .values({
      company_id: companyId,
      machine_name: machine,
      cause_id: causeId,
      actual_date: start.slice(0, 10),
      duration,
      target_start: new Date(start),
      target_end: end ? new Date(end) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  await createCompany(database.db, COMPANY_A, { name: 'Company A', fbs: ['FB-04', 'FB-07'] });
  await createTwoCompanies(database.db);
  admin = await as.admin();
  operator = await as.operator();
  const warehouseId = await makeWarehouse(database.db);
  const preform = await makePreform(database.db);
  const product = async (companyId: string, machines: string) => {
    const id = await makeProduct(database.db, { preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0], companyId });
    await database.db.updateTable('client_products').set({ machine_names: machines }).where('id', '=', id).execute();
    return id;
  };
  await product(COMPANY_A, 'FB-04, FB-07');
  await product(COMPANY_A, 'FB-04');
  await product(COMPANY_A, 'FB-09');
  await product(COMPANY_B, 'FB-04');
  causes.mould = await makeCause('Mould change', 'Planned change of the blow mould.');
  causes.shortage = await makeCause('Preform shortage');
  causes.unused = await makeCause('Power outage');
  stops.a1 = await makeStop(COMPANY_A, 'FB-04', causes.mould, '2026-03-10T06:20:00Z', '2026-03-10T07:55:00Z');
  stops.a2 = await makeStop(COMPANY_A, 'FB-07', null, '2026-03-12T13:05:00Z', '2026-03-12T13:45:00Z');
  stops.b1 = await makeStop(COMPANY_B, 'FB-04', causes.shortage, '2026-03-11T09:00:00Z', '2026-03-11T10:00:00Z');
  stops.aApril = await makeStop(COMPANY_A, 'FB-04', causes.mould, '2026-04-02T09:00:00Z', '2026-04-02T09:30:00Z');
  stops.overnight = await makeStop(COMPANY_A, 'FB-07', null, '2026-03-09T23:00:00Z', '2026-03-10T01:00:00Z');
  const startedAt = new Date(nowMs() - 90 * 60_000).toISOString();
  stops.running = await makeStop(COMPANY_B, 'FB-1', null, startedAt, null);
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});
// Every test here writes sources of these derived tables through the endpoints: after each, they are as recomputed.
keepsDerivedAfterEach(() => database.asOwner(), [downtimeCauseMachines]);

const page = (extra: object = {}) => ({ page: 1, rowsPerPage: 10, ...extra });
const adminHistory = (body: object, token = admin) => post(app, '/api/admin/downtime/history/get', body, token);
const operatorHistory = (body: object, token = operator) => post(app, '/api/operator/downtime/history/get', body, token);
const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
const historyRow = (id: number) => database.db.selectFrom('downtime_history').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const causeRows = () => database.db.selectFrom('downtime_causes').selectAll().orderBy('id').execute();

async function exportCsv(url: string, body: object, token: string) {
  const response = await app.inject({ method: 'POST', url, payload: body, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, headers: response.headers, raw: response.rawPayload, text: response.rawPayload.toString('utf8') };
}

describe('admin downtime history (/downtimes/history)', () => {
  it('lists the chosen clients’ downtimes in the period, endDatetime descending by default, with client, machine, cause, date and times', async () => {
    const response = await adminHistory({ pagination: page(), clientIds: [COMPANY_A], period: MARCH });
    expect(response.status).toBe(200);
    expect(response.body.count).toBe(3);
    expect(ids(response.body.rows)).toEqual([stops.a2, stops.a1, stops.overnight]);
    expect(response.body.rows[1]).toEqual({
      id: stops.a1,
      clientId: COMPANY_A,
      company: 'Company A',
      machineName: 'FB-04',
      causeId: causes.mould,
      DowntimeCause: { id: causes.mould, causeName: 'Mould change' },
      actualDate: '2026-03-10',
      duration: 95,
      targetStart: '2026-03-10T06:20:00.000Z',
      targetEnd: '2026-03-10T07:55:00.000Z',
      version: 0,
    });
    expect(response.body.rows[0]).toMatchObject({ causeId: null, DowntimeCause: null });
  });

  it('no client chosen means every client; the period filters by actual date', async () => {
    const all = await adminHistory({ pagination: page(), clientIds: [], period: MARCH });
    expect(ids(all.body.rows)).toEqual([stops.a2, stops.b1, stops.a1, stops.overnight]);
    const withoutFilter = await adminHistory({ pagination: page(), period: MARCH });
    expect(withoutFilter.body).toEqual(all.body);
    const april = await adminHistory({ pagination: page(), period: { from: '2026-04-01', to: '2026-04-30' } });
    expect(ids(april.body.rows)).toEqual([stops.aApril]);
  });

  it('pages and sorts in SQL and counts the whole filtered history', async () => {
    const second = await adminHistory({ pagination: { page: 2, rowsPerPage: 10 }, period: MARCH });
    expect(second.body).toEqual({ rows: [], count: 4 });
    const byMachine = await adminHistory({ pagination: page({ sortBy: 'machineName', descending: false }), clientIds: [COMPANY_A], period: MARCH });
    expect(byMachine.body.rows.map((row: { machineName: string }) => row.machineName)).toEqual(['FB-04', 'FB-07', 'FB-07']);
    const byCause = await adminHistory({ pagination: page({ sortBy: 'causeName', descending: false }), period: MARCH });
    expect(byCause.body.rows[0].DowntimeCause.causeName).toBe('Mould change');
    const byDuration = await adminHistory({ pagination: page({ sortBy: 'duration', descending: true }), period: MARCH });
    expect(byDuration.body.rows[0].duration).toBe(120);
  });

  it('a stop still running shows the time of the read as its end, its minutes so far, and sorts as the newest', async () => {
    // It started 90 minutes ago: shortly after midnight (UTC) that is yesterday, so the period starts on its day.
    const startDay = new Date(nowMs() - 90 * 60_000).toISOString().slice(0, 10);
    const today = clockToday();
    const response = await adminHistory({ pagination: page(), period: { from: startDay, to: today } });
    expect(ids(response.body.rows)[0]).toBe(stops.running);
    const row = response.body.rows[0];
    expect(Math.abs(Date.parse(row.targetEnd) - nowMs())).toBeLessThan(60_000);
    expect(row.duration).toBeGreaterThanOrEqual(89);
    expect(row.duration).toBeLessThanOrEqual(91);
  });

  it('refuses a period that ends before it starts (400 naming period.to)', async () => {
    const response = await adminHistory({ pagination: page(), period: { from: '2026-03-31', to: '2026-03-01' } });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([expect.objectContaining({ field: 'period.to' })]);
  });

  it('is for the admin only', async () => {
    for (const token of [await as.operator(), await as.client(COMPANY_A), await as.accountant()]) {
      expect((await adminHistory({ pagination: page(), period: MARCH }, token)).status).toBe(403);
    }
  });
});

describe('operator downtime history (/downtime/history)', () => {
  it('lists every company’s machines in the period, endDatetime descending', async () => {
    const response = await operatorHistory({ pagination: page(), period: MARCH });
    expect(response.status).toBe(200);
    expect(ids(response.body.rows)).toEqual([stops.a2, stops.b1, stops.a1, stops.overnight]);
    expect(response.body.count).toBe(4);
  });

  it('offers every cause by name for the inline select', async () => {
    const response = await post(app, '/api/operator/downtime/causes/get', {}, operator);
    expect(response.status).toBe(200);
    expect(response.body.rows.map((row: { causeName: string }) => row.causeName)).toEqual(['Mould change', 'Power outage', 'Preform shortage']);
  });

  it('is for the operator only', async () => {
    for (const token of [await as.admin(), await as.client(COMPANY_A)]) {
      expect((await operatorHistory({ pagination: page(), period: MARCH }, token)).status).toBe(403);
      expect((await post(app, '/api/operator/downtime/causes/get', {}, token)).status).toBe(403);
    }
  });
});

describe("history cause ('Update cause' / 'Inactivity cause')", () => {
  it('sets the cause of a downtime (admin) and answers the row with the new version', async () => {
    const id = await makeStop(COMPANY_A, 'FB-04', null, '2026-02-03T08:00:00Z', '2026-02-03T08:30:00Z');
    const response = await post(app, '/api/admin/downtime/history/save', { historyItem: { id, causeId: causes.shortage, version: 0 } }, admin);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id, causeId: causes.shortage, DowntimeCause: { id: causes.shortage, causeName: 'Preform shortage' }, version: 1 });
    expect(await historyRow(id)).toMatchObject({ cause_id: causes.shortage, version: 1 });
  });

  it('the operator sets the inactivity cause of any company’s machine', async () => {
    const id = await makeStop(COMPANY_B, 'FB-1', null, '2026-02-04T08:00:00Z', '2026-02-04T08:30:00Z');
    const response = await post(app, '/api/operator/downtime/history/save', { historyItem: { id, causeId: causes.mould, version: 0 } }, operator);
    expect(response.status).toBe(200);
    expect(response.body.DowntimeCause).toEqual({ id: causes.mould, causeName: 'Mould change' });
  });

  it('a cause is required (400), an unknown cause is 400 on historyItem.causeId, and nothing changes', async () => {
    const id = await makeStop(COMPANY_A, 'FB-04', null, '2026-02-05T08:00:00Z', '2026-02-05T08:30:00Z');
    const before = await historyRow(id);
    const missing = await post(app, '/api/admin/downtime/history/save', { historyItem: { id, version: 0 } }, admin);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([expect.objectContaining({ field: 'historyItem.causeId', code: 'required' })]);
    const nullCause = await post(app, '/api/operator/downtime/history/save', { historyItem: { id, causeId: null, version: 0 } }, operator);
    expect(nullCause.status).toBe(400);
    const unknown = await post(app, '/api/admin/downtime/history/save', { historyItem: { id, causeId: 999_999, version: 0 } }, admin);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([expect.objectContaining({ field: 'historyItem.causeId' })]);
    expect(await historyRow(id)).toEqual(before);
  });

  it('a stale version answers 409, a missing version 400, an unknown downtime 404; nothing changes', async () => {
    const id = await makeStop(COMPANY_A, 'FB-04', null, '2026-02-06T08:00:00Z', '2026-02-06T08:30:00Z');
    await post(app, '/api/admin/downtime/history/save', { historyItem: { id, causeId: causes.mould, version: 0 } }, admin);
    const before = await historyRow(id);
    expect((await post(app, '/api/operator/downtime/history/save', { historyItem: { id, causeId: causes.shortage, version: 0 } }, operator)).status).toBe(409);
    expect((await post(app, '/api/operator/downtime/history/save', { historyItem: { id, causeId: causes.shortage } }, operator)).status).toBe(400);
    expect((await post(app, '/api/admin/downtime/history/save', { historyItem: { id: 999_999, causeId: causes.shortage, version: 0 } }, admin)).status).toBe(404);
    expect(await historyRow(id)).toEqual(before);
  });

  it('client users cannot set causes (403)', async () => {
    const body = { historyItem: { id: stops.a1, causeId: causes.shortage, version: 0 } };
    expect((await post(app, '/api/admin/downtime/history/save', body, await as.client(COMPANY_A))).status).toBe(403);
    expect((await post(app, '/api/operator/downtime/history/save', body, await as.client(COMPANY_A))).status).toBe(403);
    expect((await historyRow(stops.a1)).cause_id).toBe(causes.mould);
  });
});

describe('downtime causes (/downtimes/causes)', () => {
  it('lists causes id descending, 10 a page, each with its product count (distinct products made on the stopped machines)', async () => {
    const response = await post(app, '/api/admin/downtime/causes/get', { pagination: page() }, admin);
    expect(response.status).toBe(200);
    const rows = response.body.rows.filter((row: { id: number }) => Object.values(causes).includes(row.id));
    expect(ids(rows)).toEqual([causes.unused, causes.shortage, causes.mould]);
    // Mould change stopped A's FB-04 (twice): A's two products made on FB-04; not B's FB-04 product, not A's FB-09 one.
    expect(rows.find((row: { id: number }) => row.id === causes.mould)).toEqual({
      id: causes.mould,
      causeName: 'Mould change',
      causeDescription: 'Planned change of the blow mould.',
      productCount: 2,
      // Issue 15: not marked planned (the default).
      planned: false,
      version: 0,
    });
    expect(rows.find((row: { id: number }) => row.id === causes.unused).productCount).toBe(0);
    expect(response.body.count).toBe((await causeRows()).length);
  });

  it("a cause's product count follows its stops: a new stop, a stop whose cause is set or changed, and a stop removed", async () => {
    const countOf = async (id: number) => {
      const response = await post(app, '/api/admin/downtime/causes/get', { pagination: page({ rowsPerPage: 100 }) }, admin);
      return response.body.rows.find((row: { id: number }) => row.id === id).productCount as number;
    };
    const cause = await makeCause('Compressor trip');
    expect(await countOf(cause)).toBe(0);
    // A's FB-09 is made of one product of A.
    const stop = await makeStop(COMPANY_A, 'FB-09', cause, '2026-05-04T08:00:00Z', '2026-05-04T08:30:00Z');
    expect(await countOf(cause)).toBe(1);
    // Two stops of the same machine count its products once.
    const again = await makeStop(COMPANY_A, 'FB-09', cause, '2026-05-05T08:00:00Z', '2026-05-05T08:30:00Z');
    expect(await countOf(cause)).toBe(1);
    // The cause of a stop set later (as the operator does): A's FB-07 adds its one product.
    const later = await makeStop(COMPANY_A, 'FB-07', null, '2026-05-06T08:00:00Z', '2026-05-06T08:30:00Z');
    expect(await countOf(cause)).toBe(1);
    await database.db.updateTable('downtime_history').set({ cause_id: cause }).where('id', '=', later).execute();
    expect(await countOf(cause)).toBe(2);
    // Changed to another cause, and the two FB-09 stops removed: nothing left.
    await database.db.updateTable('downtime_history').set({ cause_id: causes.unused }).where('id', '=', later).execute();
    expect(await countOf(cause)).toBe(1);
    await database.db.deleteFrom('downtime_history').where('id', 'in', [stop, again]).execute();
    expect(await countOf(cause)).toBe(0);
    await database.db.deleteFrom('downtime_history').where('id', '=', later).execute();
    expect(await countOf(causes.unused)).toBe(0);
  });

  it('sorts by product count in SQL', async () => {
    const response = await post(app, '/api/admin/downtime/causes/get', { pagination: page({ sortBy: 'productCount', descending: true }) }, admin);
    const counts = response.body.rows.map((row: { productCount: number }) => row.productCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBeGreaterThanOrEqual(2);
  });

  it("'New cause' saves trimmed name and description", async () => {
    const response = await post(app, '/api/admin/downtime/causes/save', { cause: { causeName: '  Cooling failure ', causeDescription: ' Chiller stopped.  ' } }, admin);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ causeName: 'Cooling failure', causeDescription: 'Chiller stopped.', productCount: 0, version: 0 });
    const stored = await database.db.selectFrom('downtime_causes').selectAll().where('id', '=', response.body.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ cause_name: 'Cooling failure', cause_description: 'Chiller stopped.' });
  });

  it.each([
    ['a blank name', { causeName: '   ', causeDescription: 'x' }, 'cause.causeName'],
    ['no name', { causeDescription: 'x' }, 'cause.causeName'],
    ['a blank description', { causeName: 'x', causeDescription: ' ' }, 'cause.causeDescription'],
    ['no description', { causeName: 'x' }, 'cause.causeDescription'],
  ])("refuses %s (400 'Field is required.' naming the field) and writes nothing", async (_name, cause, field) => {
    const before = await causeRows();
    const response = await post(app, '/api/admin/downtime/causes/save', { cause }, admin);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    expect(await causeRows()).toEqual(before);
  });

  it("'Edit cause' updates at the version read; stale 409, unknown 404, missing version 400", async () => {
    const created = await post(app, '/api/admin/downtime/causes/save', { cause: { causeName: 'Label jam', causeDescription: 'Labeller' } }, admin);
    const id = created.body.id;
    const edited = await post(app, '/api/admin/downtime/causes/save', { cause: { id, causeName: 'Label jam ', causeDescription: 'Labeller blocked', version: 0 } }, admin);
    expect(edited.body).toMatchObject({ id, causeName: 'Label jam', causeDescription: 'Labeller blocked', version: 1 });
    const before = await causeRows();
    expect((await post(app, '/api/admin/downtime/causes/save', { cause: { id, causeName: 'x', causeDescription: 'y', version: 0 } }, admin)).status).toBe(409);
    expect((await post(app, '/api/admin/downtime/causes/save', { cause: { id, causeName: 'x', causeDescription: 'y' } }, admin)).status).toBe(400);
    expect((await post(app, '/api/admin/downtime/causes/save', { cause: { id: 999_999, causeName: 'x', causeDescription: 'y', version: 0 } }, admin)).status).toBe(404);
    expect(await causeRows()).toEqual(before);
  });

  it("'Delete selected' refuses causes in use (409) and deletes none of the selection (all or nothing)", async () => {
    const spare = await makeCause('Spare cause');
    const before = await causeRows();
    const response = await post(app, '/api/admin/downtime/causes/delete', { ids: [spare, causes.mould] }, admin);
    expect(response.status).toBe(409);
    expect(response.body.detail).toContain('Mould change');
    expect(await causeRows()).toEqual(before);
  });

  it('an unknown id answers 404 and deletes nothing', async () => {
    const spare = await makeCause('Another spare');
    const before = await causeRows();
    expect((await post(app, '/api/admin/downtime/causes/delete', { ids: [spare, 999_999] }, admin)).status).toBe(404);
    expect(await causeRows()).toEqual(before);
  });

  it('deletes unused causes', async () => {
    const one = await makeCause('Gone 1');
    const two = await makeCause('Gone 2');
    const response = await post(app, '/api/admin/downtime/causes/delete', { ids: [one, two] }, admin);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect((await causeRows()).map((row) => row.id)).not.toEqual(expect.arrayContaining([one]));
    expect((await causeRows()).map((row) => row.id)).not.toContain(two);
  });

  it('cause screens are for the admin only', async () => {
    for (const token of [await as.operator(), await as.client(COMPANY_A)]) {
      expect((await post(app, '/api/admin/downtime/causes/get', { pagination: page() }, token)).status).toBe(403);
      expect((await post(app, '/api/admin/downtime/causes/save', { cause: { causeName: 'x', causeDescription: 'y' } }, token)).status).toBe(403);
      expect((await post(app, '/api/admin/downtime/causes/delete', { ids: [causes.unused] }, token)).status).toBe(403);
    }
    expect((await causeRows()).map((row) => row.id)).toContain(causes.unused);
  });
});

describe("'Export to Csv' (history-table-export.csv)", () => {
  it('admin: the filtered history (every page) as a semicolon-separated UTF-8 file with BOM and header, dates ISO 8601 (times in UTC)', async () => {
    const response = await exportCsv('/api/admin/downtime/history/export', { clientIds: [COMPANY_A], period: MARCH }, admin);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="history-table-export.csv"');
    expect([...response.raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = response.text.slice(1).split('\r\n');
    expect(lines[0]).toBe('Client name;Machine name;Downtime cause;Actual date;Duration (min);Start datetime (UTC);End datetime (UTC)');
    expect(lines.slice(1, -1)).toEqual([
      'Company A;FB-07;;2026-03-12;40;2026-03-12T13:05Z;2026-03-12T13:45Z',
      'Company A;FB-04;Mould change;2026-03-10;95;2026-03-10T06:20Z;2026-03-10T07:55Z',
      'Company A;FB-07;;2026-03-09;120;2026-03-09T23:00Z;2026-03-10T01:00Z',
    ]);
    expect(lines.at(-1)).toBe('');
    // Streamed as the rows are read (a cursor, 2,000 at a time): no length known up front.
    expect(response.headers['content-length']).toBeUndefined();
  });

  it('sorts the file as the table', async () => {
    const response = await exportCsv('/api/admin/downtime/history/export', { period: MARCH, sortBy: 'startDatetime', descending: false }, admin);
    const machines = response.text.split('\r\n').slice(1, -1).map((line) => line.split(';').slice(0, 2).join(' '));
    expect(machines).toEqual(['Company A FB-07', 'Company A FB-04', 'Company B FB-04', 'Company A FB-07']);
  });

  it('operator: the operator table’s columns for every company', async () => {
    const response = await exportCsv('/api/operator/downtime/history/export', { period: MARCH }, operator);
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="history-table-export.csv"');
    const lines = response.text.slice(1).split('\r\n');
    expect(lines[0]).toBe('Machine Name;Inactivity cause;ActualDate;Duration (min);Start datetime (UTC);End datetime (UTC)');
    expect(lines).toContain('FB-04;Preform shortage;2026-03-11;60;2026-03-11T09:00Z;2026-03-11T10:00Z');
    expect(lines.slice(1, -1)).toHaveLength(4);
  });

  it('escapes values: quotes, semicolons and line breaks are quoted; cells starting with = + - @ are neutralised (CSV injection)', async () => {
    await createCompany(database.db, EVIL, { name: '@SUM(1;2)', fbs: ['=cmd|calc'] });
    const cause = await makeCause('+HYPERLINK("http://x")');
    await makeStop(EVIL, '=cmd|calc', cause, '2026-05-05T10:00:00Z', '2026-05-05T10:10:00Z');
    await makeStop(EVIL, '-2+3', null, '2026-05-06T10:00:00Z', '2026-05-06T10:10:00Z');
    const response = await exportCsv('/api/admin/downtime/history/export', { clientIds: [EVIL], period: { from: '2026-05-01', to: '2026-05-31' } }, admin);
    const lines = response.text.slice(1).split('\r\n');
    expect(lines[1]).toBe(`"'@SUM(1;2)";'-2+3;;2026-05-06;10;2026-05-06T10:00Z;2026-05-06T10:10Z`);
    expect(lines[2]).toBe(`"'@SUM(1;2)";'=cmd|calc;"'+HYPERLINK(""http://x"")";2026-05-05;10;2026-05-05T10:00Z;2026-05-05T10:10Z`);
  });

  it('writes times in UTC to the minute, seconds cut rather than rounded; a running stop ends now, its minutes so far', async () => {
    await createCompany(database.db, LATE, { name: 'Late shift', fbs: ['FB-90'] });
    await makeStop(LATE, 'FB-90', null, '2026-06-07T23:59:59Z', '2026-06-08T00:10:31Z');
    const running = new Date(nowMs() - 90 * 60_000 - 30_000);
    await makeStop(LATE, 'FB-90', null, running.toISOString(), null);
    const lines = async (from: string, to: string) =>
      (await exportCsv('/api/admin/downtime/history/export', { clientIds: [LATE], period: { from, to } }, admin)).text.slice(1).split('\r\n').slice(1, -1);
    expect(await lines('2026-06-01', '2026-06-30')).toEqual(['Late shift;FB-90;;2026-06-07;11;2026-06-07T23:59Z;2026-06-08T00:10Z']);
    const before = clockNow();
    const today = await lines(running.toISOString().slice(0, 10), running.toISOString().slice(0, 10));
    const after = clockNow();
    const minute = (at: Date) => `${at.toISOString().slice(0, 16)}Z`;
    expect(today).toHaveLength(1);
    const [, , , day, minutes, start, end] = today[0]!.split(';');
    expect(day).toBe(running.toISOString().slice(0, 10));
    expect(start).toBe(minute(running));
    expect([minute(before), minute(after)]).toContain(end);
    expect(Number(minutes)).toBeGreaterThanOrEqual(90);
    expect(Number(minutes)).toBeLessThanOrEqual(91);
  });

  it('csvCell: plain text unchanged, numbers as digits, quotes doubled, tab and CR starts neutralised', () => {
    expect(csvCell('FB-04')).toBe('FB-04');
    expect(csvCell(95)).toBe('95');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a "b"')).toBe('"a ""b"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('\t=1')).toBe("'\t=1");
  });

  it('streams the same file as a whole export, in chunks of about 64 kB rather than a write per row', async () => {
    const header = ['Client name', 'Machine name', 'Duration (min)'];
    const rows: CsvCell[][] = Array.from({ length: 5000 }, (_, n) => [`Büro "${n}"; GmbH`, n % 7 === 0 ? '=FB-0' : `FB-${n}`, n]);
    const chunks: string[] = [];
    async function* arriving() {
      for (const row of rows) yield row;
    }
    for await (const chunk of csvStream(header, arriving())) chunks.push(String(chunk));
    expect(chunks.join('')).toBe(toCsv(header, rows).toString('utf8'));
    const longestLine = Math.max(...chunks.join('').split('\r\n').map((line) => line.length + 2));
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.length).toBeLessThan(rows.length / 100);
    for (const chunk of chunks) expect(chunk.length).toBeLessThan(64 * 1024 + longestLine);
  });

  it('exports are for their own face only', async () => {
    expect((await exportCsv('/api/admin/downtime/history/export', { period: MARCH }, operator)).status).toBe(403);
    expect((await exportCsv('/api/operator/downtime/history/export', { period: MARCH }, admin)).status).toBe(403);
    expect((await exportCsv('/api/admin/downtime/history/export', { period: MARCH }, await as.client(COMPANY_A))).status).toBe(403);
  });
});

describe('downtime gantt (downtime/get)', () => {
  it('answers every client machine as a resource and the real downtimes overlapping the period', async () => {
    const response = await post(app, '/api/admin/downtime/get', { period: { from: '2026-03-10', to: '2026-03-10' } }, admin);
    expect(response.status).toBe(200);
    expect(response.body.machines).toEqual(
      expect.arrayContaining([
        { clientId: COMPANY_A, company: 'Company A', machineName: 'FB-04' },
        { clientId: COMPANY_A, company: 'Company A', machineName: 'FB-07' },
        { clientId: COMPANY_B, company: 'Company B', machineName: 'FB-1' },
      ]),
    );
    // The overnight stop (from the 9th) overlaps the 10th; B's stop on the 11th does not.
    expect(ids(response.body.events)).toEqual([stops.overnight, stops.a1]);
    expect(response.body.events[1]).toMatchObject({ machineName: 'FB-04', DowntimeCause: { causeName: 'Mould change' } });
  });

  it('defaults to today: the running stop is there', async () => {
    const response = await post(app, '/api/admin/downtime/get', {}, admin);
    expect(response.status).toBe(200);
    expect(ids(response.body.events)).toContain(stops.running);
  });

  it('refuses periods over 92 days or ending before they start (400), and is for the admin only', async () => {
    expect((await post(app, '/api/admin/downtime/get', { period: { from: '2026-01-01', to: '2026-06-30' } }, admin)).status).toBe(400);
    expect((await post(app, '/api/admin/downtime/get', { period: { from: '2026-03-02', to: '2026-03-01' } }, admin)).status).toBe(400);
    expect((await post(app, '/api/admin/downtime/get', {}, operator)).status).toBe(403);
    expect((await post(app, '/api/admin/downtime/get', {}, await as.client(COMPANY_A))).status).toBe(403);
  });
});

describe('cause lookup (filter on causes/get, both faces)', () => {
  const made: number[] = [];
  beforeAll(async () => {
    // More causes than the largest page (100), named so that the one searched for sorts last.
    for (let i = 1; i <= 105; i++) made.push(await makeCause(`Lookup cause ${String(i).padStart(3, '0')}`));
    made.push(await makeCause('Zz 100% stop_reason'), await makeCause('Zz 1000 stopXreason'));
  });
  afterAll(async () => {
    await database.db.deleteFrom('downtime_causes').where('id', 'in', made).execute();
  });

  it('admin: finds a cause beyond the first 100 by part of its name, counting only the matches', async () => {
    const all = await post(app, '/api/admin/downtime/causes/get', { pagination: page({ rowsPerPage: 100, sortBy: 'causeName' }) }, admin);
    expect(all.body.rows.map((row: { causeName: string }) => row.causeName)).not.toContain('Lookup cause 105');
    const response = await post(app, '/api/admin/downtime/causes/get', { filter: 'cause 105', pagination: page() }, admin);
    expect(response.status).toBe(200);
    expect(response.body.rows.map((row: { causeName: string }) => row.causeName)).toEqual(['Lookup cause 105']);
    expect(response.body.count).toBe(1);
    const caseless = await post(app, '/api/admin/downtime/causes/get', { filter: '  LOOKUP CAUSE 10 ', pagination: page({ sortBy: 'causeName' }) }, admin);
    expect(caseless.body.count).toBe(6); // 100 to 105
  });

  it('operator: finds the cause by part of its name', async () => {
    const response = await post(app, '/api/operator/downtime/causes/get', { filter: 'cause 105' }, operator);
    expect(response.status).toBe(200);
    expect(response.body.rows.map((row: { causeName: string }) => row.causeName)).toEqual(['Lookup cause 105']);
  });

  it('% and _ in the search match themselves, not any characters', async () => {
    const percent = await post(app, '/api/admin/downtime/causes/get', { filter: '0%', pagination: page() }, admin);
    expect(percent.body.rows.map((row: { causeName: string }) => row.causeName)).toEqual(['Zz 100% stop_reason']);
    const underscore = await post(app, '/api/operator/downtime/causes/get', { filter: 'stop_reason' }, operator);
    expect(underscore.body.rows.map((row: { causeName: string }) => row.causeName)).toEqual(['Zz 100% stop_reason']);
  });

  it('refuses a search longer than 120 characters (400 naming filter)', async () => {
    const response = await post(app, '/api/operator/downtime/causes/get', { filter: 'x'.repeat(121) }, operator);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'filter', code: 'maxLength' })]));
  });
});

describe('downtime gantt paged by machine (downtime/get with machines)', () => {
  const COMPANY_C = 'company-c-gantt';
  const DAY = { from: '2026-03-10', to: '2026-03-10' };
  const C_MACHINES = Array.from({ length: 12 }, (_, index) => `FB-${String(index + 1).padStart(2, '0')}`);
  const paged = { overnightC: 0, runningC: 0, otherDayC: 0 };
  const gantt = (body: object, token = admin) => post(app, '/api/admin/downtime/get', body, token);
  const key = (machine: { clientId: string; machineName: string }) => `${machine.clientId}/${machine.machineName}`;

  beforeAll(async () => {
    // Twelve more machines, so that the machines fill two pages of 10; Company C sorts after A and B.
    await createCompany(database.db, COMPANY_C, { name: 'Company C', fbs: C_MACHINES });
    // On the last machine: a stop spanning the day's start and one still running since that day; a stop of another day.
    paged.overnightC = await makeStop(COMPANY_C, 'FB-12', causes.mould, '2026-03-09T22:00:00Z', '2026-03-10T02:00:00Z');
    paged.runningC = await makeStop(COMPANY_C, 'FB-11', null, '2026-03-10T20:00:00Z', null);
    paged.otherDayC = await makeStop(COMPANY_C, 'FB-12', null, '2026-03-12T08:00:00Z', '2026-03-12T09:00:00Z');
  });

  it('pages 1 and 2 hold disjoint machines in the gantt order (client name, client, machine), and the count is every machine', async () => {
    const all = await gantt({ period: DAY });
    expect(all.status).toBe(200);
    const every = all.body.machines.map(key);
    expect(every.length).toBeGreaterThan(10);
    expect(every.length).toBeLessThanOrEqual(20);
    expect(all.body.machineCount).toBe(every.length);
    const sorted = [...all.body.machines].sort(
      (a, b) => (a.company ?? '').localeCompare(b.company ?? '') || a.clientId.localeCompare(b.clientId) || a.machineName.localeCompare(b.machineName),
    );
    expect(every).toEqual(sorted.map(key));

    const first = await gantt({ period: DAY, machines: { page: 1, rowsPerPage: 10 } });
    const second = await gantt({ period: DAY, machines: { page: 2, rowsPerPage: 10 } });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body.machines.map(key)).toEqual(every.slice(0, 10));
    expect(second.body.machines.map(key)).toEqual(every.slice(10));
    expect(first.body.machineCount).toBe(every.length);
    expect(second.body.machineCount).toBe(every.length);
  });

  it("answers only the stops of the page's machines: a stop spanning the period's start and a running stop are there, others' absent", async () => {
    const first = await gantt({ period: DAY, machines: { page: 1, rowsPerPage: 10 } });
    const second = await gantt({ period: DAY, machines: { page: 2, rowsPerPage: 10 } });
    // Company A's machines are on page 1 with their stops of the 10th (the overnight one from the 9th too).
    expect(ids(first.body.events)).toEqual([stops.overnight, stops.a1]);
    // Company C's last machines are on page 2: their stop from the 9th and the one still running, by start; not the 12th's.
    expect(second.body.machines.map(key)).toEqual(expect.arrayContaining([`${COMPANY_C}/FB-11`, `${COMPANY_C}/FB-12`]));
    expect(ids(second.body.events)).toEqual([paged.overnightC, paged.runningC]);
    expect(second.body.events[0]).toMatchObject({ machineName: 'FB-12', DowntimeCause: { causeName: 'Mould change' } });
    const onPage = new Set(second.body.machines.map(key));
    expect(second.body.events.every((event: { clientId: string; machineName: string }) => onPage.has(key(event)))).toBe(true);
    // Without a page the answer is every machine's stops, as before.
    const all = await gantt({ period: DAY });
    expect(ids(all.body.events)).toEqual([paged.overnightC, stops.overnight, stops.a1, paged.runningC]);
  });

  it('a page past the last has no machine and no stop but still the count; a bad page is a 400 naming the field', async () => {
    const all = await gantt({ period: DAY });
    const past = await gantt({ period: DAY, machines: { page: 5, rowsPerPage: 10 } });
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ machines: [], events: [], machineCount: all.body.machineCount });
    for (const machines of [{ page: 0, rowsPerPage: 10 }, { page: 1, rowsPerPage: 15 }, { page: 1 }]) {
      const response = await gantt({ period: DAY, machines });
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain('machines');
    }
  });

  it('the span index (migration 2026-11-25-1310) goes down to the end index and up again; the gantt answers the same either way', async () => {
    const owner = database.asOwner() as unknown as Kysely<unknown>;
    const indexes = async () =>
      (await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'downtime_history' and indexname in ('downtime_history_end', 'downtime_history_span')`.execute(database.db)).rows.map(
        (row) => row.indexname,
      );
    // The running stop's end is the time of the read: compared by machines and stop ids.
    const answers = async () =>
      Promise.all(
        [gantt({ period: DAY }), gantt({ period: DAY, machines: { page: 2, rowsPerPage: 10 } })].map(async (response) => {
          const { machineCount, machines, events } = (await response).body;
          return { machineCount, machines, events: ids(events) };
        }),
      );
    expect(await indexes()).toEqual(['downtime_history_span']);
    const before = await answers();
    await spanMigration.down(owner);
    expect(await indexes()).toEqual(['downtime_history_end']);
    expect(await answers()).toEqual(before);
    await spanMigration.up(owner);
    expect(await indexes()).toEqual(['downtime_history_span']);
    expect(await answers()).toEqual(before);
  });

  it('answers 401 without a token and 403 to the operator and client users, paged or not', async () => {
    const body = { period: DAY, machines: { page: 1, rowsPerPage: 10 } };
    expect((await post(app, '/api/admin/downtime/get', body)).status).toBe(401);
    expect((await gantt(body, operator)).status).toBe(403);
    expect((await gantt(body, await as.client(COMPANY_A))).status).toBe(403);
  });
});
