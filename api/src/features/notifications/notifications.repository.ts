import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import type { EventActorKind, EventType } from '../../db/tables/events.js';
import type { StoredEvent } from '../events/events.repository.js';
import { paginate, type PaginationInput } from '../../lib/pagination.js';

type Executor = Db | Transaction<Database>;

/** The channel that tells the API's streams a person's notifications changed (payload: their subject). */
export const NOTIFICATIONS_CHANNEL = 'notifications';

/** An event as the log holds it (the events list's row, without its public id). */
export type LoggedEvent = Omit<StoredEvent, 'id'>;

/** Locks the job's cursor (held until the transaction ends: one run at a time) and answers it. */
export async function lockCursor(trx: Transaction<Database>): Promise<string> {
  await trx.insertInto('notification_cursor').values({ sequence: 0 }).onConflict((oc) => oc.column('id').doNothing()).execute();
  const row = await trx.selectFrom('notification_cursor').select('sequence').forUpdate().executeTakeFirstOrThrow();
  return row.sequence;
}

export async function advanceCursor(trx: Transaction<Database>, sequence: string): Promise<void> {
  await trx.updateTable('notification_cursor').set({ sequence }).execute();
}

export function eventsAfter(trx: Transaction<Database>, after: string, limit: number): Promise<LoggedEvent[]> {
  return trx
    .selectFrom('events')
    .select(['sequence', 'type', 'occurred_at', 'company_id', 'record_type', 'record_id', 'actor_kind', 'actor_id', 'data'])
    .where('sequence', '>', after as never)
    .orderBy('sequence')
    .limit(limit)
    .execute() as Promise<LoggedEvent[]>;
}

/** An order item's order, its ordering company and the companies that make or sell its product. */
export interface ItemFacts {
  itemId: number;
  orderId: number;
  orderNo: string;
  orderingCompany: string;
  productCompany: string;
  sellerCompany: string | null;
}

export async function itemFacts(trx: Executor, itemIds: number[]): Promise<Map<number, ItemFacts>> {
  if (!itemIds.length) return new Map();
  const rows = await trx
    .selectFrom('client_production_order_items as i')
    .innerJoin('client_production_orders as o', 'o.id', 'i.order_id')
    .innerJoin('client_products as cp', 'cp.id', 'i.client_product_id')
    .select(['i.id as itemId', 'o.id as orderId', 'o.order_no as orderNo', 'o.company_id as orderingCompany', 'cp.company_id as productCompany', 'cp.seller_company_id as sellerCompany'])
    .where('i.id', 'in', itemIds)
    .execute();
  return new Map(rows.map((row) => [row.itemId, row as ItemFacts]));
}

export async function orderNumbers(trx: Executor, orderIds: number[]): Promise<Map<number, string>> {
  if (!orderIds.length) return new Map();
  const rows = await trx.selectFrom('client_production_orders').select(['id', 'order_no']).where('id', 'in', orderIds).execute();
  return new Map(rows.map((row) => [row.id, row.order_no]));
}

/** The display names of the people among `ids` (subjects that are not the directory's users are left out). */
export async function namesOf(trx: Executor, ids: string[]): Promise<Map<string, string>> {
  const uuids = ids.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
  if (!uuids.length) return new Map();
  const rows = await trx.selectFrom('users').select(['id', 'first_name', 'last_name', 'username']).where('id', 'in', uuids).execute();
  return new Map(rows.map((row) => [row.id, [row.first_name, row.last_name].filter(Boolean).join(' ') || row.username]));
}

export interface NewNotification {
  userId: string;
  companyId: string | null;
  kind: EventType;
  recordType: string;
  recordId: string;
  orderId: number | null;
  label: string | null;
  foldKey: string;
  actorKind: EventActorKind;
  actorId: string;
  actorName: string | null;
  data: Record<string, unknown>;
  sequence: string;
  occurredAt: Date;
}

/** The person's newest unread notification of a kind on a fold key, locked: the one a new event may fold into. */
export function unreadToFold(trx: Transaction<Database>, userId: string, kind: EventType, foldKey: string) {
  return trx
    .selectFrom('notifications')
    .select(['id', 'first_at', 'read_at', 'actor_id'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('fold_key', '=', foldKey)
    .where('read_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

/** Folds one more event into a notification: its count, its last event, and who (the last actor). */
export async function fold(trx: Transaction<Database>, id: number, next: NewNotification): Promise<void> {
  await trx
    .updateTable('notifications')
    .set({
      count: sql<number>`count + 1`,
      last_sequence: next.sequence,
      occurred_at: next.occurredAt,
      record_type: next.recordType,
      record_id: next.recordId,
      actor_kind: next.actorKind,
      actor_id: next.actorId,
      actor_name: next.actorName,
      data: JSON.stringify(next.data),
    })
    .where('id', '=', id)
    .execute();
}

export async function insertNotification(trx: Transaction<Database>, row: NewNotification): Promise<number> {
  const inserted = await trx
    .insertInto('notifications')
    .values({
      user_id: row.userId,
      company_id: row.companyId,
      kind: row.kind,
      record_type: row.recordType,
      record_id: row.recordId,
      order_id: row.orderId,
      label: row.label,
      fold_key: row.foldKey,
      actor_kind: row.actorKind,
      actor_id: row.actorId,
      actor_name: row.actorName,
      data: JSON.stringify(row.data),
      first_sequence: row.sequence,
      last_sequence: row.sequence,
      first_at: row.occurredAt,
      occurred_at: row.occurredAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Tells the API's streams, at commit, that these people's notifications changed. */
export async function announce(trx: Transaction<Database>, userIds: Iterable<string>): Promise<void> {
  for (const userId of new Set(userIds)) await sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${userId})`.execute(trx);
}

const sortColumns = { occurredAt: 'n.occurred_at' };

export async function findPage(db: Executor, userId: string, pagination: PaginationInput, unreadOnly: boolean) {
  let query = db
    .selectFrom('notifications as n')
    .leftJoin('companies as c', 'c.id', 'n.company_id')
    .select([
      'n.id',
      'n.kind',
      'n.record_type',
      'n.record_id',
      'n.order_id',
      'n.label',
      'c.name as company',
      'n.actor_kind',
      'n.actor_id',
      'n.actor_name',
      'n.count',
      'n.data',
      'n.occurred_at',
      'n.read_at',
    ])
    .where('n.user_id', '=', userId);
  if (unreadOnly) query = query.where('n.read_at', 'is', null);
  const total = db
    .selectFrom('notifications')
    .where('user_id', '=', userId)
    .$if(unreadOnly, (q) => q.where('read_at', 'is', null))
    .select(sql<number>`count(*)::int`.as('count'));
  const [rows, count] = await Promise.all([
    paginate(query, pagination, sortColumns, { sortBy: 'occurredAt', descending: true, tieBreaker: 'n.id' }).execute(),
    total.executeTakeFirstOrThrow(),
  ]);
  return { rows, count: count.count };
}

export async function countUnread(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.count;
}

/** The person's notifications among `ids` (to tell theirs from others'). */
export async function ownIds(trx: Transaction<Database>, userId: string, ids: number[]): Promise<number[]> {
  const rows = await trx.selectFrom('notifications').select('id').where('user_id', '=', userId).where('id', 'in', ids).forUpdate().execute();
  return rows.map((row) => row.id);
}

export async function markRead(trx: Transaction<Database>, userId: string, at: Date, ids?: number[]): Promise<number> {
  let query = trx.updateTable('notifications').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

const failedSort = { failedAt: 'm.failed_at', createdAt: 'm.created_at' };

/** The notification e-mails that failed every retry (not sent since), with their person and kinds, and their count. */
export async function findFailedMails(db: Executor, pagination: PaginationInput) {
  const failed = db.selectFrom('notification_mails as m').where('m.failed_at', 'is not', null).where('m.sent_at', 'is', null);
  const query = failed
    .leftJoin('users as u', (join) => join.on(sql<string>`u.id::text`, '=', sql.ref('m.user_id')))
    .select([
      'm.id',
      'm.user_id',
      'm.digest',
      'm.attempts',
      'm.last_error',
      'm.created_at',
      'm.failed_at',
      'u.email',
      'u.username',
      sql<string | null>`nullif(concat_ws(' ', u.first_name, u.last_name), '')`.as('full_name'),
      sql<EventType[]>`array(select distinct n.kind from notifications n where n.mail_id = m.id order by 1)`.as('kinds'),
    ]);
  const [rows, total] = await Promise.all([
    paginate(query, pagination, failedSort, { sortBy: 'failedAt', descending: true, tieBreaker: 'm.id' }).execute(),
    failed.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: total.count };
}

/** Takes a failed e-mail back for another round of retries (in the caller's transaction); false when it has not failed. */
export async function takeBackFailedMail(trx: Transaction<Database>, id: number): Promise<boolean> {
  const row = await trx
    .updateTable('notification_mails')
    .set({ failed_at: null })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where('failed_at', 'is not', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
