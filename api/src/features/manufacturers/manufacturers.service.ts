import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound, problemTexts, ruleViolation } from '../../lib/problem.js';
import type { PaginationInput } from '../../lib/pagination.js';
import type { Schemas } from '../../lib/contract.js';
import * as repository from './manufacturers.repository.js';

export type ManufacturerInput = Schemas['ManufacturerInput'];

/** The manufacturers list (admin); `filter` finds names containing it (its wildcards are literal). */
export function getManufacturers(db: Db, pagination: PaginationInput, filter?: string) {
  return repository.findManufacturers(db, pagination, filter);
}

/**
 * Creates a manufacturer, or updates one when `id` is given. The name is trimmed. An update must carry the
 * version it was read at; if someone saved in between, it is refused with 409 instead of overwriting.
 */
export async function saveManufacturer(db: Db, actor: Actor, input: ManufacturerInput) {
  const values = {
    manufacturerName: input.manufacturerName.trim(),
    defaultLeadTime: input.defaultLeadTime,
    boxQtyPerTruck: input.boxQtyPerTruck,
  };
  if (!values.manufacturerName) throw ruleViolation('manufacturer.manufacturerName', 'required', /*i18n*/ { id: 'problem.manufacturers.nameBlank', message: 'The name must not be blank.' });
  return db.transaction().execute(async (trx) => {
    if (input.id === undefined) {
      const created = await repository.insertManufacturer(trx, values);
      await audit(trx, actor, { operation: 'saveManufacturer', recordType: 'manufacturer', recordId: created.id, details: values });
      return created;
    }
    if (input.version === undefined) throw ruleViolation('manufacturer.version', 'required', problemTexts.versionRequired);
    const updated = await repository.updateManufacturer(trx, input.id, input.version, values);
    if (!updated) {
      if (!(await repository.manufacturerExists(trx, input.id))) throw notFound('Manufacturer');
      throw conflict(/*i18n*/ { id: 'problem.manufacturers.stale', message: 'This manufacturer was changed by someone else meanwhile. Reload it and apply your change again.' });
    }
    await audit(trx, actor, { operation: 'saveManufacturer', recordType: 'manufacturer', recordId: updated.id, details: values });
    return updated;
  });
}
