/**
 * Every call of part 7 of the portal spec is an operation of the contract, with the exact method and path
 * (misspellings included), its roles (`x-roles`) and, for reads, `x-read`.
 *
 * Part 7 lists 77 calls (counted from the spec; the identity-service calls of 7.1 and 7.4 are not product API calls,
 * and the legacy client calls of 7.4 are /api/{role}/... with role = client, so they are not counted twice):
 *   7.1 admin      38 calls (supply 3, warehouses 1, preforms 4, manufacturers 2, client products 3,
 *                  reclassification 1, details 2, prices 2, buyers 2, product stock 2, preform stock 2,
 *                  orders 2, claims 5, uploads 2, downtime 7)
 *   7.2 operator    7 calls
 *   7.3 documents   4 calls (/api/{role}/...)
 *   7.4 client     28 calls (plans 4, orders 5, claims 6 incl. claims/orders/filter, uploads 4,
 *                  portfolio 2, planner 2, statistics 5)
 */
import { describe, expect, it } from 'vitest';
import { operations } from './openapi.js';

type Expected = { roles: string[]; read: boolean };
const admin: Expected = { roles: ['admin'], read: false };
const adminRead: Expected = { roles: ['admin'], read: true };
const operator: Expected = { roles: ['operator'], read: false };
const operatorRead: Expected = { roles: ['operator'], read: true };
const documents: Expected = { roles: ['admin', 'accountant', 'client'], read: false };
const documentsRead: Expected = { ...documents, read: true };
const clientFace: Expected = { roles: ['client', 'buyer', 'seller'], read: false };
const clientFaceRead: Expected = { ...clientFace, read: true };
const clientBuyer: Expected = { roles: ['client', 'buyer'], read: false };
const clientBuyerRead: Expected = { ...clientBuyer, read: true };
/** Issue 13, item 1 (decisions.md): sellers also read the claims their buyers file about their products. */
const claimReaders: Expected = { roles: ['client', 'buyer', 'seller'], read: false };
const claimReadersRead: Expected = { ...claimReaders, read: true };
const seller: Expected = { roles: ['seller'], read: false };
const sellerRead: Expected = { ...seller, read: true };
const statsRead: Expected = { roles: ['client'], read: true };

/** Part 7, literally. */
const part7: Record<string, Expected> = {
  // 7.1 Admin
  'POST /api/admin/supply/get': adminRead,
  'POST /api/admin/supply/save': admin,
  'POST /api/admin/supply/delete': admin,
  'POST /api/admin/warehouses/get': adminRead,
  'POST /api/admin/preforms/get': adminRead,
  'POST /api/admin/preform/suppliers/get': adminRead,
  'POST /api/admin/preform/save': admin,
  'POST /api/admin/preforms/delete': admin,
  'POST /api/admin/manufacturers/get': adminRead,
  'POST /api/admin/manufacturer/save': admin,
  'POST /api/admin/client/products/get': adminRead,
  'POST /api/admin/client/products/save': admin,
  'POST /api/admin/client/products/delete': admin,
  'POST /api/admin/client/products/reclasification/save': admin,
  'POST /api/admin/client/details/get': adminRead,
  'POST /api/admin/client/details/save': admin,
  'POST /api/admin/client/product/prices/get': adminRead,
  'POST /api/admin/client/product/prices/save': admin,
  'POST /api/admin/client/product/buyers/get': adminRead,
  'POST /api/admin/client/product/buyers/save': admin,
  'POST /api/admin/client/products/stock/details/get': adminRead,
  'POST /api/admin/client/products/stock/details/save': admin,
  'POST /api/admin/preformstock/get': adminRead,
  'POST /api/admin/preform/stock/save': admin,
  'POST /api/admin/orders/filter': adminRead,
  'POST /api/admin/orders/download': admin,
  'POST /api/admin/claims/filter': adminRead,
  'POST /api/admin/claims/get': adminRead,
  'POST /api/admin/claims/save': admin,
  'POST /api/admin/claims/delete': admin,
  'POST /api/admin/claims/download': admin,
  'POST /api/admin/uploads/object/get': adminRead,
  'POST /api/admin/uploads/download': admin,
  'POST /api/admin/downtime/history/get': adminRead,
  'POST /api/admin/downtime/history/save': admin,
  'POST /api/admin/downtime/causes/get': adminRead,
  'POST /api/admin/downtime/causes/save': admin,
  'POST /api/admin/downtime/causes/delete': admin,
  'POST /api/admin/downtime/get': adminRead,
  // 7.2 Operator
  'POST /api/operator/agenda/get': operatorRead,
  'POST /api/operator/order/item/save': operator,
  'POST /api/operator/downtime/history/get': operatorRead,
  'POST /api/operator/downtime/causes/get': operatorRead,
  'POST /api/operator/downtime/history/save': operator,
  'POST /api/operator/preformstock/get': operatorRead,
  'POST /api/operator/preform/stock/save': operator,
  // 7.3 Documents ({role} = admin | accountant | client; the legacy /api/client/... calls are role = client)
  'POST /api/{role}/invoices/get': documentsRead,
  'POST /api/{role}/invoice/download': documents,
  'POST /api/{role}/declaration/download': documents,
  'POST /api/{role}/invoice/confirmation': documents,
  // 7.4 Client
  'POST /api/client/plans/get': clientBuyerRead,
  'POST /api/client/plans/delete': clientBuyer,
  'GET /api/client/plan/get/{id}': clientBuyerRead,
  'POST /api/client/plan/save': clientBuyer,
  'POST /api/client/orders/filter': clientFaceRead,
  'POST /api/client/orders/delete': clientFace,
  'GET /api/client/orders/clientproducts': clientFaceRead,
  'POST /api/client/orders/get': clientFaceRead,
  'POST /api/client/orders/save': clientFace,
  'POST /api/client/claims/filter': claimReadersRead,
  'POST /api/client/claims/delete': clientBuyer,
  'POST /api/client/claims/get': claimReadersRead,
  'POST /api/client/claims/save': clientBuyer,
  'POST /api/client/claims/orders/filter': { roles: ['admin', 'client', 'buyer'], read: true },
  'POST /api/client/claims/download': claimReaders,
  'POST /api/client/uploads/save': clientBuyer,
  'POST /api/client/uploads/delete': clientBuyer,
  'POST /api/client/uploads/download': claimReaders,
  'POST /api/client/uploads/object/get': claimReadersRead,
  'GET /api/client/products/get': clientFaceRead,
  'GET /api/client/machine/status/get': clientFaceRead,
  'POST /api/client/orders/planner/get': sellerRead,
  'POST /api/client/orders/planner/item/save': seller,
  'POST /api/client/apex/get': statsRead,
  'POST /api/client/charts/fillRateDate/get': statsRead,
  'POST /api/client/stats/orders/quantities': statsRead,
  'POST /api/client/stats/orders/quantitiesdetailed': statsRead,
};

/** Operations beyond part 7; each says so in its description. */
const extensions = [
  'GET /api/me',
  'POST /api/admin/clients/get',
  'GET /api/admin/directory/clients',
  'GET /api/admin/directory/users/{id}',
  'POST /api/admin/downtime/history/export',
  'POST /api/operator/downtime/history/export',
  // The lists' exports (CSV or XLSX) of the orders, invoices, stock and delivery lists.
  'POST /api/client/orders/export',
  'POST /api/admin/orders/export',
  'POST /api/{role}/invoices/export',
  'POST /api/admin/preformstock/export',
  'POST /api/operator/preformstock/export',
  'POST /api/client/stats/delivery/export',
  'POST /api/admin/stats/delivery/export',
  'POST /api/admin/audit/export',
  'POST /api/operator/order/item/produced/add',
  'POST /api/operator/order/item/produced/get',
  'POST /api/admin/claims/products/filter',
  'POST /api/admin/claims/orders/filter',
  'POST /api/admin/claims/containment/from-trace',
  // Issue 16: demand-driven supply (spec/supply.tsp).
  'POST /api/admin/supply/plan/get',
  'POST /api/admin/supply/plan/lines/get',
  'POST /api/admin/supply/suggestion/accept',
  'POST /api/admin/supply/suggestion/dismiss',
  'POST /api/admin/supply/plan/settings/get',
  'POST /api/admin/supply/plan/settings/save',
  'POST /api/client/stats/delivery/get',
  'POST /api/admin/stats/delivery/get',
  // Issue 17: order-line history (spec/orders.tsp).
  'POST /api/client/orders/item/history/get',
  // Issue 17: traceability, preform lots, trace, recall and EPCIS (spec/lots.tsp).
  'POST /api/{role}/lots/get',
  'POST /api/{role}/lot/get',
  'POST /api/{role}/lots/stock/get',
  'POST /api/{role}/lots/production/get',
  'POST /api/{role}/lots/trace/item/get',
  'POST /api/{role}/lots/trace/claim/get',
  'POST /api/{role}/lots/recall/get',
  'POST /api/{role}/lots/recall/csv',
  'POST /api/{role}/lots/recall/pdf',
  'POST /api/{role}/lots/epcis',
  'POST /api/admin/lot/save',
  'POST /api/admin/lots/production/save',
  'POST /api/client/lots/item/get',
  'POST /api/client/lots/claim/get',
  // Recycled content and carbon (spec/sustainability.tsp).
  'POST /api/admin/sustainability/lot/get',
  'POST /api/admin/sustainability/lot/save',
  'POST /api/admin/sustainability/lot/certificate/save',
  'POST /api/admin/sustainability/lot/certificate/download',
  'POST /api/admin/sustainability/customers/get',
  'POST /api/admin/sustainability/balance/get',
  'POST /api/client/sustainability/item/get',
  'POST /api/client/sustainability/item/certificate',
  'POST /api/client/sustainability/year/get',
  'POST /api/client/sustainability/year/csv',
  'POST /api/client/sustainability/year/json',
  'POST /api/client/sustainability/invoice/statement',
  'POST /api/client/sustainability/year/statement',
  // The event log and webhooks (spec/events.tsp, spec/webhooks.tsp).
  'POST /api/events/get',
  'POST /api/webhooks/get',
  'POST /api/webhook/save',
  'POST /api/webhook/secret/rotate',
  'POST /api/webhooks/delete',
  'POST /api/webhook/deliveries/get',
  'POST /api/webhook/delivery/resend',
  // A person's notifications (the bell) and their server-sent event stream.
  'POST /api/notifications/get',
  'POST /api/notifications/unread/get',
  'POST /api/notifications/read',
  'POST /api/notifications/read-all',
  'POST /api/notifications/stream',
  'POST /api/notifications/preferences/get',
  'POST /api/notifications/preferences',
  // The admin's failed notification e-mails, sent again.
  'POST /api/admin/notifications/mails/failed/get',
  'POST /api/admin/notifications/mail/retry',
  // Issue 15: plant performance (spec/machines.tsp).
  'POST /api/admin/machines/credentials/get',
  'POST /api/admin/machines/credentials/create',
  'POST /api/admin/machines/credentials/revoke',
  'POST /api/admin/machines/status/get',
  'POST /api/admin/machines/oee/get',
  'POST /api/admin/machines/analytics/get',
  'POST /api/admin/machines/events/unmatched/get',
  'POST /api/operator/machines/status/get',
  'POST /api/operator/machines/oee/get',
  'POST /api/operator/machines/analytics/get',
  'POST /api/machine/events',
  'POST /api/client/machines/performance/get',
  // Issue 18: dead-lettered e-mails of 'Confirm & Send' (spec/invoices.tsp).
  'POST /api/admin/invoice/deliveries/failed/get',
  'POST /api/admin/invoice/delivery/retry',
  // API clients that sign in with client credentials (spec/apiclients.tsp).
  'POST /api/admin/api-clients/get',
  'POST /api/admin/api-clients/create',
  'POST /api/admin/api-clients/revoke',
  // Languages: the person's choice and the company's (spec/session.tsp, spec/clients.tsp).
  'POST /api/me/language',
  'POST /api/admin/client/language/save',
];

const byKey = new Map(operations);

describe('part 7 calls', () => {
  it('lists 77 calls', () => {
    expect(Object.keys(part7)).toHaveLength(77);
  });

  it.each(Object.entries(part7))('%s exists with its roles and read flag', (key, expected) => {
    const operation = byKey.get(key);
    expect(operation, `${key} is missing`).toBeDefined();
    expect(operation!['x-roles']).toEqual(expected.roles);
    expect(operation!['x-read'] === true).toBe(expected.read);
  });
});

describe('every operation of the document', () => {
  it('is a part 7 call or a documented extension', () => {
    const unexpected = operations.map(([key]) => key).filter((key) => !(key in part7) && !extensions.includes(key));
    expect(unexpected).toEqual([]);
  });

  it.each(extensions)('%s is marked as an extension', (key) => {
    expect(byKey.get(key)?.description).toMatch(/Extension \(not in part 7\)/);
  });

  it.each(operations)('%s has an operationId and non-empty x-roles', (_key, operation) => {
    expect(operation.operationId).toMatch(/^[A-Z][A-Za-z]+_[a-z][A-Za-z]+$/);
    expect(Array.isArray(operation['x-roles']) && operation['x-roles'].length > 0).toBe(true);
  });

  it('has unique operationIds', () => {
    const ids = operations.map(([, operation]) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(operations)('%s carries x-read when it only reads (GET, .../get, .../filter, quantities)', (key, operation) => {
    const reads = /^GET |\/get(\/\{id\})?$|\/filter$|\/quantities(detailed)?$|\/clientproducts$/.test(key);
    expect(operation['x-read'] === true).toBe(reads);
  });

  it.each(operations)('%s documents itself and has a JSON example where it answers JSON', (_key, operation) => {
    expect(operation.description?.length ?? 0).toBeGreaterThan(10);
    const ok = operation.responses?.['200']?.content ?? {};
    const json = ok['application/json'] as { example?: unknown } | undefined;
    if (json) expect(json.example, 'missing @opExample').toBeDefined();
  });
});
