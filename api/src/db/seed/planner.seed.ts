import { sql } from 'kysely';
import type { Db } from '../database.js';
import { monthRange } from './demo-prices.js';
import { AQUA_CONVERTERS, BALTIC_BEVERAGES, FJORD_WATER, NORDIC_SPRINGS } from './users.seed.js';
import { nowMs } from '../../lib/clock.js';

const DAY = 86_400_000;
/** How far back the production history reaches: the dashboard's 6M toggle and the report have data. */
const HISTORY_DAYS = 182;
/**
 * Produced / planned of the history's items, cycled: most in full (some a little over), one in 12 short: a Medium and a
 * Bad day on every product's heatmap of a month. Whether the bottles came by the due date is the produced entries' part
 * (seedProducedEntries).
 */
const FILL_FACTORS = [1, 1, 1.02, 1, 0.6, 1, 1.01, 1, 1, 1, 1, 1, 1.02, 1, 0.88, 1, 1.01, 1, 1, 1, 1, 1, 1, 1];

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const isWeekend = (date: Date) => date.getUTCDay() === 0 || date.getUTCDay() === 6;

/** The first weekday on or after `days` from today, YYYY-MM-DD. */
function weekday(days: number): string {
  const date = new Date(nowMs() + days * DAY);
  while (isWeekend(date)) date.setUTCDate(date.getUTCDate() + 1);
  return isoDay(date);
}

/** Weekdays from HISTORY_DAYS ago to yesterday, grouped by month (YYYY-MM). */
function historyByMonth(): Map<string, string[]> {
  const months = new Map<string, string[]>();
  for (let back = HISTORY_DAYS; back >= 1; back--) {
    const date = new Date(nowMs() - back * DAY);
    if (isWeekend(date)) continue;
    const day = isoDay(date);
    const month = day.slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), day]);
  }
  return months;
}

/**
 * Demo data of the seller's planner and the statistics:
 * - Baltic Beverages (buyer) gets a juice bottle made by Aqua Converters (seller: `seller_company_id`), priced this
 *   month and next, on its forecasts, with an order whose items show each planner button: one confirmed by the buyer only (Confirm), one
 *   confirmed by both (Add), one already produced through Aqua Converters' production order (Edit), one unconfirmed.
 * - Every client gets half a year of production: a closed order per month with an item per product and weekday and
 *   the produced amounts recorded, so 'Produced Quantities', the fill-rate heatmap, the quantities report and the
 *   delivery figures have data.
 * Returns false when a seller's product exists already (seeded before) or the supply seed made no products.
 */
export async function seedPlanner(db: Db): Promise<boolean> {
  if (await db.selectFrom('client_products').select('id').where('seller_company_id', 'is not', null).limit(1).executeTakeFirst()) return false;
  const products = await db
    .selectFrom('client_products')
    .select(['id', 'company_id', 'article_no', 'preform_id', 'preform_warehouse_id', 'default_supply_id', 'scrap_rate', 'preform_scrap_start', 'preform_scrap_change_over'])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const made = products.find((product) => product.company_id === AQUA_CONVERTERS);
  if (!made) return false;

  await db.transaction().execute(async (trx) => {
    // The buyer's product, made by the seller from the seller's own bottle's preform.
    const { id: juice } = await trx
      .insertInto('client_products')
      .values({
        company_id: BALTIC_BEVERAGES,
        seller_company_id: AQUA_CONVERTERS,
        product_name: 'Birch Juice 1 L',
        article_no: 'BB-1000B',
        scrap_rate: made.scrap_rate,
        preform_scrap_start: made.preform_scrap_start,
        preform_scrap_change_over: made.preform_scrap_change_over,
        preform_id: made.preform_id,
        preform_warehouse_id: made.preform_warehouse_id,
        default_supply_id: made.default_supply_id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    // Prices of this month and the next, like every demo product: produced bottles go into a price period's stock.
    const monthBounds = (offset: number) => {
      const { from, to } = monthRange(offset);
      return { valid_from: from, valid_to: to };
    };
    await trx
      .insertInto('product_prices')
      .values([
        { client_product_id: juice, unit_price: 64.5, ...monthBounds(0) },
        { client_product_id: juice, unit_price: 66.4, ...monthBounds(1) },
      ])
      .execute();

    // Aqua Converters' production order that already produces one of the buyer's items.
    const { id: sellerOrder } = await trx
      .insertInto('client_production_orders')
      .values({ company_id: AQUA_CONVERTERS, order_no: 'AC-PO-2026-07', purchase_date: weekday(-1) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: sellerItem } = await trx
      .insertInto('client_production_order_items')
      .values({ order_id: sellerOrder, client_product_id: juice, due_date: weekday(13), planned_amount: 45_000 })
      .returning('id')
      .executeTakeFirstOrThrow();

    const { id: buyerOrder } = await trx
      .insertInto('client_production_orders')
      .values({ company_id: BALTIC_BEVERAGES, order_no: 'BB-2026-020', purchase_date: weekday(25) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('client_production_order_items')
      .values([
        { order_id: buyerOrder, client_product_id: juice, due_date: weekday(8), planned_amount: 50_000, is_buyer_confirmed: true },
        { order_id: buyerOrder, client_product_id: juice, due_date: weekday(12), planned_amount: 30_000, is_buyer_confirmed: true, is_seller_confirmed: true },
        {
          order_id: buyerOrder,
          client_product_id: juice,
          due_date: weekday(15),
          planned_amount: 45_000,
          is_buyer_confirmed: true,
          is_seller_confirmed: true,
          ref_production_order_item_id: sellerItem,
        },
        { order_id: buyerOrder, client_product_id: juice, due_date: weekday(19), planned_amount: 20_000 },
      ])
      .execute();

    // The juice on Baltic Beverages' forecasts of this month and later (bars on the planner).
    const plans = await trx
      .selectFrom('client_production_plans')
      .select('id')
      .where('company_id', '=', BALTIC_BEVERAGES)
      .where('period_to', '>=', weekday(0))
      .execute();
    if (plans.length) {
      await trx
        .insertInto('client_production_plan_items')
        .values(plans.map((plan, index) => ({ plan_id: plan.id, client_product_id: juice, planned_amount: 120_000 + index * 20_000 })))
        .execute();
    }

    // Half a year of production per client: one closed order a month, an item per product and weekday.
    const months = historyByMonth();
    for (const [companyIndex, company] of [NORDIC_SPRINGS, FJORD_WATER, AQUA_CONVERTERS, BALTIC_BEVERAGES].entries()) {
      const own = products.filter((product) => product.company_id === company);
      if (!own.length) continue;
      let dayIndex = 0;
      for (const [month, days] of months) {
        const { id: orderId } = await trx
          .insertInto('client_production_orders')
          .values({ company_id: company, order_no: `${own[0].article_no.slice(0, 2)}-HIST-${month}`, closed: 1, purchase_date: days[0], created_at: `${days[0]}T07:00:00Z` })
          .returning('id')
          .executeTakeFirstOrThrow();
        const items = days.flatMap((day) => {
          dayIndex++;
          return own.map((product, productIndex) => {
            const planned = 20_000 + 5_000 * ((productIndex + companyIndex) % 3);
            const factor = FILL_FACTORS[(dayIndex * 5 + productIndex * 7 + companyIndex) % FILL_FACTORS.length];
            return {
              order_id: orderId,
              client_product_id: product.id,
              due_date: day,
              planned_amount: planned,
              produced_amount: Math.round(planned * factor),
              is_closed: true,
            };
          });
        });
        await trx.insertInto('client_production_order_items').values(items).execute();
      }
    }

    await seedHistoryForecasts(trx, [...months.keys()]);
  });
  return true;
}

/**
 * Forecast against ordered, per product and month (1 − |ordered − forecast| / max of both): each client forecast
 * within a few per cent of what it then ordered, and one month in a while 10–15 % off, so forecast accuracy reads
 * 85–97 % and differs by client and month.
 */
const FORECAST_FACTORS = [0.96, 1.04, 0.93, 1.02, 0.88, 1.06, 0.98, 1.13, 0.95, 1.01, 0.91, 1.05];

/**
 * The forecasts of the months the production history covers before this one, as a client would have made them:
 * each product's forecast near the bottles it then ordered for the month. A month's forecast seeded before (last
 * month's, with the invoices) is replaced; this month's and later ones stay as the planning seed made them (they
 * drive the supply plan).
 */
async function seedHistoryForecasts(trx: Db, historyMonths: string[]) {
  const thisMonth = monthRange(0).from.slice(0, 7);
  const pastMonths = historyMonths.filter((month) => month < thisMonth);
  for (const [companyIndex, company] of [NORDIC_SPRINGS, FJORD_WATER, BALTIC_BEVERAGES].entries()) {
    for (const [monthIndex, month] of pastMonths.entries()) {
      const from = `${month}-01`;
      const to = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
      const ordered = await trx
        .selectFrom('client_production_order_items as i')
        .innerJoin('client_production_orders as o', 'o.id', 'i.order_id')
        .select(['i.client_product_id', sql<number>`sum(i.planned_amount)::int`.as('ordered')])
        .where('o.company_id', '=', company)
        .where('i.due_date', '>=', from)
        .where('i.due_date', '<=', to)
        .groupBy('i.client_product_id')
        .orderBy('i.client_product_id')
        .execute();
      if (!ordered.length) continue;
      const seeded = await trx
        .selectFrom('client_production_plans')
        .select('id')
        .where('company_id', '=', company)
        .where('period_from', '=', from)
        .where('period_to', '=', to)
        .executeTakeFirst();
      const planId =
        seeded?.id ??
        (await trx.insertInto('client_production_plans').values({ company_id: company, period_from: from, period_to: to }).returning('id').executeTakeFirstOrThrow()).id;
      await trx.deleteFrom('client_production_plan_items').where('plan_id', '=', planId).execute();
      await trx
        .insertInto('client_production_plan_items')
        .values(
          ordered.map((row, productIndex) => {
            const factor = FORECAST_FACTORS[(monthIndex * 5 + productIndex * 7 + companyIndex * 3) % FORECAST_FACTORS.length]!;
            return { plan_id: planId, client_product_id: row.client_product_id, planned_amount: Math.round((row.ordered * factor) / 1000) * 1000 };
          }),
        )
        .execute();
    }
  }
}
