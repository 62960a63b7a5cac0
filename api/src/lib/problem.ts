import type { MessageDescriptor } from '@lingui/core';

/** An error that becomes an RFC 9457 problem document. Services throw these; the error handler renders them. */
export interface FieldProblem {
  field: string;
  code: string;
  message: string;
  limit?: number;
}

/** The words of a problem's `detail` in the catalogues, for a caller who reads another language than English. */
export interface ProblemMessage {
  descriptor: MessageDescriptor;
  values?: Record<string, unknown>;
}

export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: FieldProblem[],
    /** The detail as a catalogue message; absent: the detail is English only. */
    readonly translatable?: ProblemMessage,
  ) {
    super(detail ?? title);
  }
}

/** The generic details a person reads, in the catalogues (English: as they always read). */
export const problemTexts = {
  unauthorized: /*i18n*/ { id: 'problem.unauthorized', message: 'A valid bearer token is required.' },
  forbidden: /*i18n*/ { id: 'problem.forbidden', message: 'Your role may not call this operation.' },
  contract: /*i18n*/ { id: 'problem.contract', message: 'The request does not match the contract.' },
  databaseUnavailable: /*i18n*/ { id: 'problem.databaseUnavailable', message: 'The database is not reachable right now. Try again in a few seconds.' },
};

/** "… not found." for each kind of record a service looks up. */
const NOT_FOUND: Record<string, MessageDescriptor> = {
  'API client': /*i18n*/ { id: 'problem.notFound.apiClient', message: 'API client not found.' },
  'Claim': /*i18n*/ { id: 'problem.notFound.claim', message: 'Claim not found.' },
  'Client product': /*i18n*/ { id: 'problem.notFound.clientProduct', message: 'Client product not found.' },
  'Client': /*i18n*/ { id: 'problem.notFound.client', message: 'Client not found.' },
  'Downtime cause': /*i18n*/ { id: 'problem.notFound.downtimeCause', message: 'Downtime cause not found.' },
  'Downtime': /*i18n*/ { id: 'problem.notFound.downtime', message: 'Downtime not found.' },
  'Forecast': /*i18n*/ { id: 'problem.notFound.forecast', message: 'Forecast not found.' },
  'Invoice': /*i18n*/ { id: 'problem.notFound.invoice', message: 'Invoice not found.' },
  'Lot': /*i18n*/ { id: 'problem.notFound.lot', message: 'Lot not found.' },
  'Machine credential': /*i18n*/ { id: 'problem.notFound.machineCredential', message: 'Machine credential not found.' },
  'Manufacturer': /*i18n*/ { id: 'problem.notFound.manufacturer', message: 'Manufacturer not found.' },
  'Message': /*i18n*/ { id: 'problem.notFound.message', message: 'Message not found.' },
  'Notification': /*i18n*/ { id: 'problem.notFound.notification', message: 'Notification not found.' },
  'Order item': /*i18n*/ { id: 'problem.notFound.orderItem', message: 'Order item not found.' },
  'Order': /*i18n*/ { id: 'problem.notFound.order', message: 'Order not found.' },
  'Preform': /*i18n*/ { id: 'problem.notFound.preform', message: 'Preform not found.' },
  'Price': /*i18n*/ { id: 'problem.notFound.price', message: 'Price not found.' },
  'Product': /*i18n*/ { id: 'problem.notFound.product', message: 'Product not found.' },
  'Production order item': /*i18n*/ { id: 'problem.notFound.productionOrderItem', message: 'Production order item not found.' },
  'Production order': /*i18n*/ { id: 'problem.notFound.productionOrder', message: 'Production order not found.' },
  'Production record': /*i18n*/ { id: 'problem.notFound.productionRecord', message: 'Production record not found.' },
  'Stock row': /*i18n*/ { id: 'problem.notFound.stockRow', message: 'Stock row not found.' },
  'Supply order': /*i18n*/ { id: 'problem.notFound.supplyOrder', message: 'Supply order not found.' },
  'Upload': /*i18n*/ { id: 'problem.notFound.upload', message: 'Upload not found.' },
  'User': /*i18n*/ { id: 'problem.notFound.user', message: 'User not found.' },
  'Warehouse': /*i18n*/ { id: 'problem.notFound.warehouse', message: 'Warehouse not found.' },
  'Webhook delivery': /*i18n*/ { id: 'problem.notFound.webhookDelivery', message: 'Webhook delivery not found.' },
  'Webhook endpoint': /*i18n*/ { id: 'problem.notFound.webhookEndpoint', message: 'Webhook endpoint not found.' },
  'Record': /*i18n*/ { id: 'problem.notFound.record', message: 'Record not found.' },
};

export const badRequest = (detail: string, errors?: FieldProblem[]) => new HttpProblem(400, 'Bad Request', detail, errors);
export const unauthorized = (detail?: string) =>
  detail === undefined ? new HttpProblem(401, 'Unauthorized', problemTexts.unauthorized.message, undefined, { descriptor: problemTexts.unauthorized }) : new HttpProblem(401, 'Unauthorized', detail);
export const forbidden = (detail?: string) =>
  detail === undefined ? new HttpProblem(403, 'Forbidden', problemTexts.forbidden.message, undefined, { descriptor: problemTexts.forbidden }) : new HttpProblem(403, 'Forbidden', detail);
/** Missing and not-yours look the same: another company's record is "not found". */
export const notFound = (what = 'Record') => {
  const descriptor = NOT_FOUND[what];
  return new HttpProblem(404, 'Not Found', `${what} not found.`, undefined, descriptor ? { descriptor } : undefined);
};
export const conflict = (detail: string) => new HttpProblem(409, 'Conflict', detail);
/** A business rule refused the input; `field` names where, `code` says which rule. */
export const ruleViolation = (field: string, code: string, message: string, limit?: number) =>
  badRequest(message, [{ field, code, message, ...(limit === undefined ? {} : { limit }) }]);
