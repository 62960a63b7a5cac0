import type { Db } from '../database.js';
import type { InvoiceCurrency } from '../tables/invoices.js';
import { insertInvoice } from '../../features/invoices/invoices.repository.js';
import { DEMO_PRICES, monthRange } from './demo-prices.js';
import { AQUA_CONVERTERS, BALTIC_BEVERAGES, FJORD_WATER, NORDIC_SPRINGS } from './users.seed.js';
import { now, nowMs } from '../../lib/clock.js';

const DAY = 86_400_000;
/** A date `days` from today, YYYY-MM-DD. */
const day = (days: number) => new Date(nowMs() + days * DAY).toISOString().slice(0, 10);
const CURRENCY: Record<string, { currency: InvoiceCurrency; exchangeRate: number }> = {
  [FJORD_WATER]: { currency: 'SEK', exchangeRate: 11.28 },
};

/**
 * Demo forecasts (last, this and the next two months, for the client and buyer companies) and invoices: each demo
 * company gets a delivered, closed order of last month billed from its produced items, and Nordic Springs' closed
 * order of the supply seed is billed too (confirmed and sent). Products and orders come from the supply seed.
 * Returns false when there already are forecasts or invoices.
 */
export async function seedInvoicesAndPlans(db: Db): Promise<boolean> {
  const [plan, invoice] = await Promise.all([
    db.selectFrom('client_production_plans').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('invoices').select('id').limit(1).executeTakeFirst(),
  ]);
  if (plan || invoice) return false;
  const products = await db
    .selectFrom('client_products')
    .select(['id', 'company_id', 'article_no', 'product_name'])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  if (!products.length) return false;

  await db.transaction().execute(async (trx) => {
    for (const company of [NORDIC_SPRINGS, FJORD_WATER, BALTIC_BEVERAGES]) {
      const own = products.filter((product) => product.company_id === company);
      if (!own.length) continue;
      for (const [index, offset] of [-1, 0, 1, 2].entries()) {
        const period = monthRange(offset);
        const { id } = await trx
          .insertInto('client_production_plans')
          .values({ company_id: company, period_from: period.from, period_to: period.to })
          .returning('id')
          .executeTakeFirstOrThrow();
        // Not every product is forecast every month (a product without an item counts as 0).
        const items = own
          .filter((_, productIndex) => (productIndex + index) % 3 !== 2)
          .map((product, productIndex) => ({ plan_id: id, client_product_id: product.id, planned_amount: 150_000 + 25_000 * ((productIndex + index) % 4) }));
        if (items.length) await trx.insertInto('client_production_plan_items').values(items).execute();
      }
    }

    const year = now().getUTCFullYear();
    let invoiceNo = 1;
    const nextNumber = () => `INV-${year}-${String(invoiceNo++).padStart(4, '0')}`;
    const priceOf = (articleNo: string) => DEMO_PRICES[articleNo] ?? 40;
    const productById = new Map(products.map((product) => [product.id, product]));

    // Nordic Springs' closed order from the supply seed (its first closed one): billed, confirmed and sent.
    const closedOrder = await trx
      .selectFrom('client_production_orders')
      .select('id')
      .where('company_id', '=', NORDIC_SPRINGS)
      .where('closed', '=', 1)
      .orderBy('id')
      .executeTakeFirst();
    const closed = closedOrder
      ? await trx
          .selectFrom('client_production_order_items as i')
          .select(['i.order_id as orderId', 'i.id as itemId', 'i.client_product_id', 'i.produced_amount', 'i.due_date'])
          .where('i.order_id', '=', closedOrder.id)
          .where('i.produced_amount', '>', 0)
          .orderBy('i.id')
          .execute()
      : [];
    if (closed.length) {
      await insertInvoice(trx, {
        companyId: NORDIC_SPRINGS,
        invoiceNumber: nextNumber(),
        orderId: closed[0].orderId,
        deliveryDate: closed[closed.length - 1].due_date,
        currency: 'EUR',
        exchangeRate: 1,
        isConfirmed: true,
        isSent: true,
        lines: closed.map((item) => {
          const product = productById.get(item.client_product_id);
          return {
            orderItemId: item.itemId,
            articleNo: product?.article_no ?? '',
            productName: product?.product_name ?? '',
            quantity: item.produced_amount,
            unitPrice: priceOf(product?.article_no ?? ''),
          };
        }),
      });
    }

    // Last month's delivered orders, one per company, billed from their produced items.
    for (const [companyIndex, company] of [NORDIC_SPRINGS, FJORD_WATER, AQUA_CONVERTERS, BALTIC_BEVERAGES].entries()) {
      const own = products.filter((product) => product.company_id === company);
      if (!own.length) continue;
      const { id: orderId } = await trx
        .insertInto('client_production_orders')
        .values({ company_id: company, order_no: `PO-26-00${80 + companyIndex}`, closed: 1, purchase_date: day(-50) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const items = await trx
        .insertInto('client_production_order_items')
        .values(
          own.map((product, index) => ({
            order_id: orderId,
            client_product_id: product.id,
            due_date: day(-35 + index),
            planned_amount: 100_000 + index * 20_000,
            produced_amount: 100_000 + index * 20_000,
            is_closed: true,
            is_buyer_confirmed: true,
            is_seller_confirmed: true,
          })),
        )
        .returning(['id', 'client_product_id', 'produced_amount', 'due_date'])
        .execute();
      const { currency, exchangeRate } = CURRENCY[company] ?? { currency: 'EUR' as const, exchangeRate: 1 };
      await insertInvoice(trx, {
        companyId: company,
        invoiceNumber: nextNumber(),
        orderId,
        deliveryDate: day(-30 + companyIndex),
        currency,
        exchangeRate,
        lines: items.map((item) => {
          const product = productById.get(item.client_product_id);
          return {
            orderItemId: item.id,
            articleNo: product?.article_no ?? '',
            productName: product?.product_name ?? '',
            quantity: item.produced_amount,
            unitPrice: priceOf(product?.article_no ?? ''),
          };
        }),
      });
    }
  });
  return true;
}
