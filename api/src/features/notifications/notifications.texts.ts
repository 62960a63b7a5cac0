import type { MessageDescriptor } from '@lingui/core';
import type { Translator } from '../../lib/i18n.js';

/** What each kind of notification says, in the e-mails and on the unsubscribe page (English: the inbox's words). */
const KINDS: Record<string, MessageDescriptor> = {
  'order.created': /*i18n*/ { id: 'notification.kind.orderCreated', message: 'New client order' },
  'order.changed': /*i18n*/ { id: 'notification.kind.orderChanged', message: 'Order changed' },
  'order.deleted': /*i18n*/ { id: 'notification.kind.orderDeleted', message: 'Order deleted' },
  'order_item.created': /*i18n*/ { id: 'notification.kind.itemCreated', message: 'Item added' },
  'order_item.changed': /*i18n*/ { id: 'notification.kind.itemChanged', message: 'Item changed' },
  'order_item.deleted': /*i18n*/ { id: 'notification.kind.itemDeleted', message: 'Item deleted' },
  'order_item.confirmed': /*i18n*/ { id: 'notification.kind.itemConfirmed', message: 'Item confirmed' },
  'order_item.confirmation_cleared': /*i18n*/ { id: 'notification.kind.confirmationCleared', message: 'Confirmation withdrawn' },
  'order_item.due_date_moved': /*i18n*/ { id: 'notification.kind.dueDateMoved', message: 'Due date moved' },
  'production_order_item.created': /*i18n*/ { id: 'notification.kind.productionItemCreated', message: 'Production order item created' },
  'produced_quantity.recorded': /*i18n*/ { id: 'notification.kind.producedRecorded', message: 'Produced quantity recorded' },
  'machine.stopped': /*i18n*/ { id: 'notification.kind.machineStopped', message: 'Machine stopped' },
  'machine.started': /*i18n*/ { id: 'notification.kind.machineStarted', message: 'Machine started again' },
  'claim.created': /*i18n*/ { id: 'notification.kind.claimCreated', message: 'New claim' },
  'claim.status_changed': /*i18n*/ { id: 'notification.kind.claimStatusChanged', message: 'Claim status changed' },
  'invoice.sent': /*i18n*/ { id: 'notification.kind.invoiceSent', message: 'Invoice sent' },
  'supply_order.delivered': /*i18n*/ { id: 'notification.kind.supplyOrderDelivered', message: 'Supply order delivered' },
  'forecast.saved': /*i18n*/ { id: 'notification.kind.forecastSaved', message: 'Forecast saved' },
};

/** The record a notification names; English keeps the record type's own words ("supply order 12"). */
const RECORDS: Record<string, MessageDescriptor> = {
  order: /*i18n*/ { id: 'notification.record.order', message: 'Order {name}' },
  claim: /*i18n*/ { id: 'notification.record.claim', message: 'Claim {name}' },
  invoice: /*i18n*/ { id: 'notification.record.invoice', message: 'invoice {name}' },
  machine: /*i18n*/ { id: 'notification.record.machine', message: 'machine {name}' },
  supply_order: /*i18n*/ { id: 'notification.record.supplyOrder', message: 'supply order {name}' },
  production_order_item: /*i18n*/ { id: 'notification.record.productionOrderItem', message: 'production order item {name}' },
  forecast: /*i18n*/ { id: 'notification.record.forecast', message: 'forecast {name}' },
  lot: /*i18n*/ { id: 'notification.record.lot', message: 'lot {name}' },
};

export const mailTexts = {
  digestSubject: /*i18n*/ { id: 'notificationMail.digestSubject', message: 'Your daily digest: {count, plural, one {# notification} other {# notifications}}' },
  by: /*i18n*/ { id: 'notificationMail.by', message: 'by {name}' },
  when: /*i18n*/ { id: 'notificationMail.when', message: '{date} {time} UTC' },
  stop: /*i18n*/ { id: 'notificationMail.stop', message: 'Stop these e-mails ({kind})' },
  choose: /*i18n*/ { id: 'notificationMail.choose', message: 'Choose what you hear of and how' },
};

export const unsubscribeTexts = {
  invalidTitle: /*i18n*/ { id: 'unsubscribe.invalid.title', message: 'This link is not valid' },
  invalidText: /*i18n*/ { id: 'unsubscribe.invalid.text', message: 'The link may be cut short or changed. Choose what you hear of in the portal, under Notifications.' },
  askTitle: /*i18n*/ { id: 'unsubscribe.ask.title', message: 'Stop these e-mails?' },
  askText: /*i18n*/ { id: 'unsubscribe.ask.text', message: "You will no longer get e-mail about {kind}; it stays in the portal's inbox." },
  button: /*i18n*/ { id: 'unsubscribe.button', message: 'Unsubscribe' },
  doneTitle: /*i18n*/ { id: 'unsubscribe.done.title', message: 'Unsubscribed' },
  doneText: /*i18n*/ { id: 'unsubscribe.done.text', message: 'You will no longer get e-mail about {kind}. You can choose again in the portal, under Notifications.' },
};

/** The kind's words in `l`'s language; a kind the portal does not describe shows as it is. */
export const kindLabel = (l: Translator, kind: string) => (KINDS[kind] ? l.t(KINDS[kind]) : kind);

/** The record's words: an order by its number, a claim by its id, another record by its type and label. */
export function recordLabel(l: Translator, n: { order_id: number | null; record_type: string; record_id: string; label: string | null }) {
  if (n.order_id !== null) return l.t(RECORDS.order, { name: n.label ?? n.order_id });
  if (n.record_type === 'claim') return l.t(RECORDS.claim, { name: n.record_id });
  const name = n.label ?? n.record_id;
  return RECORDS[n.record_type] ? l.t(RECORDS[n.record_type], { name }) : `${n.record_type.replace(/_/g, ' ')} ${name}`;
}

/** The `lang` of a page or an e-mail in `l`'s language (the pseudo-locale is English underneath). */
export const htmlLang = (l: Translator) => (l.locale === 'pseudo' ? 'en' : l.locale);
