/**
 * Every call a screen makes, as data: one entry per call, made by the role whose screen makes it, with the body the
 * screen sends (web/src/features/<face>/…: list sizes and sorts as the pages set them). Bodies that need a row of the
 * generated data take it from `Ids` (looked up once after generation: the largest company's order, claim, upload…).
 * The SQL each call runs is captured from the API itself (server.ts records the statements of one request), so there
 * is no hand-written copy of the service call to drift from the route.
 */
export type Role = 'admin' | 'operator' | 'accountant' | 'client' | 'buyer' | 'seller';

export interface Ids {
  /** The company with the most order items: the client's lists are timed on it. */
  company: string;
  order: number;
  product: number;
  claim: number;
  upload: number;
  invoice: number;
  plan: number;
  orderItem: number;
  preform: number;
  /** 50 production orders (the admin's PDF). */
  orders50: number[];
  /** Issue 17: the lot used by the most items (10,000): the recall's worst case. */
  lot: number;
  /** Issue 14: the operator stock page's cursor after page 499 (its last row), so that page 500 is reached by keyset. */
  stockCursor499: string;
}

export interface Call {
  name: string;
  face: 'admin' | 'operator' | 'accountant' | 'client' | 'buyer' | 'seller';
  role: Role;
  method?: 'GET' | 'POST';
  path: string | ((ids: Ids) => string);
  body?: (ids: Ids) => object;
  /** A download or export (PDF, CSV): measured the same way, its size printed. */
  download?: boolean;
}

const page = (rowsPerPage: number, sortBy?: string, descending?: boolean) => ({ page: 1, rowsPerPage, ...(sortBy ? { sortBy } : {}), ...(descending ? { descending } : {}) });
const MONTH = { from: '2025-06-01', to: '2025-06-30' };
const YEAR = { from: '2025-01-01', to: '2025-12-31' };
/** The generator gives company bench-000n the machines FB-n and FB-(n + 1000). */
const EIGHT_MACHINES = [1, 2, 3, 4].flatMap((n) => [`FB-${n}`, `FB-${n + 1000}`].map((machineName) => ({ clientId: `bench-${String(n).padStart(4, '0')}`, machineName })));

export const calls: Call[] = [
  // Admin: supply board, preforms, stock (the lists the bench measured before).
  ...(['pending', 'ordered'] as const).map((orderStatus): Call => ({ name: `supply/get ${orderStatus} (board page of 50)`, face: 'admin', role: 'admin', path: '/api/admin/supply/get', body: () => ({ orderStatus, limit: 50 }) })),
  { name: 'supply/get delivered (board page of 10)', face: 'admin', role: 'admin', path: '/api/admin/supply/get', body: () => ({ orderStatus: 'delivered', limit: 10 }) },
  // Issue 16: the supply plan of every warehouse (the board's suggestions and the projection screen), and the delivery figures.
  { name: 'supply/plan/get (all warehouses, suggestions)', face: 'admin', role: 'admin', path: '/api/admin/supply/plan/get', body: () => ({ zones: ['red', 'yellow'], pagination: page(20) }) },
  { name: 'supply/plan/get (all warehouses, projection page)', face: 'admin', role: 'admin', path: '/api/admin/supply/plan/get', body: () => ({ pagination: page(20) }) },
  { name: 'admin stats/delivery/get (a year, ranking)', face: 'admin', role: 'admin', path: '/api/admin/stats/delivery/get', body: () => ({ period: YEAR }) },
  { name: 'admin stats/delivery/export XLSX (a year, ranking)', face: 'admin', role: 'admin', path: '/api/admin/stats/delivery/export', body: () => ({ format: 'xlsx', period: YEAR }), download: true },
  { name: 'admin orders/export CSV (every order)', face: 'admin', role: 'admin', path: '/api/admin/orders/export', body: () => ({ format: 'csv' }), download: true },
  { name: 'admin sustainability/customers/get (a year)', face: 'admin', role: 'admin', path: '/api/admin/sustainability/customers/get', body: () => ({ year: 2025 }) },
  { name: 'admin sustainability/balance/get', face: 'admin', role: 'admin', path: '/api/admin/sustainability/balance/get', body: () => ({}) },
  { name: 'preforms/get', face: 'admin', role: 'admin', path: '/api/admin/preforms/get', body: () => ({ pagination: page(10) }) },
  { name: 'preform/suppliers/get', face: 'admin', role: 'admin', path: '/api/admin/preform/suppliers/get', body: (ids) => ({ preformId: ids.preform }) },
  { name: 'warehouses/get', face: 'admin', role: 'admin', path: '/api/admin/warehouses/get', body: () => ({}) },
  { name: 'manufacturers/get', face: 'admin', role: 'admin', path: '/api/admin/manufacturers/get', body: () => ({ pagination: page(20) }) },
  { name: 'preformstock/get', face: 'admin', role: 'admin', path: '/api/admin/preformstock/get', body: () => ({ preformWarehouseId: 1, pagination: page(10, 'orderAmount', true) }) },
  // Admin: production orders, claims, clients (inventory, prices, buyers, stock), downtime.
  { name: 'orders/filter (production orders)', face: 'admin', role: 'admin', path: '/api/admin/orders/filter', body: () => ({ pagination: page(10) }) },
  { name: 'orders/download PDF of 50 orders', face: 'admin', role: 'admin', path: '/api/admin/orders/download', body: (ids) => ({ orderIds: ids.orders50 }), download: true },
  { name: 'admin claims/filter', face: 'admin', role: 'admin', path: '/api/admin/claims/filter', body: () => ({ pagination: page(20, 'id') }) },
  { name: 'admin claims/filter search', face: 'admin', role: 'admin', path: '/api/admin/claims/filter', body: () => ({ pagination: page(20, 'id'), filter: 'deformed' }) },
  { name: 'admin claims/get', face: 'admin', role: 'admin', path: '/api/admin/claims/get', body: (ids) => ({ id: ids.claim }) },
  { name: 'admin claims/products/filter', face: 'admin', role: 'admin', path: '/api/admin/claims/products/filter', body: (ids) => ({ clientId: ids.company }) },
  { name: 'admin claims/orders/filter', face: 'admin', role: 'admin', path: '/api/admin/claims/orders/filter', body: (ids) => ({ clientId: ids.company, clientProductId: ids.product }) },
  { name: 'admin uploads/object/get', face: 'admin', role: 'admin', path: '/api/admin/uploads/object/get', body: (ids) => ({ objectType: 'ClientProductionClaims', objectId: ids.claim }) },
  { name: 'admin uploads/download', face: 'admin', role: 'admin', path: '/api/admin/uploads/download', body: (ids) => ({ id: ids.upload }), download: true },
  { name: 'admin claims/download PDF', face: 'admin', role: 'admin', path: '/api/admin/claims/download', body: (ids) => ({ id: ids.claim }), download: true },
  { name: 'clients/get', face: 'admin', role: 'admin', path: '/api/admin/clients/get', body: () => ({ pagination: page(20, 'company') }) },
  { name: 'client/details/get', face: 'admin', role: 'admin', path: '/api/admin/client/details/get', body: (ids) => ({ clientId: ids.company }) },
  { name: 'client/products/get', face: 'admin', role: 'admin', path: '/api/admin/client/products/get', body: (ids) => ({ clientId: ids.company, pagination: page(20, 'productName') }) },
  { name: 'client/product/prices/get', face: 'admin', role: 'admin', path: '/api/admin/client/product/prices/get', body: (ids) => ({ clientId: ids.company, clientProductId: ids.product }) },
  { name: 'client/product/buyers/get', face: 'admin', role: 'admin', path: '/api/admin/client/product/buyers/get', body: (ids) => ({ clientId: ids.company, clientProductId: ids.product }) },
  { name: 'client/products/stock/details/get', face: 'admin', role: 'admin', path: '/api/admin/client/products/stock/details/get', body: (ids) => ({ id: ids.product, pagination: page(10) }) },
  { name: 'directory/clients', face: 'admin', role: 'admin', method: 'GET', path: '/api/admin/directory/clients' },
  // The gantt pages its machines (issue 14): the page asks for a day and its first 20 machines; a month paged the same
  // way, and the whole month (every machine, the answer before paging) kept to compare.
  { name: 'admin downtime/get (a day, first 20 machines)', face: 'admin', role: 'admin', path: '/api/admin/downtime/get', body: () => ({ period: { from: '2025-06-10', to: '2025-06-10' }, machines: page(20) }) },
  { name: 'admin downtime/get (month, first 20 machines)', face: 'admin', role: 'admin', path: '/api/admin/downtime/get', body: () => ({ period: MONTH, machines: page(20) }) },
  { name: 'admin downtime/get (month, every machine)', face: 'admin', role: 'admin', path: '/api/admin/downtime/get', body: () => ({ period: MONTH }) },
  { name: 'admin downtime/causes/get', face: 'admin', role: 'admin', path: '/api/admin/downtime/causes/get', body: () => ({ pagination: page(20) }) },
  { name: 'admin downtime/history/get (month)', face: 'admin', role: 'admin', path: '/api/admin/downtime/history/get', body: () => ({ pagination: page(10, 'endDatetime', true), clientIds: [], period: MONTH }) },
  { name: 'admin downtime/history/export CSV of a year', face: 'admin', role: 'admin', path: '/api/admin/downtime/history/export', body: () => ({ clientIds: [], period: YEAR, sortBy: 'endDatetime', descending: true }), download: true },
  { name: 'audit/export (a year)', face: 'admin', role: 'admin', path: '/api/admin/audit/export', body: () => ({ period: YEAR }), download: true },
  // The API clients screen's list.
  { name: 'api-clients/get', face: 'admin', role: 'admin', path: '/api/admin/api-clients/get', body: () => ({}) },
  { name: 'admin invoices/get', face: 'admin', role: 'admin', path: '/api/admin/invoices/get', body: () => ({ pagination: page(10, 'deliveryDate', true) }) },
  // Admin: plant performance (issue 15): the OEE screen's call over every machine (400 machines, 100,000 downtime events).
  // The live status screen asks for a page of machines with the count of each state (issue 14); every machine in one
  // answer (what the screen asked before, and what the credential and performance screens' machine lists still ask).
  { name: 'admin machines/status/get (live status, first 20 machines)', face: 'admin', role: 'admin', path: '/api/admin/machines/status/get', body: () => ({ machinePage: page(20) }) },
  { name: 'admin machines/status/get (live status, stopped, first 20)', face: 'admin', role: 'admin', path: '/api/admin/machines/status/get', body: () => ({ state: 'stopped', machinePage: page(20) }) },
  { name: 'admin machines/status/get (live status, every machine)', face: 'admin', role: 'admin', path: '/api/admin/machines/status/get', body: () => ({}) },
  // The screen asks every machine's totals a page at a time (issue 14: its first 20 machines), and the buckets of the
  // machines one chooses (eight here); the whole answer (every machine, before paging) kept to compare.
  { name: 'admin machines/oee/get (month, totals, first 20 machines)', face: 'admin', role: 'admin', path: '/api/admin/machines/oee/get', body: () => ({ period: MONTH, grain: 'day', withBuckets: false, machinePage: page(20) }) },
  { name: 'admin machines/oee/get (month, every machine, totals, unpaged)', face: 'admin', role: 'admin', path: '/api/admin/machines/oee/get', body: () => ({ period: MONTH, grain: 'day', withBuckets: false }) },
  { name: 'admin machines/oee/get (month by day, 8 machines)', face: 'admin', role: 'admin', path: '/api/admin/machines/oee/get', body: () => ({ period: MONTH, grain: 'day', machines: EIGHT_MACHINES }) },
  { name: 'admin machines/oee/get (year by week, 8 machines)', face: 'admin', role: 'admin', path: '/api/admin/machines/oee/get', body: () => ({ period: YEAR, grain: 'week', machines: EIGHT_MACHINES }) },
  { name: 'admin machines/analytics/get (year)', face: 'admin', role: 'admin', path: '/api/admin/machines/analytics/get', body: () => ({ period: YEAR }) },
  // Traceability (issue 17): the recall answer of the lot used by 10,000 items (target p95 < 200 ms), its CSV, and a trace.
  // The recall screen asks every client with its counts, then one client's items; the whole answer is the integrators'.
  { name: 'lots/recall/get summary (lot used by 10,000 items)', face: 'admin', role: 'admin', path: '/api/admin/lots/recall/get', body: (ids) => ({ id: ids.lot, summary: true }) },
  { name: 'lots/recall/get whole (lot used by 10,000 items)', face: 'admin', role: 'admin', path: '/api/admin/lots/recall/get', body: (ids) => ({ id: ids.lot }) },
  { name: 'lots/recall/csv (lot used by 10,000 items)', face: 'admin', role: 'admin', path: '/api/admin/lots/recall/csv', body: (ids) => ({ id: ids.lot }), download: true },
  { name: 'lots/get (open lots page)', face: 'admin', role: 'admin', path: '/api/admin/lots/get', body: () => ({ state: 'open', pagination: page(20, 'deliveryDate', true) }) },
  { name: 'lots/trace/item/get', face: 'operator', role: 'operator', path: '/api/operator/lots/trace/item/get', body: (ids) => ({ orderItemId: ids.orderItem }) },
  // Operator: agenda, produced entries, stock, downtime.
  // The agenda of this week ({}, the published call; the screen sends this week's Monday), and of the busiest week:
  // the generated six years end with the open orders, due around the turn of 2025/2026 (925 items a day, 25,608 in PREV).
  { name: 'operator/agenda/get', face: 'operator', role: 'operator', path: '/api/operator/agenda/get', body: () => ({}) },
  { name: 'operator/agenda/get (busiest week)', face: 'operator', role: 'operator', path: '/api/operator/agenda/get', body: () => ({ week: '2025-12-29' }) },
  { name: 'operator/order/item/produced/get', face: 'operator', role: 'operator', path: '/api/operator/order/item/produced/get', body: (ids) => ({ id: ids.orderItem }) },
  { name: 'operator/preformstock/get', face: 'operator', role: 'operator', path: '/api/operator/preformstock/get', body: () => ({}) },
  { name: 'operator/preformstock/get page 500', face: 'operator', role: 'operator', path: '/api/operator/preformstock/get', body: () => ({ pagination: { page: 500, rowsPerPage: 10 } }) },
  // The same page as the screen reaches it when walking with next: the cursor of page 499's last row (keyset, no OFFSET).
  // A jump to the last page by number (100,000 pairs: page 10,000), the farthest offset the screen can ask for.
  { name: 'operator/preformstock/get last page by number', face: 'operator', role: 'operator', path: '/api/operator/preformstock/get', body: () => ({ pagination: { page: 10_000, rowsPerPage: 10 } }) },
  { name: 'operator/preformstock/get page 500 by cursor', face: 'operator', role: 'operator', path: '/api/operator/preformstock/get', body: (ids) => ({ pagination: { page: 500, rowsPerPage: 10 }, after: ids.stockCursor499 }) },
  { name: 'operator preformstock/export CSV (every warehouse)', face: 'operator', role: 'operator', path: '/api/operator/preformstock/export', body: () => ({ format: 'csv' }), download: true },
  { name: 'operator downtime/causes/get', face: 'operator', role: 'operator', path: '/api/operator/downtime/causes/get', body: () => ({}) },
  { name: 'operator downtime/history/get (month)', face: 'operator', role: 'operator', path: '/api/operator/downtime/history/get', body: () => ({ pagination: page(10, 'endDatetime', true), period: MONTH }) },
  { name: 'operator downtime/history/export CSV of a year', face: 'operator', role: 'operator', path: '/api/operator/downtime/history/export', body: () => ({ period: YEAR, sortBy: 'endDatetime', descending: true }), download: true },
  // Accountant: invoices and their documents.
  { name: 'accountant invoices/get', face: 'accountant', role: 'accountant', path: '/api/accountant/invoices/get', body: () => ({ pagination: page(10, 'deliveryDate', true) }) },
  { name: 'accountant invoice/download PDF', face: 'accountant', role: 'accountant', path: '/api/accountant/invoice/download', body: (ids) => ({ id: ids.invoice }), download: true },
  { name: 'accountant declaration/download PDF', face: 'accountant', role: 'accountant', path: '/api/accountant/declaration/download', body: (ids) => ({ id: ids.invoice }), download: true },
  // Client of the largest company: portfolio, orders, claims, forecasts, invoices, statistics.
  { name: 'me', face: 'client', role: 'client', method: 'GET', path: '/api/me' },
  // Issue 45: the client's recycled content of a year (the customer-year view), and the admin's every customer and plant balance.
  { name: 'client sustainability/year/get (a year)', face: 'client', role: 'client', path: '/api/client/sustainability/year/get', body: () => ({ year: 2025 }) },
  { name: 'client sustainability/item/get', face: 'client', role: 'client', path: '/api/client/sustainability/item/get', body: (ids) => ({ id: ids.orderItem }) },
  { name: 'client products/get (portfolio)', face: 'client', role: 'client', method: 'GET', path: '/api/client/products/get' },
  { name: 'client machine/status/get', face: 'client', role: 'client', method: 'GET', path: '/api/client/machine/status/get' },
  { name: 'client machines/performance/get (month)', face: 'client', role: 'client', path: '/api/client/machines/performance/get', body: () => ({ period: MONTH }) },
  { name: 'client orders/filter', face: 'client', role: 'client', path: '/api/client/orders/filter', body: () => ({ pagination: page(20) }) },
  { name: 'client orders/export XLSX', face: 'client', role: 'client', path: '/api/client/orders/export', body: () => ({ format: 'xlsx' }), download: true },
  { name: 'client orders/get (editor)', face: 'client', role: 'client', path: '/api/client/orders/get', body: (ids) => ({ id: ids.order }) },
  { name: 'client orders/clientproducts (editor)', face: 'client', role: 'client', method: 'GET', path: '/api/client/orders/clientproducts' },
  { name: 'client claims/filter', face: 'client', role: 'client', path: '/api/client/claims/filter', body: () => ({ pagination: page(20, 'id') }) },
  { name: 'client claims/filter search', face: 'client', role: 'client', path: '/api/client/claims/filter', body: () => ({ pagination: page(20, 'id'), filter: 'deformed' }) },
  { name: 'client claims/get', face: 'client', role: 'client', path: '/api/client/claims/get', body: (ids) => ({ id: ids.claim }) },
  { name: 'client claims/orders/filter', face: 'client', role: 'client', path: '/api/client/claims/orders/filter', body: (ids) => ({ clientProductId: ids.product }) },
  { name: 'client uploads/object/get', face: 'client', role: 'client', path: '/api/client/uploads/object/get', body: (ids) => ({ objectType: 'ClientProductionClaims', objectId: ids.claim }) },
  { name: 'client plans/get (forecasts)', face: 'client', role: 'client', path: '/api/client/plans/get', body: () => ({ pagination: page(20, 'periodFrom', true) }) },
  { name: 'client plan/get/{id}', face: 'client', role: 'client', method: 'GET', path: (ids) => `/api/client/plan/get/${ids.plan}` },
  { name: 'client invoices/get', face: 'client', role: 'client', path: '/api/client/invoices/get', body: () => ({ pagination: page(10, 'deliveryDate', true) }) },
  { name: 'client invoices/export CSV', face: 'client', role: 'client', path: '/api/client/invoices/export', body: () => ({ format: 'csv', sortBy: 'deliveryDate', descending: true }), download: true },
  { name: 'client invoice/download PDF', face: 'client', role: 'client', path: '/api/client/invoice/download', body: (ids) => ({ id: ids.invoice }), download: true },
  { name: 'client stats quantities (a year)', face: 'client', role: 'client', path: '/api/client/stats/orders/quantities', body: () => ({ period: YEAR }) },
  { name: 'client stats/delivery/get (a year)', face: 'client', role: 'client', path: '/api/client/stats/delivery/get', body: () => ({ period: YEAR }) },
  { name: 'client stats/delivery/export XLSX (a year)', face: 'client', role: 'client', path: '/api/client/stats/delivery/export', body: () => ({ format: 'xlsx', period: YEAR }), download: true },
  { name: 'client stats quantitiesdetailed', face: 'client', role: 'client', path: '/api/client/stats/orders/quantitiesdetailed', body: (ids) => ({ productId: ids.product, period: YEAR }) },
  { name: 'client apex/get (area chart)', face: 'client', role: 'client', path: '/api/client/apex/get', body: () => ({ startOf: YEAR.from, endOf: YEAR.to, productId: 0 }) },
  { name: 'client charts/fillRateDate/get (heatmap)', face: 'client', role: 'client', path: '/api/client/charts/fillRateDate/get', body: () => ({ month: '2025-06' }) },
  // Buyer and seller of the largest company's products.
  { name: 'buyer orders/filter', face: 'buyer', role: 'buyer', path: '/api/client/orders/filter', body: () => ({ pagination: page(20) }) },
  { name: 'buyer claims/filter', face: 'buyer', role: 'buyer', path: '/api/client/claims/filter', body: () => ({ pagination: page(20, 'id') }) },
  { name: 'buyer plans/get', face: 'buyer', role: 'buyer', path: '/api/client/plans/get', body: () => ({ pagination: page(20, 'periodFrom', true) }) },
  { name: 'seller orders/filter', face: 'seller', role: 'seller', path: '/api/client/orders/filter', body: () => ({ pagination: page(20) }) },
  { name: 'seller orders/planner/get (month)', face: 'seller', role: 'seller', path: '/api/client/orders/planner/get', body: () => ({ startTimestamp: '2025-05-26T00:00:00.000Z', endTimestamp: '2025-07-07T00:00:00.000Z' }) },
  { name: 'seller products/get (portfolio)', face: 'seller', role: 'seller', method: 'GET', path: '/api/client/products/get' },
  // The inbox on every face (the bell's count on each page, its drawer's page of 50), as the person with the most notifications.
  { name: 'buyer notifications/unread/get (bell)', face: 'buyer', role: 'buyer', path: '/api/notifications/unread/get', body: () => ({}) },
  { name: 'buyer notifications/get (drawer page of 50)', face: 'buyer', role: 'buyer', path: '/api/notifications/get', body: () => ({ pagination: page(50) }) },
  { name: 'admin notifications/unread/get (bell)', face: 'admin', role: 'admin', path: '/api/notifications/unread/get', body: () => ({}) },
  { name: 'admin notifications/get (drawer page of 50)', face: 'admin', role: 'admin', path: '/api/notifications/get', body: () => ({ pagination: page(50) }) },
];
