import type { EventType } from '../../db/tables/events.js';
import type { NewEvent } from '../events/events.repository.js';
import type { ClientType, StaffRole } from '../../lib/roles.js';
import { CLIENT_READERS } from '../events/events.service.js';

/**
 * Who hears what, by default: pure rules over an event and what the log's reader looked up about its record. A
 * person hears an event when one of its type's rules names them, the record is one they can open, and they did not
 * cause it. Nobody of a client company hears about another company's record, except the seller company that plans a
 * buyer's item (it opens that item on its planner).
 */

/** A person who may be notified, as the directory lists them (`DirectoryPerson`). */
export interface Person {
  /** Their subject (the access token's `sub`). */
  id: string;
  companyId: string | null;
  staffRoles: readonly StaffRole[];
  clientType: ClientType | null;
  fullName?: string | null;
}

/** An event with the facts about its record that the rules need. */
export interface EventFacts extends Omit<NewEvent, 'occurredAt'> {
  /** For an order item (or the item a production order item was made for): the company that ordered it. */
  orderingCompany?: string | null;
  /** The companies that make or sell the item's product, other than the ordering one (they plan it). */
  sellingCompanies?: readonly string[];
}

type Audience =
  /** Users of the company that ordered the item. */
  | { to: 'ordering'; clientTypes: readonly ClientType[]; when?: (data: Record<string, unknown>) => boolean }
  /** Users of the companies that plan and sell the item's product. */
  | { to: 'selling'; clientTypes: readonly ClientType[]; when?: (data: Record<string, unknown>) => boolean }
  /** Users of the company the event is recorded for. */
  | { to: 'owner'; clientTypes: readonly ClientType[] }
  /** The manufacturer's staff of one role. */
  | { to: 'staff'; role: StaffRole; when?: (data: Record<string, unknown>, today: string) => boolean };

const by = (side: 'buyer' | 'seller') => (data: Record<string, unknown>) => data.by === side;

/** Monday and Sunday of the ISO week that holds `day` (YYYY-MM-DD). */
export function weekOf(day: string): { monday: string; sunday: string } {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  const monday = date.toISOString().slice(0, 10);
  date.setUTCDate(date.getUTCDate() + 6);
  return { monday, sunday: date.toISOString().slice(0, 10) };
}

/** A production order item due this week is on this week's agenda. */
const dueThisWeek = (data: Record<string, unknown>, today: string) => {
  const { monday, sunday } = weekOf(today);
  return typeof data.dueDate === 'string' && data.dueDate >= monday && data.dueDate <= sunday;
};

/** The default rules of every event type (a type without rules notifies nobody). */
export const DEFAULT_RULES: Record<EventType, readonly Audience[]> = {
  'order.created': [{ to: 'staff', role: 'admin' }],
  'order.changed': [],
  'order.deleted': [],
  // Sellers hear what their buyers do to the items they plan.
  'order_item.created': [{ to: 'selling', clientTypes: ['seller'] }],
  'order_item.changed': [{ to: 'selling', clientTypes: ['seller'] }],
  'order_item.deleted': [{ to: 'selling', clientTypes: ['seller'] }],
  // The ordering company hears its items confirmed (a buyer: by its seller); the seller a buyer's confirmation.
  'order_item.confirmed': [
    { to: 'ordering', clientTypes: ['client'] },
    { to: 'ordering', clientTypes: ['buyer'], when: by('seller') },
    { to: 'selling', clientTypes: ['seller'], when: by('buyer') },
  ],
  'order_item.confirmation_cleared': [
    { to: 'ordering', clientTypes: ['client'] },
    { to: 'ordering', clientTypes: ['buyer'], when: by('seller') },
    { to: 'selling', clientTypes: ['seller'], when: by('buyer') },
  ],
  'order_item.due_date_moved': [
    { to: 'ordering', clientTypes: ['client', 'buyer'] },
    { to: 'selling', clientTypes: ['seller'] },
  ],
  'production_order_item.created': [
    { to: 'ordering', clientTypes: ['client', 'buyer'] },
    { to: 'staff', role: 'operator', when: dueThisWeek },
  ],
  'produced_quantity.recorded': [],
  'machine.stopped': [{ to: 'owner', clientTypes: ['client', 'buyer', 'seller'] }],
  'machine.started': [{ to: 'owner', clientTypes: ['client', 'buyer', 'seller'] }],
  'claim.created': [{ to: 'staff', role: 'admin' }],
  'claim.status_changed': [{ to: 'owner', clientTypes: ['client', 'buyer'] }],
  'invoice.sent': [{ to: 'owner', clientTypes: ['client'] }],
  'supply_order.delivered': [],
  'forecast.saved': [],
  'invoice.ready_to_confirm': [{ to: 'staff', role: 'accountant' }],
  // What went wrong inside the portal, for the admin who can act on it: mail and webhooks that failed for good,
  // machine messages kept aside instead of applied.
  'email.failed': [{ to: 'staff', role: 'admin' }],
  'webhook.failed': [{ to: 'staff', role: 'admin' }],
  'machine_event.kept_aside': [{ to: 'staff', role: 'admin' }],
};

/**
 * The type whose readers decide whether a client user can open what a notification links to: a production order
 * item's notification opens the order item it was made for.
 */
const linkedType = (type: EventType): EventType => (type === 'production_order_item.created' ? 'order_item.created' : type);

/** Whether `person` hears the event by the rules (`today`: the portal's day, YYYY-MM-DD). */
export function hears(person: Person, event: EventFacts, today: string, rules: Record<EventType, readonly Audience[]> = DEFAULT_RULES): boolean {
  if (event.actorKind === 'user' && event.actorId === person.id) return false;
  return rules[event.type].some((audience) => {
    if (audience.to === 'staff') {
      return person.clientType === null && person.staffRoles.includes(audience.role) && (audience.when?.(event.data, today) ?? true);
    }
    const clientType = person.clientType;
    if (!clientType || !person.companyId || !audience.clientTypes.includes(clientType)) return false;
    if (!CLIENT_READERS[linkedType(event.type)].includes(clientType)) return false;
    if (audience.to === 'owner') return event.companyId !== null && person.companyId === event.companyId;
    if (audience.when && !audience.when(event.data)) return false;
    if (audience.to === 'ordering') return !!event.orderingCompany && person.companyId === event.orderingCompany;
    return (event.sellingCompanies ?? []).includes(person.companyId) && person.companyId !== event.orderingCompany;
  });
}

/**
 * The kinds a person may hear by the rules, whatever the record (the kinds their e-mail settings offer): a staff role's
 * audiences, and the client audiences of their type on records that type opens.
 */
export function kindsHeardBy(person: Pick<Person, 'staffRoles' | 'clientType'>, rules: Record<EventType, readonly Audience[]> = DEFAULT_RULES): EventType[] {
  const clientType = person.clientType;
  return (Object.keys(rules) as EventType[]).filter((type) =>
    rules[type].some((audience) =>
      audience.to === 'staff'
        ? clientType === null && person.staffRoles.includes(audience.role)
        : clientType !== null && audience.clientTypes.includes(clientType) && CLIENT_READERS[linkedType(type)].includes(clientType),
    ),
  );
}

/** The people who hear the event. */
export const recipientsOf = (people: readonly Person[], event: EventFacts, today: string): Person[] => people.filter((person) => hears(person, event, today));

/** Events of one kind on one order (or one record without an order) within this long fold into one notification. */
export const FOLD_WINDOW_MS = 60_000;

/** What a burst folds on: the order when the record has one, else the record. */
export const foldKeyOf = (recordType: string, recordId: string, orderId: number | null) => (orderId !== null ? `order:${orderId}` : `${recordType}:${recordId}`);

/** Whether an event at `occurredAt` folds into an unread notification whose first event was at `firstAt`. */
export const foldsInto = (notification: { firstAt: Date; readAt: Date | null }, occurredAt: Date) =>
  notification.readAt === null && occurredAt.getTime() - notification.firstAt.getTime() < FOLD_WINDOW_MS && occurredAt.getTime() >= notification.firstAt.getTime();
