import type { ColumnType } from 'kysely';
import type { ClientProductTable } from './supply.js';

/**
 * Migration 2026-11-22-0007-planner adds one column to the supply feature's client_products: the seller company
 * that makes a buyer's product (null: the product's own company is served directly). Declared here by
 * augmenting the table's interface, so the supply feature's file stays as it is.
 */
declare module './supply.js' {
  interface ClientProductTable {
    seller_company_id: ColumnType<string | null, string | null | undefined, string | null>;
  }
}

/** The planner adds no table of its own; listing this in Database loads the column above wherever the type is used. */
export interface PlannerTables {
  client_products: ClientProductTable;
}
