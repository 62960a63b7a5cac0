import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/database.js';

/**
 * The products a company may order and forecast: its own, and the products of a seller that assigned it as a
 * buyer ("Assign Buyers", product_buyers). Part of the WHERE of every query that lets a client pick a product,
 * so another company's unassigned product is simply not found (404).
 */
export const orderableBy = (companyId: string) => (eb: ExpressionBuilder<Database, 'client_products'>) =>
  eb.or([
    eb('client_products.company_id', '=', companyId),
    eb(
      'client_products.id',
      'in',
      eb.selectFrom('product_buyers').select('product_buyers.client_product_id').where('product_buyers.buyer_company_id', '=', companyId),
    ),
  ]);
