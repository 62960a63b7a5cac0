import type { Db } from '../../db/database.js';
import type { PaginationInput } from '../../lib/pagination.js';
import { notFound } from '../../lib/problem.js';
import type { Language } from '../../lib/i18n.js';
import { documentTranslator } from '../session/session.service.js';
import { productionOrdersPdf } from './production-orders.pdf.js';
import * as repository from './production-orders.repository.js';
import { now as clockNow } from '../../lib/clock.js';

/** 'New orders' (admin): every company's production orders with their items, 10 a page, newest first. */
export function getProductionOrders(db: Db, pagination: PaginationInput) {
  return repository.findProductionOrders(db, pagination);
}

/** `PO-{YYMMDD}.pdf` with the date of the download (UTC). */
export const productionOrdersFilename = (date: Date) => `PO-${date.toISOString().slice(2, 10).replaceAll('-', '')}.pdf`;

/**
 * The PDF of the selected orders, in the order they were selected (each once). Every id must exist: one unknown id
 * answers 404 rather than a PDF that silently lacks an order. In `language`, else the company's when every order is of
 * one company, else the plant's English.
 */
export async function downloadProductionOrders(db: Db, orderIds: number[], language: Language | undefined, signal?: AbortSignal) {
  const ids = [...new Set(orderIds)];
  const orders = await repository.findOrdersByIds(db, ids);
  if (orders.length !== ids.length) throw notFound('Production order');
  const companies = new Set(orders.map((order) => order.clientId));
  const l = await documentTranslator(db, companies.size === 1 ? orders[0].clientId : null, language);
  const now = clockNow();
  return { filename: productionOrdersFilename(now), contentType: 'application/pdf', body: await productionOrdersPdf(orders, now, l, signal) };
}
