import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { nowMs } from '../../lib/clock.js';
import { seedDemoData } from './index.js';
import { AQUA_CONVERTERS, BALTIC_BEVERAGES, FJORD_WATER, NORDIC_SPRINGS } from './users.seed.js';

/**
 * The demo as a first-time visitor meets it: seeded at the pinned instant, read through the endpoints its
 * screens call, every figure there and within what a plausible plant shows.
 */
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, { info: () => undefined });
  app = await createTestApp(database.db);
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const DAY = 86_400_000;
const day = (days: number) => new Date(nowMs() + days * DAY).toISOString().slice(0, 10);
/** The delivery screen's default period: the first day of the month eleven months back to the end of this month. */
function deliveryPeriod() {
  const now = new Date(nowMs());
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  return { from: iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1))), to: iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0))) };
}
/** The last four weeks: the machines have reported that long. */
const lastWeeks = () => ({ from: day(-27), to: day(0) });
/** The demo's users of each client: Baltic Beverages' is a buyer, Aqua Converters' a seller (whose face has no delivery screen). */
const tokenOf = (company: string) =>
  company === BALTIC_BEVERAGES ? as.buyer(company) : company === AQUA_CONVERTERS ? as.seller(company) : as.client(company);
const CONVERTERS = [NORDIC_SPRINGS, FJORD_WATER, AQUA_CONVERTERS];
const inRange = (value: number | null) => value !== null && value >= 0.8 && value <= 0.97;

describe('the demo plant', () => {
  it("each client's delivery performance: on time in full and fill rate between 80 and 97 %, different per client and per month", async () => {
    const otif: number[] = [];
    for (const company of [NORDIC_SPRINGS, FJORD_WATER, AQUA_CONVERTERS, BALTIC_BEVERAGES]) {
      // The screen is the client type's (a buyer's and a seller's faces have none): a client user of each company.
      const { status, body } = await post(app, '/api/client/stats/delivery/get', { period: deliveryPeriod() }, await as.client(company));
      expect(status, company).toBe(200);
      const figures = `${company}: ${body.onTimeInFull} of ${body.items}, OTIF ${body.otifRate}, fill rate ${body.fillRate}`;
      expect(body.items, figures).toBeGreaterThan(100);
      expect(inRange(body.otifRate), figures).toBe(true);
      expect(inRange(body.fillRate), figures).toBe(true);
      expect(body.fillRate, figures).toBeGreaterThan(body.otifRate);
      const months = (body.months as { otifRate: number }[]).map((month) => month.otifRate);
      expect(months.length, figures).toBeGreaterThanOrEqual(6);
      expect(new Set(months).size, figures).toBeGreaterThan(2);
      otif.push(body.otifRate);
    }
    expect(new Set(otif).size).toBe(otif.length);
    const ranking = await post(app, '/api/admin/stats/delivery/get', { period: deliveryPeriod() }, await as.admin());
    const clients = ranking.body.clients as { clientId: string; otifRate: number; fillRate: number }[];
    for (const company of [NORDIC_SPRINGS, FJORD_WATER, AQUA_CONVERTERS, BALTIC_BEVERAGES]) {
      const row = clients.find((client) => client.clientId === company);
      expect(inRange(row?.otifRate ?? null) && inRange(row?.fillRate ?? null), JSON.stringify(row)).toBe(true);
    }
    const suppliers = ranking.body.suppliers as { delivered: number; onTimeRate: number }[];
    expect(suppliers.some((supplier) => supplier.delivered > 0 && supplier.onTimeRate < 1), JSON.stringify(suppliers)).toBe(true);
  });

  it("each client's forecast accuracy: forecasts over every month of the produced history, accuracy of the past months 85–97 %, different per client", async () => {
    const thisMonth = `${day(0).slice(0, 7)}-01`;
    const accuracies: number[] = [];
    for (const company of [NORDIC_SPRINGS, FJORD_WATER, BALTIC_BEVERAGES]) {
      const { status, body } = await post(app, '/api/client/stats/delivery/get', { period: deliveryPeriod() }, await as.client(company));
      expect(status, company).toBe(200);
      const products = body.products as { month: string; forecast: number; ordered: number; accuracy: number }[];
      // The months the history produced in (those with items due) all have forecasts, not only last month.
      const producedMonths = new Set((body.months as { month: string; items: number }[]).filter((month) => month.items > 0 && month.month < thisMonth).map((month) => month.month));
      const forecastMonths = new Set(products.filter((row) => row.forecast > 0 && row.month < thisMonth).map((row) => row.month));
      expect(producedMonths.size, company).toBeGreaterThanOrEqual(6);
      expect([...producedMonths].filter((month) => !forecastMonths.has(month)), company).toEqual([]);
      // Over the past months, 1 − Σ|ordered − forecast| / Σ max: how the screen weighs them.
      const past = products.filter((row) => row.month < thisMonth && (row.forecast > 0 || row.ordered > 0));
      const errors = past.reduce((sum, row) => sum + Math.abs(row.ordered - row.forecast), 0);
      const scale = past.reduce((sum, row) => sum + Math.max(row.ordered, row.forecast), 0);
      const accuracy = 1 - errors / scale;
      expect(accuracy, `${company}: ${accuracy}`).toBeGreaterThanOrEqual(0.85);
      expect(accuracy, `${company}: ${accuracy}`).toBeLessThanOrEqual(0.97);
      expect(past.every((row) => row.accuracy > 0.5), company).toBe(true);
      // The whole period (this month's forecast is the planning one) still reads as a plausible plant.
      expect(body.forecastAccuracy, company).toBeGreaterThan(0.7);
      accuracies.push(Math.round(accuracy * 1000));
    }
    expect(new Set(accuracies).size).toBe(accuracies.length);
  });

  it("each converter's OEE panel: availability, performance and quality of every machine above 0, with its stop causes", async () => {
    // The panel's own period (this month) once a day of it has passed, and the four weeks the machines have reported.
    const monthStart = day(0).slice(0, 8) + '01';
    const periods = nowMs() - Date.parse(`${monthStart}T00:00:00Z`) > DAY ? [lastWeeks(), { from: monthStart, to: deliveryPeriod().to }] : [lastWeeks()];
    for (const [company, period] of CONVERTERS.flatMap((company) => periods.map((period) => [company, period] as const))) {
      const { status, body } = await post(app, '/api/client/machines/performance/get', { period }, await tokenOf(company));
      expect(status, company).toBe(200);
      expect(body.machines.length, company).toBeGreaterThan(0);
      for (const machine of body.machines as { machineName: string; total: Record<string, number | null>; topCauses: { causeName: string | null }[] }[]) {
        const { availability, performance, quality, oee, coverage } = machine.total;
        const figures = `${company} ${machine.machineName} ${period.from}: ${JSON.stringify(machine.total)}`;
        for (const factor of [availability, performance, quality]) {
          expect(factor, figures).toBeGreaterThan(0.5);
          expect(factor, figures).toBeLessThanOrEqual(1);
        }
        expect(oee, figures).toBeGreaterThan(0.4);
        expect(coverage, figures).toBeGreaterThan(0.9);
        // Over four weeks every machine has stopped for several causes, some of its time.
        if (period === periods[0]) {
          expect(availability, figures).toBeLessThan(1);
          expect(machine.topCauses.length, figures).toBeGreaterThanOrEqual(3);
        }
      }
    }
  });

  it('machine performance: the OEE of every demo machine, and stops of several causes in the Pareto with MTBF and MTTR', async () => {
    const admin = await as.admin();
    const oee = await post(app, '/api/admin/machines/oee/get', { period: lastWeeks(), grain: 'day', withBuckets: true }, admin);
    expect(oee.status).toBe(200);
    const machines = oee.body.machines as { machineName: string; total: { oee: number | null; band: string }; buckets: { oee: number | null }[] }[];
    expect(machines.map((machine) => machine.machineName).sort()).toEqual(['FB-101', 'FB-102', 'FB-201', 'FB-301']);
    for (const machine of machines) {
      expect(machine.total.oee, machine.machineName).toBeGreaterThan(0.4);
      expect(machine.total.band, machine.machineName).not.toBe('none');
      expect(machine.buckets.filter((bucket) => (bucket.oee ?? 0) > 0).length, machine.machineName).toBeGreaterThanOrEqual(20);
    }
    const analytics = await post(app, '/api/admin/machines/analytics/get', { period: lastWeeks() }, admin);
    const causes = (analytics.body.pareto as { causeName: string | null; planned: boolean; hours: number }[]).filter((row) => row.hours > 0);
    expect(causes.filter((row) => row.causeName !== null).length, JSON.stringify(causes)).toBeGreaterThanOrEqual(5);
    expect(causes.some((row) => row.planned) && causes.some((row) => !row.planned)).toBe(true);
    for (const machine of analytics.body.machines as { machineName: string; mtbfHours: number | null; mttrHours: number | null }[]) {
      expect(machine.mtbfHours, machine.machineName).toBeGreaterThan(0);
      expect(machine.mttrHours, machine.machineName).toBeGreaterThan(0);
    }
    expect((analytics.body.weekly as unknown[]).length).toBeGreaterThanOrEqual(4);
  });

  it("live machines: the others running on their events, one stopped now, and its client's banner lists the items it was making", async () => {
    const live = await post(app, '/api/admin/machines/status/get', {}, await as.admin());
    expect(live.body.counts).toEqual({ running: 3, stopped: 1, unknown: 0 });
    const stopped = (live.body.rows as { machineName: string; state: string; since: string | null }[]).find((row) => row.state === 'stopped');
    expect(stopped?.machineName).toBe('FB-102');
    const banner = await app.inject({ method: 'GET', url: '/api/client/machine/status/get', headers: { authorization: `Bearer ${await as.client(NORDIC_SPRINGS)}` } });
    const machines = banner.json() as { machineName: string; state: string; affectedItems: unknown[] }[];
    expect(machines.map((machine) => [machine.machineName, machine.state])).toEqual([
      ['FB-101', 'running'],
      ['FB-102', 'stopped'],
    ]);
    expect(machines[1]!.affectedItems.length).toBeGreaterThan(0);
  });

  it("the supply plan: each buffer's average daily usage counts the last four weeks' production, and suggestions come from it", async () => {
    const plan = await post(app, '/api/admin/supply/plan/get', { countForecasts: false, pagination: { page: 1, rowsPerPage: 50 } }, await as.admin());
    expect(plan.status).toBe(200);
    const consumed = await sql<{ preform_id: number; warehouse_id: number; preforms: number }>`
      select preform_id, warehouse_id, -sum(quantity)::float8 as preforms from preform_stock_movements
       where reason = 'production' and at >= ${day(-28)}::date group by 1, 2`.execute(database.db);
    const rows = plan.body.rows as { preformId: number; preformWarehouseId: number; buffer: { adu: number }; weeks: { requirement: number }[]; suggestion: unknown }[];
    expect(consumed.rows.length).toBeGreaterThanOrEqual(7);
    for (const pair of consumed.rows) {
      const row = rows.find((candidate) => candidate.preformId === pair.preform_id && candidate.preformWarehouseId === pair.warehouse_id);
      expect(pair.preforms, JSON.stringify(pair)).toBeGreaterThan(100_000);
      // The requirements ahead are spread over at least the 12 weeks after this one: half of that per day is the most
      // they can give the average; the rest is the past's half.
      const ahead = row!.weeks.reduce((sum, week) => sum + week.requirement, 0) / 84;
      expect(row!.buffer.adu - ahead / 2, JSON.stringify({ pair, buffer: row!.buffer, ahead })).toBeGreaterThan((0.9 * pair.preforms) / 28 / 2);
    }
    expect(rows.filter((row) => row.suggestion !== null).length).toBeGreaterThanOrEqual(2);
  });

  it('the ledger: a production row at each produced entry, balances in time order and never below 0, lots used only after they arrived', async () => {
    const counts = await sql<{ entries: number; production: number; negative: number; early: number; unchained: number }>`
      select (select count(*)::int from produced_entries where quantity > 0) as entries,
             -- Each row's balance is the one before it plus its quantity, and rows follow each other in time.
             (select count(*)::int from (
               select balance_after - quantity - lag(balance_after, 1, 0::numeric) over w as gap, at < lag(at) over w as earlier
                 from preform_stock_movements window w as (partition by preform_id, warehouse_id order by id)) r
               where r.gap <> 0 or r.earlier) as unchained,
             (select count(*)::int from preform_stock_movements where reason = 'production') as production,
             (select count(*)::int from preform_stock_movements where balance_after < 0) as negative,
             (select count(*)::int from lot_consumptions c join lots l on l.id = c.lot_id join produced_entries e on e.id = c.produced_entry_id
               where e.created_at < l.received_at) as early`.execute(database.db);
    const { entries, production, negative, early, unchained } = counts.rows[0]!;
    expect(entries).toBeGreaterThan(2_000);
    expect({ production, negative, early, unchained }).toEqual({ production: entries, negative: 0, early: 0, unchained: 0 });
    const used = await database.db.selectFrom('lots').select('id').where('consumed', '>', 0).execute();
    expect(used.length).toBeGreaterThan(20);
  });
});
