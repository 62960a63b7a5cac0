import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/database.js';

/**
 * The products a company may order and forecast: its own, and the products of a seller that assigned it as a
 * buyer ("Assign Buyers", product_buyers). Part of the WHERE of every query that lets a client pick a product,
 * so another company's unassigned product is simply not found (404).
 *
 * Written as one IN over a `union all` of the two index lookups: as `own or assigned` PostgreSQL could use
 * neither index for the OR and read every product for the client's portfolio; this way it reads the company's own
 * and its assigned products by index, then each by key.
 */
export const orderableBy = (companyId: string) => (eb: ExpressionBuilder<Database, 'client_products'>) =>
  eb(
    'client_products.id',
    'in',
    eb
      .selectFrom('client_products as own')
      .select('own.id')
      .where('own.company_id', '=', companyId)
      .unionAll(eb.selectFrom('product_buyers').select('product_buyers.client_product_id as id').where('product_buyers.buyer_company_id', '=', companyId)),
  );
