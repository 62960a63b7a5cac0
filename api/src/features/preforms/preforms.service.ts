import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import type { PaginationInput } from '../../lib/pagination.js';
import { conflict, fieldProblem, notFound, problem, problemTexts, ruleViolation } from '../../lib/problem.js';
import type { Schemas } from '../../lib/contract.js';
import * as repository from './preforms.repository.js';

/** Part 9: preforms are listed 10 per page, by name. */
const DEFAULT_PAGE: PaginationInput = { page: 1, rowsPerPage: 10 };

export type PreformInput = Schemas['PreformInput'];

/** The preform inventory (admin): name filter, one page, each preform with its suppliers and product count. */
export function getPreforms(db: Db, body: { filter?: string; pagination?: PaginationInput }) {
  return repository.findPreforms(db, body.filter?.trim() || undefined, body.pagination ?? DEFAULT_PAGE);
}

/** The selected suppliers of a preform (the supply-order dialog's supplier select). */
export async function getPreformSuppliers(db: Db, preformId: number) {
  if (!(await repository.preformExists(db, preformId))) throw notFound('Preform');
  const supplies = await repository.findSupplies(db, [preformId]);
  return { rows: supplies.get(preformId) ?? [] };
}

/**
 * Creates a preform, or updates one when `id` is given (with the version read; a stale one answers 409).
 * The name is trimmed; the suppliers become exactly `PreformSuppliesSelected` (at least one, all existing
 * manufacturers). A supplier that client products use as their default cannot be deselected (409 naming
 * `PreformSuppliesSelected`). Everything, audit included, happens in one transaction.
 */
export async function savePreform(db: Db, actor: Actor, input: PreformInput) {
  const values: repository.PreformValues = {
    preformName: input.preformName.trim(),
    neck: input.neck,
    material: input.material,
    color: input.color,
    weight: input.weight,
    qtyPerBox: input.qtyPerBox,
  };
  if (!values.preformName) throw ruleViolation('preform.preformName', 'required', /*i18n*/ { id: 'problem.preforms.nameBlank', message: 'The name must not be blank.' });
  const selected = [...new Set(input.PreformSuppliesSelected)];
  if (selected.length === 0) throw ruleViolation('preform.PreformSuppliesSelected', 'minItems', /*i18n*/ { id: 'problem.preforms.minSuppliers', message: 'Select at least one supplier.' }, undefined, 1);
  return db.transaction().execute(async (trx) => {
    const known = await repository.existingManufacturers(trx, selected);
    const unknown = selected.filter((id) => !known.has(id));
    if (unknown.length) {
      throw ruleViolation('preform.PreformSuppliesSelected', 'unknownManufacturer', /*i18n*/ { id: 'problem.preforms.unknownManufacturer', message: 'No manufacturer with id {ids}.' }, { ids: unknown.join(', ') });
    }
    let id = input.id;
    if (id === undefined) {
      id = await repository.insertPreform(trx, values);
    } else {
      if (input.version === undefined) throw ruleViolation('preform.version', 'required', problemTexts.versionRequired);
      if (!(await repository.updatePreform(trx, id, input.version, values))) {
        if (!(await repository.preformExists(trx, id))) throw notFound('Preform');
        throw conflict(/*i18n*/ { id: 'problem.preforms.stale', message: 'This preform was changed by someone else meanwhile. Reload it and apply your change again.' });
      }
      const used = await repository.usedSuppliersOutside(trx, id, selected);
      if (used.length) {
        const names = used.map((supply) => supply.manufacturer_name).join(', ');
        const message = /*i18n*/ { id: 'problem.preforms.supplierInUse', message: 'Suppliers used by client products cannot be deselected: {names}.' };
        throw problem(409, 'Conflict', message, { names }, [fieldProblem('preform.PreformSuppliesSelected', 'supplierInUse', message, { names })]);
      }
    }
    await repository.setSuppliers(trx, id, selected);
    await audit(trx, actor, {
      operation: 'savePreform',
      recordType: 'preform',
      recordId: id,
      details: { ...values, PreformSuppliesSelected: selected },
    });
    const saved = await repository.findPreform(trx, id);
    if (!saved) throw new Error(`preform ${id} vanished inside its own transaction`);
    return saved;
  });
}

/**
 * Deletes preforms, all or none, in one transaction. Refused (409) when any of them has client products
 * (the Delete button is disabled then too) or supply orders still to be delivered; unknown ids answer 404.
 * Deleted preforms are kept marked, since the stock ledger and delivered orders refer to them.
 */
export async function deletePreforms(db: Db, actor: Actor, ids: number[]) {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const locked = await repository.lockPreforms(trx, unique);
    if (locked.length !== unique.length) throw notFound('Preform');
    const withProducts = await repository.preformsWithProducts(trx, unique);
    if (withProducts.length) {
      const names = withProducts.map((preform) => preform.preform_name).join(', ');
      throw conflict(/*i18n*/ { id: 'problem.preforms.withProducts', message: 'Preforms with client products cannot be deleted: {names}. Nothing was deleted.' }, { names });
    }
    const withOrders = await repository.preformsWithOpenSupplyOrders(trx, unique);
    if (withOrders.length) {
      const names = withOrders.map((preform) => preform.preform_name).join(', ');
      throw conflict(/*i18n*/ { id: 'problem.preforms.withSupplyOrders', message: 'Preforms with pending or ordered supply orders cannot be deleted: {names}. Nothing was deleted.' }, { names });
    }
    await repository.softDeletePreforms(trx, unique);
    await audit(trx, actor, { operation: 'deletePreforms', recordType: 'preform', recordId: unique.join(','), details: { ids: unique } });
    return { ok: true as const };
  });
}

/** Part 9: warehouses are listed 10 per page. */
const WAREHOUSE_PAGE: PaginationInput = { page: 1, rowsPerPage: 10 };
/** The lookup (filter without pagination) answers this many matches at most. */
const WAREHOUSE_LOOKUP: PaginationInput = { page: 1, rowsPerPage: 20 };

/** Preform warehouses: `filter` for the lookup, `pagination` for the list (or both). */
export function getWarehouses(db: Db, body: { filter?: string; pagination?: PaginationInput }) {
  const filter = body.filter?.trim() || undefined;
  return repository.findWarehouses(db, filter, body.pagination ?? (filter ? WAREHOUSE_LOOKUP : WAREHOUSE_PAGE));
}
