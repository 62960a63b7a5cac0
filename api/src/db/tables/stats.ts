/**
 * The delivery figures' sums, kept by triggers on the order items, orders, forecasts and supply
 * orders (the delivery-sums module, api/src/db/derived); nothing else writes them. bigint and numeric come back as
 * numbers (database.ts).
 */

/** Per company (the order's) and due day: the order items due that day. */
export interface DeliveryCompanyDayTable {
  company_id: string;
  due_date: string;
  items: number;
  on_time_in_full: number;
  planned: number;
  filled: number;
}

/** Per company and due month: the items due in it, and the forecast accuracy's sums over its product rows. */
export interface DeliveryCompanyMonthTable {
  company_id: string;
  month: string;
  items: number;
  on_time_in_full: number;
  planned: number;
  filled: number;
  product_months: number;
  forecast_errors: number;
  forecast_scale: number;
}

/** Per company, month and product: the items due (ordered, produced) and the forecast lines' share of the month. */
export interface DeliveryProductMonthTable {
  company_id: string;
  month: string;
  client_product_id: number;
  items: number;
  ordered: number;
  produced: number;
  forecast_lines: number;
  /** Exact (numeric); the figures round it. */
  forecast: number;
}

/** Per manufacturer and due month: supply orders added to stock, and how many by their due day (UTC). */
export interface DeliverySupplierMonthTable {
  manufacturer_id: number;
  month: string;
  delivered: number;
  on_time: number;
}

/**
 * The client statistics' sums (the stats-sums module): per company and due day,
 * the items of the company's orders for its own products, and the bottles produced of them.
 */
export interface StatsCompanyDayTable {
  company_id: string;
  due_date: string;
  items: number;
  produced: number;
}

/** The same per company, due month and product. */
export interface StatsProductMonthTable {
  company_id: string;
  month: string;
  client_product_id: number;
  items: number;
  produced: number;
}

/** Statistics: the delivery figures' sums, and the client statistics' sums. */
export interface StatsTables {
  delivery_company_days: DeliveryCompanyDayTable;
  delivery_company_months: DeliveryCompanyMonthTable;
  delivery_product_months: DeliveryProductMonthTable;
  delivery_supplier_months: DeliverySupplierMonthTable;
  stats_company_days: StatsCompanyDayTable;
  stats_product_months: StatsProductMonthTable;
}
