import type { Db } from '../database.js';
import { BALTIC_BEVERAGES, FJORD_WATER, NORDIC_SPRINGS } from './users.seed.js';
import { now, nowMs } from '../../lib/clock.js';

const DAY = 86_400_000;

/** The first weekday on or after `days` from today, YYYY-MM-DD (order items are never due on a weekend). */
function weekday(days: number): string {
  const date = new Date(nowMs() + days * DAY);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Monday of the current ISO week: a weekday that is always on or before the end of this week. */
function mondayThisWeek(): string {
  const date = now();
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/** Demo downtime causes; the downtime feature lists and edits them. */
const CAUSES = [
  ['Mould change', 'Changing the blow mould for another bottle format.'],
  ['Cleaning', 'Scheduled cleaning of the line.'],
  ['Material shortage', 'No preforms at the machine.'],
] as const;

/**
 * Demo data of the client face beside the supply seed's open orders (one per company) and closed one: a fresh
 * order of Nordic Springs with its in-production product due this week (a highlighted row of the 'Weekly order
 * list'), a Fjord Water order planned for next weeks, a Baltic Beverages (buyer) order with a confirmed item, and
 * machine stops: Nordic Springs' FB-102 stopped now by a mould change (the portfolio's red banner), FB-101's
 * cleaning stop of yesterday over. Returns false when downtime causes exist already (seeded before) or when
 * the supply seed made no products.
 */
export async function seedOrders(db: Db): Promise<boolean> {
  if (await db.selectFrom('downtime_causes').select('id').limit(1).executeTakeFirst()) return false;
  const products = await db
    .selectFrom('client_products')
    .select(['id', 'company_id', 'article_no'])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  if (!products.length) return false;
  const own = (company: string) => products.filter((product) => product.company_id === company);

  await db.transaction().execute(async (trx) => {
    const [nordic, fjord, baltic] = [own(NORDIC_SPRINGS), own(FJORD_WATER), own(BALTIC_BEVERAGES)];
    if (nordic.length) {
      // The product on the line now: its items due by the end of this week mark their orders as work in progress.
      await trx.updateTable('client_products').set({ wip: true }).where('id', '=', nordic[0].id).execute();
      const { id } = await trx
        .insertInto('client_production_orders')
        .values({ company_id: NORDIC_SPRINGS, order_no: 'NS-2026-031', purchase_date: weekday(-2) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('client_production_order_items')
        .values([
          { order_id: id, client_product_id: nordic[0].id, due_date: mondayThisWeek(), planned_amount: 60_000, produced_amount: 21_000 },
          ...nordic.slice(1).map((product, index) => ({
            order_id: id,
            client_product_id: product.id,
            due_date: weekday(7 + index * 2),
            planned_amount: 40_000 + index * 5_000,
          })),
        ])
        .execute();
    }
    if (fjord.length) {
      const { id } = await trx
        .insertInto('client_production_orders')
        .values({ company_id: FJORD_WATER, order_no: 'FW-PO-5512', purchase_date: weekday(-1) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('client_production_order_items')
        .values(fjord.map((product, index) => ({ order_id: id, client_product_id: product.id, due_date: weekday(14 + index), planned_amount: 25_000 })))
        .execute();
    }
    if (baltic.length) {
      const { id } = await trx
        .insertInto('client_production_orders')
        .values({ company_id: BALTIC_BEVERAGES, order_no: 'BB-2026-014', purchase_date: weekday(20) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('client_production_order_items')
        .values([
          { order_id: id, client_product_id: baltic[0].id, due_date: weekday(10), planned_amount: 40_000, is_buyer_confirmed: true },
          { order_id: id, client_product_id: baltic[0].id, due_date: weekday(17), planned_amount: 30_000 },
        ])
        .execute();
    }

    const causes = await trx
      .insertInto('downtime_causes')
      .values(CAUSES.map(([name, description]) => ({ cause_name: name, cause_description: description })))
      .returning(['id', 'cause_name'])
      .execute();
    const cause = (name: string) => causes.find((row) => row.cause_name === name)!.id;
    const now = nowMs();
    await trx
      .insertInto('downtime_history')
      .values([
        {
          company_id: NORDIC_SPRINGS,
          machine_name: 'FB-102',
          cause_id: cause('Mould change'),
          actual_date: new Date(now - 3 * 3_600_000).toISOString().slice(0, 10),
          target_start: new Date(now - 3 * 3_600_000),
          target_end: null,
        },
        {
          company_id: NORDIC_SPRINGS,
          machine_name: 'FB-101',
          cause_id: cause('Cleaning'),
          actual_date: new Date(now - DAY).toISOString().slice(0, 10),
          duration: 45,
          target_start: new Date(now - DAY),
          target_end: new Date(now - DAY + 45 * 60_000),
        },
        {
          company_id: FJORD_WATER,
          machine_name: 'FB-201',
          cause_id: cause('Material shortage'),
          actual_date: new Date(now - 2 * DAY).toISOString().slice(0, 10),
          duration: 90,
          target_start: new Date(now - 2 * DAY),
          target_end: new Date(now - 2 * DAY + 90 * 60_000),
        },
      ])
      .execute();
  });
  return true;
}

/**
 * The demo's produced quantities as the operator's history shows them: every demo item with bottles produced gets
 * the entries that add up to its total (two entries, a day apart, by the demo operator), as if the operator had
 * recorded them. Runs after every seed that writes order items; items that already have entries are left alone.
 */
export async function seedProducedEntries(db: Db): Promise<boolean> {
  const items = await db
    .selectFrom('client_production_order_items as i')
    .select(['i.id', 'i.produced_amount', 'i.updated_at'])
    .where('i.produced_amount', '>', 0)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('produced_entries as e').select('e.id').whereRef('e.order_item_id', '=', 'i.id'))))
    .execute();
  if (!items.length) return false;
  await db
    .insertInto('produced_entries')
    .values(
      items.flatMap((item) => {
        const first = Math.ceil(item.produced_amount / 2);
        const recorded = new Date(item.updated_at);
        return [
          { order_item_id: item.id, quantity: first, produced_total: first, subject: 'demo', recorded_by: 'Demo Operator', created_at: new Date(recorded.getTime() - DAY) },
          { order_item_id: item.id, quantity: item.produced_amount - first, produced_total: item.produced_amount, subject: 'demo', recorded_by: 'Demo Operator', created_at: recorded },
        ];
      }),
    )
    .execute();
  return true;
}
