import { ruleViolation } from '../../lib/problem.js';
import type { StockKey } from './stock.repository.js';

/**
 * The operator stock page's cursor (`after`, answered as `nextCursor`): the last row's position in the default
 * order, [orderAmount or null, preform name, preform id, warehouse name, warehouse id], as base64url JSON. Opaque
 * to the page, which only sends back what it was given. A cursor names a position and nothing more (every
 * position can be reached by page number too), so it needs no signature; anything that does not decode to such a
 * position is refused (400 naming `after`) before any SQL, rather than reaching the database as a bad parameter.
 */
export function encodeCursor(key: StockKey): string {
  return Buffer.from(JSON.stringify([key.orderAmount, key.preformName, key.preformId, key.warehouseName, key.warehouseId])).toString('base64url');
}

const INT4_MAX = 2_147_483_647;
const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= INT4_MAX;
/** PostgreSQL text holds no NUL character. */
const isName = (value: unknown): value is string => typeof value === 'string' && !value.includes('\u0000');

export function decodeCursor(cursor: string): StockKey {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  if (Array.isArray(value) && value.length === 5) {
    const [orderAmount, preformName, preformId, warehouseName, warehouseId] = value as unknown[];
    if ((orderAmount === null || (typeof orderAmount === 'number' && Number.isFinite(orderAmount))) && isName(preformName) && isId(preformId) && isName(warehouseName) && isId(warehouseId)) {
      return { orderAmount, preformName, preformId, warehouseName, warehouseId };
    }
  }
  throw ruleViolation('after', 'cursor', /*i18n*/ { id: 'problem.stock.cursor', message: 'Not a cursor of this list: load the first page again.' });
}
