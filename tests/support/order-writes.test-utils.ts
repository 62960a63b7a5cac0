import { expect } from 'vitest';
import type { TestApp } from './test-app.test-utils.js';

/**
 * Writes the kept-sums tests make (delivery.kept.test.ts, stats.kept.test.ts), bound to the test file's app and
 * operator: an order's items and version as the services' callers need them, and the operator's production entry.
 */
export function writesOf(api: TestApp, operator: () => { token: string }) {
  return {
    itemsOf: (orderId: number) =>
      api.db
        .selectFrom('client_production_order_items')
        .select(['id', 'version', 'client_product_id', 'due_date', 'planned_amount'])
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute(),
    orderVersion: async (orderId: number) =>
      (await api.db.selectFrom('client_production_orders').select('version').where('id', '=', orderId).executeTakeFirstOrThrow()).version,
    produce: async (itemId: number, quantity: number) => {
      const { version } = await api.db.selectFrom('client_production_order_items').select('version').where('id', '=', itemId).executeTakeFirstOrThrow();
      const answer = await api.post('OperatorAgenda_addProducedEntry', { item: { id: itemId, producedQuantity: quantity, version } }, operator());
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    },
  };
}
