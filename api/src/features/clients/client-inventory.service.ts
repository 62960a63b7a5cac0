import type { BodyOf, Schemas } from '../../lib/contract.js';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import type { PaginationInput } from '../../lib/pagination.js';
import { conflict, forbidden, notFound, phrase, problemTexts, ruleViolation, type Message } from '../../lib/problem.js';
import { isCurrentSupplierOf, preformExists } from '../preforms/preforms.repository.js';
import { findCompanyLanguage, saveCompanyLanguage } from '../session/session.repository.js';
import { warehouseExists } from '../stock/stock.repository.js';
import { putIntoPeriod, takeFromPeriods } from './bottle-stock.js';
import * as repository from './client-inventory.repository.js';
import { todayIso, type Company } from './client-inventory.repository.js';

type Executor = Parameters<typeof repository.findCompany>[0];

/** Each refusal of the client screens, in the catalogues. */
const TEXTS = {
  staleProduct: /*i18n*/ { id: 'problem.clients.staleProduct', message: 'This product was changed by someone else meanwhile. Reload it and apply your change again.' },
  staleDetails: /*i18n*/ { id: 'problem.clients.staleDetails', message: 'The details of {company} was changed by someone else meanwhile. Reload it and apply your change again.' },
  stalePrice: /*i18n*/ { id: 'problem.clients.stalePrice', message: 'This price was changed by someone else meanwhile. Reload it and apply your change again.' },
  staleStock: /*i18n*/ { id: 'problem.clients.staleStock', message: 'This stock was changed by someone else meanwhile. Reload it and apply your change again.' },
  buyerType: {
    products: /*i18n*/ { id: 'problem.clients.buyerType.products', message: '{company} is a buyer-type client: products cannot be edited for it; only prices can.' },
    stock: /*i18n*/ { id: 'problem.clients.buyerType.stock', message: '{company} is a buyer-type client: stock cannot be edited for it; only prices can.' },
    'client details': /*i18n*/ { id: 'problem.clients.buyerType.details', message: '{company} is a buyer-type client: client details cannot be edited for it; only prices can.' },
    'buyer assignments': /*i18n*/ { id: 'problem.clients.buyerType.buyers', message: '{company} is a buyer-type client: buyer assignments cannot be edited for it; only prices can.' },
  },
  stockedProduct: /*i18n*/ { id: 'problem.clients.stockedProduct', message: '{product} ({count} bottles)' },
} satisfies Record<string, Message | Record<string, Message>>;

/** The client company, or 404 like any missing record. */
async function companyOrNotFound(db: Executor, clientId: string): Promise<Company> {
  const company = await repository.findCompany(db, clientId);
  if (!company) throw notFound('Client');
  return company;
}

/**
 * Buyer-type clients (clientType '1') only buy the products of sellers: in the admin's client screens every edit
 * but prices is refused for them (part 6), on the server as well as by the disabled buttons.
 */
function refuseBuyerEdits(company: Company, what: keyof typeof TEXTS.buyerType) {
  if (company.clientType === '1') {
    throw forbidden(TEXTS.buyerType[what], { company: company.name });
  }
}

/** A live product of `clientId` (another client's or a deleted product answers 404). */
async function productOf(db: Executor, productId: number, clientId?: string) {
  const product = await repository.findProduct(db, productId, todayIso());
  if (!product || (clientId !== undefined && product.clientId !== clientId)) throw notFound('Product');
  return product;
}

// ----------------------------------------------------------------------------------------------- products

/** The client's products with current price and bottle stock (20 per page, by productName); all of them without pagination. */
export async function getClientProducts(db: Db, body: BodyOf<'AdminClients_getClientProducts'>) {
  const company = await companyOrNotFound(db, body.clientId);
  const page = await repository.findProducts(db, company.id, todayIso(), body.pagination as PaginationInput | undefined);
  return { client: repository.toSummary(company), ...page };
}

type ProductInput = BodyOf<'AdminClients_saveClientProduct'>['product'];

/** Machine names trimmed, without blanks and duplicates; each must be one of the company's machines. */
function machinesOf(input: string, company: Company): string {
  const names = [...new Set(input.split(',').map((name) => name.trim()).filter(Boolean))];
  if (!names.length) throw ruleViolation('product.machineNames', 'required', problemTexts.required);
  const unknown = names.filter((name) => !company.fbs.includes(name));
  if (unknown.length) {
    throw ruleViolation(
      'product.machineNames',
      'machine',
      company.fbs.length
        ? /*i18n*/ { id: 'problem.clients.notMachines', message: '{names} {count, plural, one {is not a machine} other {are not machines}} of {company} (its machines: {machines}).' }
        : /*i18n*/ { id: 'problem.clients.notMachinesNone', message: '{names} {count, plural, one {is not a machine} other {are not machines}} of {company} (its machines: none).' },
      { names: unknown.join(', '), count: unknown.length, company: company.name, machines: company.fbs.join(', ') },
    );
  }
  return names.join(',');
}

/**
 * Creates a product, or updates one when `id` is given (with the version read; a stale one is 409). Machines must be
 * the client's own, preform and warehouse must exist and the default supplier must supply that preform; names trimmed.
 */
export async function saveClientProduct(db: Db, actor: Actor, input: ProductInput) {
  return db.transaction().execute(async (trx) => {
    const company = await companyOrNotFound(trx, input.clientId);
    refuseBuyerEdits(company, 'products');
    const productName = input.productName.trim();
    const articleNo = input.articleNo.trim();
    if (!productName) throw ruleViolation('product.productName', 'required', problemTexts.required);
    if (!articleNo) throw ruleViolation('product.articleNo', 'required', problemTexts.required);
    const values: repository.ProductValues = {
      productName,
      articleNo,
      altName: input.altName?.trim() || null,
      machineNames: machinesOf(input.machineNames, company),
      scrapRate: input.scrapRate ?? 0,
      preformScrapStart: input.preformScrapStart ?? 0,
      preformScrapChangeOver: input.preformScrapChangeOver ?? 0,
      preformId: input.preformId,
      preformWarehouseId: input.preformWarehouseId,
      defaultSupplyId: input.defaultSupplyId,
      plannedSecondsPerItem: input.plannedSecondsPerItem,
    };
    if (!(await preformExists(trx, values.preformId))) throw ruleViolation('product.preformId', 'exists', /*i18n*/ { id: 'problem.clients.noPreform', message: 'This preform does not exist.' });
    if (!(await warehouseExists(trx, values.preformWarehouseId))) {
      throw ruleViolation('product.preformWarehouseId', 'exists', /*i18n*/ { id: 'problem.clients.noWarehouse', message: 'This warehouse does not exist.' });
    }
    if (!(await isCurrentSupplierOf(trx, values.defaultSupplyId, values.preformId))) {
      throw ruleViolation('product.defaultSupplyId', 'supplier', /*i18n*/ { id: 'problem.clients.supplier', message: 'The default supplier must be one of the suppliers of the chosen preform.' });
    }
    let id: number;
    if (input.id === undefined) {
      id = await repository.insertProduct(trx, company.id, values);
    } else {
      if (input.version === undefined) throw ruleViolation('product.version', 'required', problemTexts.versionRequired);
      id = input.id;
      if (!(await repository.updateProduct(trx, id, company.id, input.version, values))) {
        await productOf(trx, id, company.id);
        throw conflict(TEXTS.staleProduct);
      }
    }
    await audit(trx, actor, { operation: 'saveClientProduct', recordType: 'client_product', recordId: id, details: { clientId: company.id, ...values } });
    return productOf(trx, id);
  });
}

/**
 * Deletes products (soft: deletedAt is set; orders, claims and invoices keep referring to them). All or nothing:
 * refused with 409 when any has open order items or bottle stock, 404 when any is missing or deleted already.
 */
export async function deleteClientProducts(db: Db, actor: Actor, ids: number[]) {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const products = await repository.lockProducts(trx, unique);
    if (products.length !== unique.length) throw notFound('Product');
    const companies = await repository.findCompanies(trx, [...new Set(products.map((product) => product.companyId))]);
    for (const company of companies) refuseBuyerEdits(company, 'products');
    const open = new Set(await repository.productsWithOpenItems(trx, unique));
    const busy = products.filter((product) => open.has(product.id));
    if (busy.length) {
      throw conflict(/*i18n*/ { id: 'problem.clients.openItems', message: '{products}: open production order items refer to it; close them first. Nothing was deleted.' }, {
        products: busy.map((product) => product.productName).join(', '),
      });
    }
    const stocked = products.filter((product) => product.currentStock > 0);
    if (stocked.length) {
      throw conflict(/*i18n*/ { id: 'problem.clients.stockLeft', message: '{products}: bottle stock left; reclassify or adjust it to 0 first. Nothing was deleted.' }, {
        products: stocked.map((product) => phrase(TEXTS.stockedProduct, { product: product.productName, count: product.currentStock })),
      });
    }
    await repository.softDeleteProducts(trx, unique);
    await audit(trx, actor, { operation: 'deleteClientProducts', recordType: 'client_product', details: { ids: unique } });
    return { ok: true as const };
  });
}

// ------------------------------------------------------------------------------------------ reclassification

/**
 * Moves `quantity` bottles from one product to another of the same client in one transaction: out of the old
 * product's current price period first (then its newest other periods), into the new product's current price
 * period (its stock row created when missing), each change a ledger row. At most the old product's stock: above it
 * is a 400 on `quantity` with code maxQuantity and the stock as limit ('Max Quantity - {max}.').
 */
export async function saveReclassification(db: Db, actor: Actor, body: BodyOf<'AdminClients_saveReclassification'>) {
  const { oldClientProductId: oldId, newClientProdcuctId: newId, quantity } = body;
  if (oldId === newId) throw ruleViolation('newClientProdcuctId', 'different', /*i18n*/ { id: 'problem.clients.sameProduct', message: 'Pick another product than the one reclassified.' });
  return db.transaction().execute(async (trx) => {
    const locked = await repository.lockProducts(trx, [oldId, newId]);
    const from = locked.find((product) => product.id === oldId);
    const to = locked.find((product) => product.id === newId);
    if (!from) throw notFound('Product');
    if (!to) throw ruleViolation('newClientProdcuctId', 'exists', /*i18n*/ { id: 'problem.clients.noProduct', message: 'This product does not exist.' });
    if (to.companyId !== from.companyId) {
      throw ruleViolation('newClientProdcuctId', 'sameClient', /*i18n*/ { id: 'problem.clients.sameClient', message: 'Stock can only be reclassified to a product of the same client.' });
    }
    const company = await companyOrNotFound(trx, from.companyId);
    refuseBuyerEdits(company, 'stock');
    if (quantity > from.currentStock) {
      throw ruleViolation('quantity', 'maxQuantity', /*i18n*/ { id: 'problem.clients.maxQuantity', message: 'Max Quantity - {max}.' }, { max: from.currentStock }, from.currentStock);
    }
    const today = todayIso();
    const target = await repository.priceOn(trx, to.id, today);
    if (!target) throw conflict(/*i18n*/ { id: 'problem.clients.noPriceToday', message: '{product} has no price valid today; add its price first, so the stock has a price period to go to.' }, { product: to.productName });
    const left = await takeFromPeriods(trx, from.id, quantity, today, {
      reason: 'reclassification_out',
      source: { type: 'client_product', id: to.id },
      subject: actor.sub,
    });
    // The total is the sum of the periods, so this only happens if that invariant was broken: refuse, roll back.
    if (left) throw conflict(/*i18n*/ { id: 'problem.clients.stockMismatch', message: 'The stock of {product} does not add up; nothing was moved.' }, { product: from.productName });
    await putIntoPeriod(trx, to.id, target.id, quantity, {
      reason: 'reclassification_in',
      source: { type: 'client_product', id: from.id },
      subject: actor.sub,
    });
    await audit(trx, actor, { operation: 'saveReclassification', recordType: 'client_product', recordId: from.id, details: body });
    return { ok: true as const };
  });
}

// ------------------------------------------------------------------------------------------------ details

export async function getClientDetails(db: Db, clientId: string) {
  const company = await companyOrNotFound(db, clientId);
  const language = (await findCompanyLanguage(db, company.id)) ?? 'en';
  return { info: (await repository.findDetails(db, company.id)) ?? null, language };
}

/**
 * Sets the company's language (its documents', e-mails' and people's default). A buyer-type client's too: the
 * language is no billing detail, and buyers read invoices.
 */
export async function saveClientLanguage(db: Db, actor: Actor, clientId: string, language: Schemas['Language']) {
  return db.transaction().execute(async (trx) => {
    const company = await companyOrNotFound(trx, clientId);
    if (!(await saveCompanyLanguage(trx, company.id, language))) throw notFound('Client');
    await audit(trx, actor, { operation: 'saveClientLanguage', recordType: 'company', recordId: company.id, details: { language } });
    return { clientId: company.id, language };
  });
}

type DetailsInput = BodyOf<'AdminClients_saveClientDetails'>['info'];

const optional = (value: string | null | undefined) => value?.trim() || null;

/** Creates (no version) or updates (the version read; stale: 409) a client's billing details; text trimmed. */
export async function saveClientDetails(db: Db, actor: Actor, input: DetailsInput) {
  const values: repository.DetailsValues = {
    billingCompany: input.billingCompany.trim(),
    billingFirstName: optional(input.billingFirstName),
    billingLastName: optional(input.billingLastName),
    billingRegistrationNumber: optional(input.billingRegistrationNumber),
    billingVATRegistrationNumber: optional(input.billingVATRegistrationNumber),
    billingAddress: input.billingAddress.trim(),
    billingCity: input.billingCity.trim(),
    billingState: optional(input.billingState),
    billingPostCode: optional(input.billingPostCode),
    billingCountry: input.billingCountry.trim(),
    billingEmail: input.billingEmail.trim(),
    currency: input.currency,
    shift_start: input.shift_start ?? null,
    shift_end: input.shift_end ?? null,
  };
  return db.transaction().execute(async (trx) => {
    const company = await companyOrNotFound(trx, input.clientId);
    refuseBuyerEdits(company, 'client details');
    const saved =
      input.version === undefined
        ? await repository.insertDetails(trx, company.id, values)
        : await repository.updateDetails(trx, company.id, input.version, values);
    if (!saved) throw conflict(TEXTS.staleDetails, { company: company.name });
    await audit(trx, actor, { operation: 'saveClientDetails', recordType: 'client_details', recordId: company.id, details: values });
    return saved;
  });
}

// ------------------------------------------------------------------------------------------------- prices

/** A product's price periods, newest first, and the price valid today. */
export async function getProductPrices(db: Db, body: BodyOf<'AdminClients_getProductPrices'>) {
  const product = await productOf(db, body.clientProductId, body.clientId);
  return { rows: await repository.findPrices(db, product.id), currentPrice: product.currentPrice };
}

type PriceInput = BodyOf<'AdminClients_saveProductPrice'>['price'];

/**
 * Creates or updates a price period (allowed for buyer-type clients too). The period must not end before it starts
 * and must not share a day with another period of the product (400 naming the other period); the database's
 * exclusion constraint is the guard against a concurrent save.
 */
export async function saveProductPrice(db: Db, actor: Actor, input: PriceInput) {
  if (input.validTo < input.validFrom) throw ruleViolation('price.validTo', 'range', /*i18n*/ { id: 'problem.clients.priceOrder', message: 'The price cannot end before it starts.' });
  const values = { unitPrice: Math.round(input.unitPrice * 100) / 100, validFrom: input.validFrom, validTo: input.validTo };
  try {
    return await db.transaction().execute(async (trx) => {
      const [locked] = await repository.lockProducts(trx, [input.clientProductId]);
      if (!locked || locked.companyId !== input.clientId) throw notFound('Product');
      const other = await repository.overlappingPrice(trx, locked.id, values.validFrom, values.validTo, input.id);
      if (other) throw overlap(other.valid_from, other.valid_to);
      let id: number;
      if (input.id === undefined) {
        id = await repository.insertPrice(trx, locked.id, values);
        // Its (empty) stock row: the productstock page lists every price period, and 'Adjust balance' can count into it.
        await repository.stockRowForPrice(trx, locked.id, id);
      } else {
        if (input.version === undefined) throw ruleViolation('price.version', 'required', problemTexts.versionRequired);
        id = input.id;
        if (!(await repository.updatePrice(trx, id, locked.id, input.version, values))) {
          const existing = await repository.findPrice(trx, id);
          if (!existing || existing.clientProductId !== locked.id) throw notFound('Price');
          throw conflict(TEXTS.stalePrice);
        }
      }
      await audit(trx, actor, { operation: 'saveProductPrice', recordType: 'product_price', recordId: id, details: { clientProductId: locked.id, ...values } });
      const price = await repository.findPrice(trx, id);
      if (!price) throw notFound('Price');
      return { price, currentPrice: await repository.currentPriceOf(trx, locked.id, todayIso()) };
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23P01') throw overlap();
    throw error;
  }
}

const overlap = (from?: string, to?: string) =>
  ruleViolation(
    'price.validFrom',
    'overlap',
    from && to
      ? /*i18n*/ { id: 'problem.clients.priceOverlap', message: 'This period overlaps the price valid from {from} to {to}; a product has one price per day.' }
      : /*i18n*/ { id: 'problem.clients.priceOverlapOther', message: 'This period overlaps another price of the product; a product has one price per day.' },
    { from, to },
  );

// ------------------------------------------------------------------------------------------------- buyers

export async function getProductBuyers(db: Db, body: BodyOf<'AdminClients_getProductBuyers'>) {
  const product = await productOf(db, body.clientProductId, body.clientId);
  return repository.findBuyers(db, product.id);
}

/** Makes `clientIds` (buyer-type clients, never the product's own client) exactly the product's buyers. */
export async function saveProductBuyers(db: Db, actor: Actor, body: BodyOf<'AdminClients_saveProductBuyers'>) {
  const buyerIds = [...new Set(body.clientIds)];
  return db.transaction().execute(async (trx) => {
    const [product] = await repository.lockProducts(trx, [body.clientProductId]);
    if (!product) throw notFound('Product');
    refuseBuyerEdits(await companyOrNotFound(trx, product.companyId), 'buyer assignments');
    const buyers = await repository.findCompanies(trx, buyerIds);
    const wrong = buyerIds.filter((id) => buyers.find((buyer) => buyer.id === id)?.clientType !== '1');
    if (wrong.length) throw ruleViolation('clientIds', 'buyer', /*i18n*/ { id: 'problem.clients.notBuyer', message: 'Only buyer-type clients can be assigned: {clients} is not one.' }, { clients: wrong.join(', ') });
    await repository.replaceBuyers(trx, product.id, buyerIds);
    await audit(trx, actor, { operation: 'saveProductBuyers', recordType: 'client_product', recordId: product.id, details: { clientIds: buyerIds } });
    return { ok: true as const };
  });
}

// -------------------------------------------------------------------------------------------------- stock

/** Stock per price period of a product (10 per page, newest period first), with the product and client. */
export async function getProductStock(db: Db, body: BodyOf<'AdminClients_getProductStock'>) {
  const { rows, count, product, company } = await repository.findStockRows(db, body.id, body.pagination as PaginationInput | undefined);
  if (!product) throw notFound('Product');
  if (!company) throw notFound('Client');
  return { product, client: repository.toSummary(company), rows, count };
}

/**
 * 'Adjust balance': sets a period's stock to the number counted (never below 0, which the contract already
 * refuses) through one ledger row of the difference; the product's total moves by the same difference.
 */
export async function saveProductStock(db: Db, actor: Actor, input: BodyOf<'AdminClients_saveProductStock'>['stock']) {
  return db.transaction().execute(async (trx) => {
    const found = await repository.findStockRow(trx, input.id);
    if (!found) throw notFound('Stock row');
    const [product] = await repository.lockProducts(trx, [found.clientProductId]);
    if (!product) throw notFound('Stock row');
    refuseBuyerEdits(await companyOrNotFound(trx, product.companyId), 'stock');
    const period = (await repository.lockStockRows(trx, product.id)).find((row) => row.id === input.id);
    if (!period) throw notFound('Stock row');
    if (input.version !== undefined && input.version !== period.version) throw conflict(TEXTS.staleStock);
    const difference = input.currentStock - period.current_stock;
    if (difference) {
      await repository.applyMovement(trx, {
        stockId: period.id,
        productId: product.id,
        quantity: difference,
        reason: 'adjust',
        source: null,
        subject: actor.sub,
      });
      await audit(trx, actor, {
        operation: 'saveProductStock',
        recordType: 'product_stock',
        recordId: period.id,
        details: { clientProductId: product.id, from: period.current_stock, to: input.currentStock },
      });
    }
    const saved = await repository.findStockRow(trx, period.id);
    if (!saved) throw notFound('Stock row');
    const { clientProductId: _product, ...row } = saved;
    return row;
  });
}
