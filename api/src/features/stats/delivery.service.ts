import type { Db } from '../../db/database.js';
import type { Schemas } from '../../lib/contract.js';
import { listFile, type ExportFormat } from '../../lib/list-export.js';
import { notFound, problemTexts, ruleViolation } from '../../lib/problem.js';
import type { CsvCell } from '../downtime/downtime.csv.js';
import type { CompanyScope } from '../../lib/scope.js';
import { accuracyOf, forecastAccuracy, rate, weightedForecastAccuracy } from './delivery.rules.js';
import * as repository from './delivery.repository.js';
import { now as clockNow } from '../../lib/clock.js';

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

/** The whole months the period touches (at most 24), judged on `now`'s day (UTC). */
function windowOf(period: Schemas['Period'], now: Date): repository.DeliveryWindow {
  if (period.to < period.from) throw ruleViolation('period', 'min', problemTexts.periodOrder);
  const from = firstOfMonth(period.from);
  const to = firstOfMonth(period.to);
  if (monthsBetween(from, to) > MAX_MONTHS) throw ruleViolation('period', 'max', /*i18n*/ { id: 'problem.stats.maxMonths', message: 'At most {max} months.' }, { max: MAX_MONTHS });
  const today = todayOf(now);
  return { from, to, lastDay: lastOfMonth(to), today, thisMonth: firstOfMonth(today) };
}

function performanceOf({ months, products }: { months: repository.MonthCounts[]; products: repository.ProductMonth[] }): Performance {
  const sum = (key: 'items' | 'onTimeInFull' | 'planned' | 'filled') => months.reduce((total, row) => total + row[key], 0);
  return {
    months: months.map((row) => ({
      month: row.month,
      items: row.items,
      onTimeInFull: row.onTimeInFull,
      otifRate: rate(row.onTimeInFull, row.items),
      fillRate: rate(row.filled, row.planned),
    })),
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

/** The client's own delivery figures (its company only): one statement. */
export async function getDeliveryPerformance(db: Db, scope: CompanyScope, period: Schemas['Period'], now: Date = clockNow()) {
  return performanceOf(await repository.findCompanyFigures(db, scope.companyId, windowOf(period, now)));
}

const worstFirst = (a: number | null, b: number | null) => (a ?? Infinity) - (b ?? Infinity);

/**
 * The admin's ranking: every client, worst on-time-in-full first; every supplier, worst on-time rate first; and, when
 * asked, one client's figures. Two statements, three with a client.
 */
export async function getDeliveryRanking(db: Db, body: { period: Schemas['Period']; clientId?: string }, now: Date = clockNow()) {
  const window = windowOf(body.period, now);
  const clientId = body.clientId;
  const [totals, suppliers, client] = await Promise.all([
    repository.findCompanyTotals(db, window, clientId ?? null),
    repository.findSupplierDeliveries(db, window),
    clientId === undefined ? null : repository.findCompanyFigures(db, clientId, window),
  ]);
  if (clientId !== undefined && !totals.some((row) => row.companyId === clientId)) throw notFound('Client');
  const clients = totals
    .filter((row) => row.present)
    .map((row) => ({
      clientId: row.companyId,
      company: row.company,
      items: row.items,
      onTimeInFull: row.onTimeInFull,
      otifRate: rate(row.onTimeInFull, row.items),
      fillRate: rate(row.filled, row.planned),
      forecastAccuracy: accuracyOf(row.forecastErrors, row.forecastScale),
    }));
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
  return { clients, suppliers: supplierRows, ...(client ? { client: performanceOf(client) } : {}) };
}

/**
 * The client's delivery figures as a file ('Export'): the page's two tables in one sheet, a row per month (Section
 * 'Month'), then a row per product and month (Section 'Product'). They are aggregates of at most 24 months, computed
 * by the page's one statement; the file is written from them as the lists' exports are.
 */
export async function exportDeliveryPerformance(db: Db, scope: CompanyScope, body: { format: ExportFormat; period: Schemas['Period'] }, now: Date = clockNow()) {
  const figures = await getDeliveryPerformance(db, scope, body.period, now);
  async function* rows(): AsyncIterable<CsvCell[]> {
    for (const month of figures.months) {
      yield ['Month', month.month, month.items, month.onTimeInFull, month.otifRate, month.fillRate, null, null, null, null, null, null];
    }
    for (const product of figures.products) {
      yield ['Product', product.month, null, null, null, null, product.articleNo, product.productName, product.forecast, product.ordered, product.produced, product.accuracy];
    }
  }
  return listFile(body.format, {
    basename: `delivery-${body.period.from}-${body.period.to}`,
    sheetName: 'Delivery',
    header: ['Section', 'Month', 'Items', 'On time in full', 'OTIF', 'Fill rate', 'Article no', 'Title', 'Forecast', 'Ordered', 'Produced', 'Accuracy'],
    rows: rows(),
  });
}

/**
 * The admin's ranking as a file ('Export'): the page's two tables in one sheet, a row per client in the ranking's
 * order (Section 'Client'), then a row per supplier (Section 'Supplier'). Both are aggregates, one row per company or
 * supplier, computed by the ranking's own statements; the file is written from them as the lists' exports are.
 */
export async function exportDeliveryRanking(db: Db, body: { format: ExportFormat; period: Schemas['Period'] }, now: Date = clockNow()) {
  const ranking = await getDeliveryRanking(db, { period: body.period }, now);
  async function* rows(): AsyncIterable<CsvCell[]> {
    for (const client of ranking.clients) {
      yield ['Client', client.company, client.items, client.onTimeInFull, client.otifRate, client.fillRate, client.forecastAccuracy, null, null, null, null];
    }
    for (const supplier of ranking.suppliers) {
      yield ['Supplier', null, null, null, null, null, null, supplier.manufacturerName, supplier.delivered, supplier.onTime, supplier.onTimeRate];
    }
  }
  return listFile(body.format, {
    basename: `delivery-ranking-${body.period.from}-${body.period.to}`,
    sheetName: 'Delivery ranking',
    header: ['Section', 'Client', 'Items due', 'On time in full', 'OTIF', 'Fill rate', 'Forecast accuracy', 'Supplier', 'Added to stock', 'By the due date', 'On-time rate'],
    rows: rows(),
  });
}
