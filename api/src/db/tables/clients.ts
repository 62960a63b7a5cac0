import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './core.js';
import type { Schemas } from '../../lib/contract.js';

/** A client's product (bottle) made from a preform in a warehouse. */
export interface ClientProductTable {
  id: Generated<number>;
  company_id: string;
  product_name: string;
  article_no: string;
  alt_name: string | null;
  machine_names: ColumnType<string, string | undefined, string>;
  /** Fraction (0.02 = 2 %). */
  scrap_rate: ColumnType<number, number | undefined, number>;
  preform_scrap_start: ColumnType<number, number | undefined, number>;
  preform_scrap_change_over: ColumnType<number, number | undefined, number>;
  preform_id: number;
  preform_warehouse_id: number;
  default_supply_id: number;
  current_stock: ColumnType<number, number | undefined, number>;
  wip: ColumnType<boolean, boolean | undefined, boolean>;
  /** The seller company that makes a buyer's product (null: the product's own company is served directly; migration 0007). */
  seller_company_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Planned run time per item in seconds, the OEE's rate (null: not set; migration 2026-11-24-0600-machines). */
  planned_seconds_per_item: ColumnType<number | null, number | null | undefined, number | null>;
  deleted_at: Date | null;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Billing and shift details of a client company (one row per company, written by the admin). */
export interface ClientDetailsTable {
  company_id: string;
  billing_company: string;
  billing_first_name: string | null;
  billing_last_name: string | null;
  billing_registration_number: string | null;
  billing_vat_registration_number: string | null;
  billing_address: string;
  billing_city: string;
  billing_state: string | null;
  billing_post_code: string | null;
  billing_country: string;
  billing_email: string;
  currency: Schemas['Currency'];
  /** 24 h HH:mm. */
  shift_start: string | null;
  shift_end: string | null;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A price period of a client product (price per 1,000 bottles); periods of one product never overlap. */
export interface ProductPriceTable {
  id: Generated<number>;
  client_product_id: number;
  unit_price: number;
  /** YYYY-MM-DD, inclusive. */
  valid_from: string;
  /** YYYY-MM-DD, inclusive. */
  valid_to: string;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Bottle stock of one product at one price period, changed only together with a ledger row. */
export interface ProductStockTable {
  id: Generated<number>;
  client_product_id: number;
  price_id: number;
  current_stock: Generated<number>;
  /** The latest change when it was an increase (null otherwise). */
  increase_stock: number | null;
  /** The latest change when it was a decrease (null otherwise). */
  decrease_stock: number | null;
  scrap_amount: Generated<number>;
  version: Generated<number>;
  updated_at: Timestamp;
}

export type ProductStockReason = 'adjust' | 'reclassification_out' | 'reclassification_in' | 'production';

/** The append-only ledger of bottle stock movements (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export interface ProductStockMovementTable {
  id: Generated<number>;
  product_stock_id: number;
  client_product_id: number;
  /** Signed change of the period's stock. */
  quantity: number;
  /** The period's stock after this movement. */
  balance_after: number;
  reason: ProductStockReason;
  /** The document that caused it (for a reclassification the other product); null for manual adjustments. */
  source_type: string | null;
  source_id: number | null;
  /** Subject (user id) of whoever caused it. */
  subject: string;
  at: Timestamp;
}

/** A buyer company assigned to a seller's product ('Assign Buyers'). */
export interface ProductBuyerTable {
  client_product_id: number;
  buyer_company_id: string;
  created_at: Timestamp;
}

/** Client companies' billing details and their products, with prices, stock periods and their ledger, and buyers. */
export interface ClientsTables {
  client_products: ClientProductTable;
  client_details: ClientDetailsTable;
  product_prices: ProductPriceTable;
  product_stock: ProductStockTable;
  product_stock_movements: ProductStockMovementTable;
  product_buyers: ProductBuyerTable;
}
