import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import type { Schemas } from '../../lib/contract.js';
import { notFound, ruleViolation } from '../../lib/problem.js';
import { companyScopeOf } from '../../lib/scope.js';
import { forecastAccuracy, rate, weightedForecastAccuracy } from './delivery.rules.js';
import * as repository from './delivery.repository.js';

/** The longest period of the delivery figures. */
export const MAX_MONTHS = 24;

type Performance = Schemas['DeliveryPerformance'];

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;
const lastOfMonth = (month: string) => {
  const date = new Date(`${month}T00:00:00Z`);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
};
const todayOf = (now: Date) => now.toISOString().slice(0, 10);

/** The whole months the period touches (at most 24). */
function monthsOf(period: Schemas['Period']) {
  if (period.to < period.from) throw ruleViolation('period', 'min', 'The period must not end before it starts.');
  const from = firstOfMonth(period.from);
  const to = firstOfMonth(period.to);
  if (monthsBetween(from, to) > MAX_MONTHS) throw ruleViolation('period', 'max', `At most ${MAX_MONTHS} months.`);
  return { from, to, lastDay: lastOfMonth(to) };
}

function performanceOf(months: repository.MonthCounts[], products: repository.ProductMonth[]): Performance {
  const byMonth = new Map<string, repository.MonthCounts>();
  for (const row of months) {
    const seen = byMonth.get(row.month);
    byMonth.set(
      row.month,
      seen
        ? { ...seen, items: seen.items + row.items, onTimeInFull: seen.onTimeInFull + row.onTimeInFull, planned: seen.planned + row.planned, filled: seen.filled + row.filled }
        : row,
    );
  }
  const monthRows = [...byMonth.values()].map((row) => ({
    month: row.month,
    items: row.items,
    onTimeInFull: row.onTimeInFull,
    otifRate: rate(row.onTimeInFull, row.items),
    fillRate: rate(row.filled, row.planned),
  }));
  const sum = (key: 'items' | 'onTimeInFull' | 'planned' | 'filled') => months.reduce((total, row) => total + row[key], 0);
  return {
    months: monthRows,
    products: products.map((row) => ({
      clientProductId: row.clientProductId,
      articleNo: row.articleNo,
      productName: row.productName,
      month: row.month,
      forecast: row.forecast,
      ordered: row.ordered,
      produced: row.produced,
      accuracy: forecastAccuracy(row.forecast, row.ordered),
    })),
    items: sum('items'),
    onTimeInFull: sum('onTimeInFull'),
    otifRate: rate(sum('onTimeInFull'), sum('items')),
    fillRate: rate(sum('filled'), sum('planned')),
    forecastAccuracy: weightedForecastAccuracy(products.map((row) => ({ forecast: row.forecast, actual: row.ordered }))),
  };
}

async function performanceFor(db: Db, companyId: string, period: Schemas['Period'], now: Date) {
  const { from, to, lastDay } = monthsOf(period);
  const scope = { companyId };
  const [months, products] = await Promise.all([
    repository.findMonthCounts(db, scope, from, lastDay, todayOf(now)),
    repository.findProductMonths(db, scope, from, to),
  ]);
  return performanceOf(months, products);
}

/** The client's own delivery figures (its company only). */
export async function getDeliveryPerformance(db: Db, actor: Actor, period: Schemas['Period'], now: Date = new Date()) {
  return performanceFor(db, companyScopeOf(actor).companyId, period, now);
}

const worstFirst = (a: number | null, b: number | null) => (a ?? Infinity) - (b ?? Infinity);

/** The admin's ranking: every client, worst on-time-in-full first; every supplier, worst on-time rate first. */
export async function getDeliveryRanking(db: Db, body: { period: Schemas['Period']; clientId?: string }, now: Date = new Date()) {
  const { from, to, lastDay } = monthsOf(body.period);
  if (body.clientId !== undefined && !(await repository.findCompanyNames(db, [body.clientId])).has(body.clientId)) throw notFound('Client');
  const all = { allCompanies: true as const };
  const [months, products, suppliers, client] = await Promise.all([
    repository.findMonthCounts(db, all, from, lastDay, todayOf(now)),
    repository.findProductMonths(db, all, from, to),
    repository.findSupplierDeliveries(db, from, lastDay),
    body.clientId === undefined ? null : performanceFor(db, body.clientId, body.period, now),
  ]);
  const companies = new Set([...months.map((row) => row.companyId), ...products.map((row) => row.companyId)]);
  const names = await repository.findCompanyNames(db, [...companies]);
  const clients = [...companies].map((companyId) => {
    const figures = performanceOf(
      months.filter((row) => row.companyId === companyId),
      products.filter((row) => row.companyId === companyId),
    );
    return {
      clientId: companyId,
      company: names.get(companyId) ?? companyId,
      items: figures.items,
      onTimeInFull: figures.onTimeInFull,
      otifRate: figures.otifRate,
      fillRate: figures.fillRate,
      forecastAccuracy: figures.forecastAccuracy,
    };
  });
  clients.sort((a, b) => worstFirst(a.otifRate, b.otifRate) || a.company.localeCompare(b.company));
  const supplierRows = suppliers
    .map((row) => ({
      manufacturerId: row.manufacturer_id,
      manufacturerName: row.manufacturer_name,
      delivered: row.delivered,
      onTime: row.on_time,
      onTimeRate: rate(row.on_time, row.delivered),
    }))
    .sort((a, b) => worstFirst(a.onTimeRate, b.onTimeRate) || a.manufacturerName.localeCompare(b.manufacturerName));
  return { clients, suppliers: supplierRows, ...(client ? { client } : {}) };
}
