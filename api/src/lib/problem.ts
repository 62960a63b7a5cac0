import type { MessageDescriptor } from '@lingui/core';
import { english, type Translator } from './i18n.js';

/** An error that becomes an RFC 9457 problem document. Services throw these; the error handler renders them. */
export interface FieldProblem {
  field: string;
  code: string;
  message: string;
  limit?: number;
}

/** ICU values of a catalogue message (`{count}`, `{name}`, plurals). */
export type Values = Record<string, unknown>;

/**
 * A text a person reads, as a catalogue message with an explicit id and its English words:
 * `/*i18n*\/ { id: 'problem.orders.weekday', message: 'Deliver at must be a weekday' }`. A plain string is not one, so
 * the helpers below cannot be handed an English sentence by mistake.
 */
export interface Message extends MessageDescriptor {
  id: string;
  message: string;
}

/** The words of a problem's `detail` in the catalogues, for a caller who reads another language than English. */
export interface ProblemMessage {
  descriptor: Message;
  values?: Values;
}

/** A field problem whose message is in the catalogues: sent as a `FieldProblem` in the caller's language. */
export interface TranslatableFieldProblem extends FieldProblem {
  translatable?: ProblemMessage;
}

export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: TranslatableFieldProblem[],
    /** The detail as a catalogue message; absent: the detail is English only. */
    readonly translatable?: ProblemMessage,
  ) {
    super(detail ?? title);
  }
}

/** A catalogue message as the value of another ('{products}: bottle stock left'); a list of them reads joined by ', '. */
export const phrase = (message: Message, values?: Values): ProblemMessage => ({ descriptor: message, values });

const isProblemMessage = (value: unknown): value is ProblemMessage =>
  typeof value === 'object' && value !== null && 'descriptor' in value && typeof (value as ProblemMessage).descriptor === 'object';

/** The message in `l`'s language, its values that are messages themselves (`phrase(…)`) rendered in the same language. */
export function render(l: Translator, { descriptor, values }: ProblemMessage): string {
  if (!values) return l.t(descriptor);
  const rendered = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      isProblemMessage(value) ? render(l, value) : Array.isArray(value) && value.every(isProblemMessage) ? value.map((item) => render(l, item)).join(', ') : value,
    ]),
  );
  return l.t(descriptor, rendered);
}

/** A problem whose detail is a catalogue message, rendered in English here and in the caller's language on the way out. */
export const problem = (status: number, title: string, message: Message, values?: Values, errors?: TranslatableFieldProblem[]) =>
  new HttpProblem(status, title, render(english, { descriptor: message, values }), errors, { descriptor: message, values });

/**
 * A problem only a machine or an integrator's program reads (a protocol error): its detail stays English. Say at the
 * call why no person reads it (the comment holds "English only"); the guard in problem.test.ts looks for it.
 */
export const englishOnly = (status: number, title: string, detail: string, errors?: TranslatableFieldProblem[]) => new HttpProblem(status, title, detail, errors);

/** One field's problem for `badRequest(…, errors)`; `limit` is the number the rule names, for the web's own words. */
export const fieldProblem = (field: string, code: string, message: Message, values?: Values, limit?: number): TranslatableFieldProblem => ({
  field,
  code,
  message: render(english, { descriptor: message, values }),
  ...(limit === undefined ? {} : { limit }),
  translatable: { descriptor: message, values },
});

/** The generic details a person reads, in the catalogues (English: as they always read). */
export const problemTexts = {
  unauthorized: /*i18n*/ { id: 'problem.unauthorized', message: 'A valid bearer token is required.' },
  forbidden: /*i18n*/ { id: 'problem.forbidden', message: 'Your role may not call this operation.' },
  contract: /*i18n*/ { id: 'problem.contract', message: 'The request does not match the contract.' },
  versionRequired: /*i18n*/ { id: 'problem.versionRequired', message: 'An update must send the version it read.' },
  saveVersionRequired: /*i18n*/ { id: 'problem.saveVersionRequired', message: 'A save must send the version it read.' },
  required: /*i18n*/ { id: 'problem.required', message: 'Field is required.' },
  jsonBody: /*i18n*/ { id: 'problem.input.jsonBody', message: 'This operation takes a JSON body.' },
  noPreform: /*i18n*/ { id: 'problem.noPreform', message: 'No such preform.' },
  noWarehouse: /*i18n*/ { id: 'problem.noWarehouse', message: 'No such warehouse.' },
  periodOrder: /*i18n*/ { id: 'problem.periodOrder', message: 'The period must not end before it starts.' },
  databaseUnavailable: /*i18n*/ { id: 'problem.databaseUnavailable', message: 'The database is not reachable right now. Try again in a few seconds.' },
};

/** "… not found." for each kind of record a service looks up. */
const NOT_FOUND = {
  'API client': /*i18n*/ { id: 'problem.notFound.apiClient', message: 'API client not found.' },
  'Certificate': /*i18n*/ { id: 'problem.notFound.certificate', message: 'Certificate not found.' },
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
  'Notification e-mail': /*i18n*/ { id: 'problem.notFound.notificationEmail', message: 'Notification e-mail not found.' },
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
} satisfies Record<string, Message>;

export const badRequest = (message: Message, values?: Values, errors?: TranslatableFieldProblem[]) => problem(400, 'Bad Request', message, values, errors);
export const unauthorized = (message: Message = problemTexts.unauthorized, values?: Values) => problem(401, 'Unauthorized', message, values);
export const forbidden = (message: Message = problemTexts.forbidden, values?: Values, errors?: TranslatableFieldProblem[]) => problem(403, 'Forbidden', message, values, errors);
/** Missing and not-yours look the same: another company's record is "not found". */
export const notFound = (what: keyof typeof NOT_FOUND = 'Record') => problem(404, 'Not Found', NOT_FOUND[what]);
export const conflict = (message: Message, values?: Values) => problem(409, 'Conflict', message, values);
/** A business rule refused the input; `field` names where, `code` says which rule (the detail and the field's message are one text). */
export const ruleViolation = (field: string, code: string, message: Message, values?: Values, limit?: number) =>
  badRequest(message, values, [fieldProblem(field, code, message, values, limit)]);
