import type { Db } from '../database.js';
import { AQUA_CONVERTERS, BALTIC_BEVERAGES, FJORD_WATER, NORDIC_SPRINGS } from './users.seed.js';
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

/** Demo downtime causes; the downtime feature lists and edits them. A change-over and a cleaning are planned (not OEE downtime). */
const CAUSES = [
  ['Mould change', 'Changing the blow mould for another bottle format.', true],
  ['Cleaning', 'Scheduled cleaning of the line.', true],
  ['Material shortage', 'No preforms at the machine.', false],
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
      // Which machine makes which item (a stopped machine's banner lists what is on it): both machines make every
      // product of Nordic Springs, so each item is planned on one: the product on the line now on FB-102 (stopped
      // below), the others in turn on FB-101 and FB-102.
      for (const [index, product] of nordic.entries())
        await trx
          .updateTable('client_production_order_items')
          .set({ machine_name: index % 2 === 0 ? 'FB-102' : 'FB-101' })
          .where('client_product_id', '=', product.id)
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
      .values(CAUSES.map(([name, description, planned]) => ({ cause_name: name, cause_description: description, planned })))
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

/** Items late per hundred judged ones, per client: Fjord Water's plant runs behind most, Aqua Converters' least. */
const LATE_PER_HUNDRED: Record<string, number> = { [NORDIC_SPRINGS]: 5, [FJORD_WATER]: 8, [AQUA_CONVERTERS]: 3, [BALTIC_BEVERAGES]: 6 };
/** What a month adds to a client's late items per hundred (cycled over the months): some months are harder. */
const MONTH_LATE = [0, 3, -2, 4, -3, 1, 2, -1, 5, -2, 0, 2];
/** Of a late item's bottles, the share that came after its due day. */
const LATE_SHARE = 0.7;

/** `hour` o'clock (UTC) on the day `days` after `day` (YYYY-MM-DD). */
const at = (day: string, days: number, hour: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY + hour * 3_600_000);

/**
 * The demo's produced quantities as the operator's history shows them: every demo item with bottles produced gets
 * two entries by the demo operator that add up to its total, stamped when they were produced: the day before the due
 * day and the due day, so most items are on time in full. Some items produced in full came late: a few in every
 * hundred judged (due before today), more for some clients and months (LATE_PER_HUNDRED, MONTH_LATE), chosen evenly
 * through each client's month; their larger second entry came a day or two after the due day. Nothing is stamped
 * after now. Runs after every seed that writes order items; items that already have entries are left alone.
 */
export async function seedProducedEntries(db: Db): Promise<boolean> {
  const items = await db
    .selectFrom('client_production_order_items as i')
    .innerJoin('client_production_orders as o', 'o.id', 'i.order_id')
    .select(['i.id', 'i.produced_amount', 'i.planned_amount', 'i.due_date', 'o.company_id'])
    .where('i.produced_amount', '>', 0)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('produced_entries as e').select('e.id').whereRef('e.order_item_id', '=', 'i.id'))))
    .orderBy('o.company_id')
    .orderBy('i.due_date')
    .orderBy('i.id')
    .execute();
  if (!items.length) return false;
  const nowAt = nowMs();
  const today = new Date(nowAt).toISOString().slice(0, 10);
  const late = new Set<number>();
  const seen = new Map<string, number>();
  for (const item of items) {
    if (item.due_date >= today || item.produced_amount < item.planned_amount) continue;
    const month = item.due_date.slice(0, 7);
    const key = `${item.company_id} ${month}`;
    const index = seen.get(key) ?? 0;
    seen.set(key, index + 1);
    const companyIndex = Math.max(0, Object.keys(LATE_PER_HUNDRED).indexOf(item.company_id));
    const perHundred = (LATE_PER_HUNDRED[item.company_id] ?? 5) + MONTH_LATE[(Number(month.slice(5, 7)) + companyIndex * 5) % MONTH_LATE.length]!;
    // 37 is prime to 100: the first hundred items of a month take every position once, so the share is what is asked.
    if ((index * 37 + companyIndex * 11) % 100 < perHundred) late.add(item.id);
  }
  const rows = items.flatMap((item) => {
    const isLate = late.has(item.id);
    const first = isLate ? Math.round(item.produced_amount * (1 - LATE_SHARE)) : Math.ceil(item.produced_amount / 2);
    // Never after now: an item due today or later has what was produced so far.
    const second = Math.min(at(item.due_date, isLate ? 1 + (item.id % 2) : 0, isLate ? 10 : 11).getTime(), nowAt - 30 * 60_000);
    const firstAt = Math.min(at(item.due_date, -1, 15).getTime(), second - 3 * 3_600_000);
    return [
      { order_item_id: item.id, quantity: first, produced_total: first, subject: 'demo', recorded_by: 'Demo Operator', created_at: new Date(firstAt) },
      {
        order_item_id: item.id,
        quantity: item.produced_amount - first,
        produced_total: item.produced_amount,
        subject: 'demo',
        recorded_by: 'Demo Operator',
        created_at: new Date(second),
      },
    ];
  });
  // In the order they happened: the ledger and the lots replay them by time, the delivery figures read an item's last entry by id.
  rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += 1_000) await trx.insertInto('produced_entries').values(rows.slice(start, start + 1_000)).execute();
  });
  return true;
}
