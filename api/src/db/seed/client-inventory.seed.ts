import type { Db } from '../database.js';
import { applyMovement, stockRowForPrice } from '../../features/clients/client-inventory.repository.js';
import { DEMO_PRICES, monthRange } from './demo-prices.js';
import { AQUA_CONVERTERS, BALTIC_BEVERAGES, demoUser, FJORD_WATER, NORDIC_SPRINGS } from './users.seed.js';

/** A price's validity: the whole month `offset` months from this one. */
const validity = (offset: number) => {
  const { from, to } = monthRange(offset);
  return { valid_from: from, valid_to: to };
};

const DETAILS = [
  {
    company_id: NORDIC_SPRINGS,
    billing_company: 'Nordic Springs AB',
    billing_first_name: 'Karin',
    billing_last_name: 'Lindqvist',
    billing_registration_number: '556677-8899',
    billing_vat_registration_number: 'SE556677889901',
    billing_address: 'Källvägen 12',
    billing_city: 'Jönköping',
    billing_state: null,
    billing_post_code: '553 18',
    billing_country: 'Sweden',
    billing_email: 'invoices@nordicsprings.se',
    currency: 'EUR' as const,
    shift_start: '06:00',
    shift_end: '22:00',
  },
  {
    company_id: FJORD_WATER,
    billing_company: 'Fjord Water AS',
    billing_first_name: 'Ingrid',
    billing_last_name: 'Haugen',
    billing_registration_number: '987 654 321',
    billing_vat_registration_number: 'NO987654321MVA',
    billing_address: 'Bryggen 4',
    billing_city: 'Bergen',
    billing_state: 'Vestland',
    billing_post_code: '5003',
    billing_country: 'Norway',
    billing_email: 'faktura@fjordwater.no',
    currency: 'SEK' as const,
    shift_start: '07:00',
    shift_end: '19:00',
  },
  {
    company_id: BALTIC_BEVERAGES,
    billing_company: 'Baltic Beverages SIA',
    billing_first_name: 'Jānis',
    billing_last_name: 'Ozols',
    billing_registration_number: '40103456789',
    billing_vat_registration_number: 'LV40103456789',
    billing_address: 'Rūpniecības iela 5',
    billing_city: 'Rīga',
    billing_state: null,
    billing_post_code: 'LV-1010',
    billing_country: 'Latvia',
    billing_email: 'accounts@balticbeverages.lv',
    currency: 'EUR' as const,
    shift_start: null,
    shift_end: null,
  },
  {
    company_id: AQUA_CONVERTERS,
    billing_company: 'Aqua Converters Oy',
    billing_first_name: 'Mikko',
    billing_last_name: 'Virtanen',
    billing_registration_number: '2345678-9',
    billing_vat_registration_number: 'FI23456789',
    billing_address: 'Tehtaankatu 8',
    billing_city: 'Tampere',
    billing_state: null,
    billing_post_code: '33100',
    billing_country: 'Finland',
    billing_email: 'laskut@aquaconverters.fi',
    currency: 'EUR' as const,
    shift_start: '06:00',
    shift_end: '14:00',
  },
];

/**
 * Demo client inventory: billing details of every demo company; for every product a price for this month and one
 * for next month (next month's full period, 3 % up), the first product of each company also last month's price
 * with bottles left at it; bottle stock counted into the periods through the ledger (so each product's stock is the
 * sum of its periods); and Baltic Beverages (buyer) assigned to an Aqua Converters product. Returns false when
 * prices or details exist already, or when the supply seed made no products.
 */
export async function seedClientInventory(db: Db): Promise<boolean> {
  const [price, details] = await Promise.all([
    db.selectFrom('product_prices').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('client_details').select('company_id').limit(1).executeTakeFirst(),
  ]);
  if (price || details) return false;
  const products = await db
    .selectFrom('client_products')
    .select(['id', 'company_id', 'article_no'])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  if (!products.length) return false;
  const companies = new Set((await db.selectFrom('companies').select('id').execute()).map((company) => company.id));
  const subject = demoUser('admin').id;

  await db.transaction().execute(async (trx) => {
    const own = DETAILS.filter((row) => companies.has(row.company_id));
    if (own.length) await trx.insertInto('client_details').values(own).execute();

    const firstOfCompany = new Set<number>();
    for (const company of companies) {
      const first = products.find((product) => product.company_id === company);
      if (first) firstOfCompany.add(first.id);
    }
    for (const [index, product] of products.entries()) {
      const unitPrice = DEMO_PRICES[product.article_no] ?? 50;
      const periods: { offset: number; unitPrice: number; stock: number; scrap: number }[] = [
        { offset: 0, unitPrice, stock: 24_000 + ((index * 17_000) % 90_000), scrap: 150 + index * 40 },
        { offset: 1, unitPrice: Math.round(unitPrice * 103) / 100, stock: 0, scrap: 0 },
      ];
      if (firstOfCompany.has(product.id)) periods.unshift({ offset: -1, unitPrice: Math.round(unitPrice * 97) / 100, stock: 3_500, scrap: 220 });
      for (const period of periods) {
        const { id: priceId } = await trx
          .insertInto('product_prices')
          .values({ client_product_id: product.id, unit_price: period.unitPrice, ...validity(period.offset) })
          .returning('id')
          .executeTakeFirstOrThrow();
        const row = await stockRowForPrice(trx, product.id, priceId);
        if (period.scrap) await trx.updateTable('product_stock').set({ scrap_amount: period.scrap }).where('id', '=', row.id).execute();
        if (period.stock) {
          await applyMovement(trx, { stockId: row.id, productId: product.id, quantity: period.stock, reason: 'adjust', source: null, subject });
        }
      }
    }

    const sold = products.find((product) => product.company_id === AQUA_CONVERTERS);
    if (sold && companies.has(BALTIC_BEVERAGES)) {
      await trx.insertInto('product_buyers').values({ client_product_id: sold.id, buyer_company_id: BALTIC_BEVERAGES }).execute();
    }
  });
  return true;
}
