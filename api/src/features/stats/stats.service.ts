import type { Db } from '../../db/database.js';
import { notFound, problemTexts, ruleViolation } from '../../lib/problem.js';
import type { CompanyScope } from '../../lib/scope.js';
import { fillRateBucketOn } from './fill-rate.js';
import * as repository from './stats.repository.js';
import { today as clockToday } from '../../lib/clock.js';

/** The longest range of the produced-quantities chart (one point per day): two years; the toggles need at most one. */
export const MAX_CHART_DAYS = 731;

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;

/** 404 unless the product is the caller's (another company's product answers like a missing one). */
async function ownProduct(db: Db, scope: CompanyScope, productId: number) {
  const product = await repository.findProduct(db, scope, productId);
  if (!product) throw notFound('Client product');
  return product;
}

function checkPeriod(from: string, to: string, field: string) {
  if (to < from) throw ruleViolation(field, 'min', problemTexts.periodOrder);
}

/**
 * 'Produced Quantities' (the performance dashboard's area chart): bottles produced per day from startOf to endOf,
 * every day a point (0 where nothing was produced), for one of the caller's products or all of them (productId 0);
 * and the caller's products for the filter. Another company's product: 404.
 */
export async function getProducedQuantities(db: Db, scope: CompanyScope, input: { startOf: string; endOf: string; productId: number }) {
  checkPeriod(input.startOf, input.endOf, 'endOf');
  if (daysBetween(input.startOf, input.endOf) >= MAX_CHART_DAYS) {
    throw ruleViolation('endOf', 'max', /*i18n*/ { id: 'problem.stats.maxChartDays', message: 'The chart shows at most {max} days.' }, { max: MAX_CHART_DAYS }, MAX_CHART_DAYS);
  }
  const product = input.productId === 0 ? null : await ownProduct(db, scope, input.productId);
  const [days, products] = await Promise.all([
    repository.findProducedPerDay(db, scope, input.startOf, input.endOf, product?.id ?? null),
    repository.findProducts(db, scope),
  ]);
  return {
    series: [{ name: product ? `${product.articleNo} - ${product.productName}` : 'Produced', data: days.map((day) => ({ x: day.day, y: day.produced })) }],
    products,
  };
}

/** Every day of a month (YYYY-MM), YYYY-MM-DD. */
function daysOfMonth(month: string): string[] {
  const [year, monthIndex] = month.split('-').map(Number);
  const count = new Date(Date.UTC(year, monthIndex, 0)).getUTCDate();
  return Array.from({ length: count }, (_, index) => `${month}-${String(index + 1).padStart(2, '0')}`);
}

/**
 * 'Order Fill Rate' heatmap of one month: the days as categories; a line per product of the caller (live ones,
 * and deleted ones with items that month) with the bucket of each day (fill-rate.ts: days to come are not judged); planned and produced per
 * day with items (the tooltip). Planned and produced are summed per product and day in SQL.
 */
export async function getFillRate(db: Db, scope: CompanyScope, month: string) {
  const categories = daysOfMonth(month);
  const from = categories[0];
  const to = categories[categories.length - 1];
  const [products, cells] = await Promise.all([
    repository.findHeatmapProducts(db, scope, from, to),
    repository.findPlannedAndProduced(db, scope, from, to),
  ]);
  const byCell = new Map(cells.map((cell) => [`${cell.client_product_id}|${cell.due_date}`, cell]));
  const today = clockToday();
  const series = products.map((product) => ({
    name: `${product.articleNo} - ${product.productName}`,
    clientProductId: product.id,
    data: categories.map((day) => {
      const cell = byCell.get(`${product.id}|${day}`);
      return fillRateBucketOn(day, today, cell?.planned ?? 0, cell?.produced ?? 0);
    }),
  }));
  const details = cells.map((cell) => ({
    clientProductId: cell.client_product_id,
    date: cell.due_date,
    plannedAmount: cell.planned,
    produced: cell.produced,
  }));
  return { series, categories, details };
}

/** Production quantities report: bottles produced per product of the caller in the period (the bars). */
export async function getQuantities(db: Db, scope: CompanyScope, period: { from: string; to: string }) {
  checkPeriod(period.from, period.to, 'period.to');
  return repository.findQuantitiesPerProduct(db, scope, period.from, period.to);
}

/** Bottles produced of one of the caller's products per day in the period (the sparkline); another company's: 404. */
export async function getQuantitiesDetailed(db: Db, scope: CompanyScope, input: { productId: number; period: { from: string; to: string } }) {
  checkPeriod(input.period.from, input.period.to, 'period.to');
  const product = await ownProduct(db, scope, input.productId);
  return repository.findQuantitiesPerDay(db, scope, product, input.period.from, input.period.to);
}
