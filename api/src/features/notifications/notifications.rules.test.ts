import { describe, expect, it } from 'vitest';
import { foldKeyOf, foldsInto, hears, kindsHeardBy, weekOf, type EventFacts, type Person } from './notifications.rules.js';

const person = (id: string, companyId: string | null, clientType: Person['clientType'], staffRoles: Person['staffRoles'] = []): Person => ({ id, companyId, clientType, staffRoles });
const buyer = person('buyer-1', 'buyer-co', 'buyer');
const otherBuyer = person('buyer-2', 'other-co', 'buyer');
const seller = person('seller-1', 'seller-co', 'seller');
const client = person('client-1', 'buyer-co', 'client');
const admin = person('admin-1', null, null, ['admin']);
const operator = person('operator-1', null, null, ['operator']);
const accountant = person('accountant-1', null, null, ['accountant']);

const itemEvent = (type: EventFacts['type'], data: Record<string, unknown>, actorId = 'someone-else'): EventFacts => ({
  type,
  companyId: 'buyer-co',
  recordType: 'order_item',
  recordId: '41',
  actorKind: 'user',
  actorId,
  data,
  orderingCompany: 'buyer-co',
  sellingCompanies: ['seller-co'],
});
const TODAY = '2026-12-09'; // a Wednesday

describe('who hears what', () => {
  it("a buyer hears its item confirmed by its seller, not by itself or another buyer of its company; the seller hears the buyer's confirmation", () => {
    expect(hears(buyer, itemEvent('order_item.confirmed', { by: 'seller' }, 'seller-1'), TODAY)).toBe(true);
    expect(hears(seller, itemEvent('order_item.confirmed', { by: 'seller' }, 'seller-1'), TODAY)).toBe(false);
    expect(hears(buyer, itemEvent('order_item.confirmed', { by: 'buyer' }), TODAY)).toBe(false);
    expect(hears(seller, itemEvent('order_item.confirmed', { by: 'buyer' }), TODAY)).toBe(true);
  });

  it("a person's own action never notifies them", () => {
    expect(hears(seller, itemEvent('order_item.confirmed', { by: 'buyer' }, 'seller-1'), TODAY)).toBe(false);
    expect(hears(buyer, itemEvent('order_item.due_date_moved', {}, 'buyer-1'), TODAY)).toBe(false);
    expect(hears(buyer, itemEvent('order_item.due_date_moved', {}, 'seller-1'), TODAY)).toBe(true);
  });

  it("never another company's record: a buyer of another company hears nothing of it", () => {
    for (const type of ['order_item.confirmed', 'order_item.due_date_moved', 'order_item.changed', 'production_order_item.created'] as const) {
      expect(hears(otherBuyer, itemEvent(type, { by: 'seller' }), TODAY)).toBe(false);
    }
    expect(hears(otherBuyer, { ...itemEvent('claim.status_changed', {}), recordType: 'claim' }, TODAY)).toBe(false);
    expect(hears(buyer, { ...itemEvent('claim.status_changed', {}), recordType: 'claim' }, TODAY)).toBe(true);
  });

  it('sellers hear items their buyers changed; an invoice is heard by the client type only (the one that opens invoices)', () => {
    expect(hears(seller, itemEvent('order_item.changed', {}), TODAY)).toBe(true);
    expect(hears(buyer, itemEvent('order_item.changed', {}), TODAY)).toBe(false);
    const invoice: EventFacts = { ...itemEvent('invoice.sent', {}), recordType: 'invoice', actorKind: 'system' };
    expect([hears(client, invoice, TODAY), hears(buyer, invoice, TODAY), hears(seller, invoice, TODAY)]).toEqual([true, false, false]);
  });

  it('the admin hears new client orders and claims; the operator production order items due this week only', () => {
    expect(hears(admin, { ...itemEvent('order.created', {}), recordType: 'order' }, TODAY)).toBe(true);
    expect(hears(admin, { ...itemEvent('claim.created', {}), recordType: 'claim' }, TODAY)).toBe(true);
    expect(hears(buyer, { ...itemEvent('claim.created', {}), recordType: 'claim' }, TODAY)).toBe(false);
    const production = (dueDate: string) => ({ ...itemEvent('production_order_item.created', { dueDate }), recordType: 'production_order_item' });
    expect(hears(operator, production('2026-12-13'), TODAY)).toBe(true);
    expect(hears(operator, production('2026-12-07'), TODAY)).toBe(true);
    expect(hears(operator, production('2026-12-14'), TODAY)).toBe(false);
    expect(hears(operator, production('2026-12-06'), TODAY)).toBe(false);
    expect(hears(admin, production('2026-12-09'), TODAY)).toBe(false);
  });

  it("the accountant hears an invoice ready to confirm; the invoice's company and the other staff do not", () => {
    const ready: EventFacts = { ...itemEvent('invoice.ready_to_confirm', { invoiceNumber: 'INV-1' }), recordType: 'invoice', actorKind: 'system', actorId: 'test' };
    expect([accountant, admin, operator, client, buyer, seller].map((someone) => hears(someone, ready, TODAY))).toEqual([true, false, false, false, false, false]);
  });

  it('the admin hears failed e-mails, failed webhooks and machine messages kept aside, the manufacturer\'s own records; nobody else does', () => {
    const plant = (type: EventFacts['type'], recordType: string, data: Record<string, unknown>): EventFacts => ({
      type,
      companyId: null,
      recordType,
      recordId: '3',
      actorKind: 'system',
      actorId: 'test',
      data,
    });
    for (const event of [
      plant('email.failed', 'outbox', { mail: 'invoice' }),
      plant('email.failed', 'notification_mail', { mail: 'notification' }),
      plant('webhook.failed', 'webhook_endpoint', { endpointDisabled: true }),
      plant('machine_event.kept_aside', 'machine', { clientId: 'buyer-co', count: 2 }),
    ]) {
      expect([admin, accountant, operator, client, buyer, seller].map((someone) => hears(someone, event, TODAY)), `${event.type} ${event.recordType}`).toEqual([true, false, false, false, false, false]);
    }
  });

  it("each person's settings offer the kinds they may hear: the accountant invoices ready to confirm, the admin what failed, a client none of the plant's", () => {
    expect(kindsHeardBy(accountant)).toEqual(['invoice.ready_to_confirm']);
    expect(kindsHeardBy(admin)).toEqual(['order.created', 'claim.created', 'email.failed', 'webhook.failed', 'machine_event.kept_aside']);
    expect(kindsHeardBy(operator)).toEqual(['production_order_item.created']);
    expect(kindsHeardBy(client)).toContain('invoice.sent');
    expect(kindsHeardBy(buyer)).not.toContain('invoice.sent');
    for (const someone of [client, buyer, seller]) {
      expect(kindsHeardBy(someone).filter((kind) => ['invoice.ready_to_confirm', 'email.failed', 'webhook.failed', 'machine_event.kept_aside', 'claim.created'].includes(kind))).toEqual([]);
    }
  });

  it('weeks run Monday to Sunday, across a year end', () => {
    expect(weekOf('2026-12-09')).toEqual({ monday: '2026-12-07', sunday: '2026-12-13' });
    expect(weekOf('2027-01-01')).toEqual({ monday: '2026-12-28', sunday: '2027-01-03' });
    expect(weekOf('2026-12-13')).toEqual({ monday: '2026-12-07', sunday: '2026-12-13' });
  });
});

describe('bursts', () => {
  const first = new Date('2026-12-09T10:00:00Z');
  it('fold within a minute of the first event into an unread notification, not after it, nor into a read one', () => {
    expect(foldsInto({ firstAt: first, readAt: null }, new Date('2026-12-09T10:00:59Z'))).toBe(true);
    expect(foldsInto({ firstAt: first, readAt: null }, new Date('2026-12-09T10:01:00Z'))).toBe(false);
    expect(foldsInto({ firstAt: first, readAt: new Date('2026-12-09T10:00:30Z') }, new Date('2026-12-09T10:00:40Z'))).toBe(false);
  });
  it("fold on the order when the record has one, else on the record", () => {
    expect(foldKeyOf('order_item', '41', 12)).toBe('order:12');
    expect(foldKeyOf('claim', '7', null)).toBe('claim:7');
  });
});
