import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ClaimStatus } from '../../db/tables/claims.js';
import { paginate, type PaginationInput } from '../../lib/pagination.js';
import { CLAIM_OBJECT, findUploadsOf, type CompanyScope } from '../uploads/uploads.repository.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface ClaimValues {
  status: ClaimStatus;
  clientProductId: number;
  clientProductionOrderId: number;
  amount: number;
  deliveryDate: string;
  description: string;
  immediateAction: string | null;
  rootCouse: string | null;
  correctiveActions: string | null;
}

/** A claim as stored, for the rules of a save (locked while the save runs). */
export interface StoredClaim extends ClaimValues {
  id: number;
  companyId: string;
  version: number;
}

const sortColumns = {
  id: 'c.id',
  status: 'c.status',
  orderNo: 'o.order_no',
  articleNo: 'p.article_no',
  deliveryDate: 'c.delivery_date',
  company: 'co.name',
};

/** `%text%` for ILIKE with the pattern characters of the text taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Claims with their company, product and order, within the scope. */
function claimsQuery(db: Executor, scope: CompanyScope) {
  return db
    .selectFrom('claims as c')
    .innerJoin('companies as co', 'co.id', 'c.company_id')
    .innerJoin('client_products as p', 'p.id', 'c.client_product_id')
    .innerJoin('client_production_orders as o', 'o.id', 'c.client_production_order_id')
    .$if(scope !== null, (query) => query.where('c.company_id', '=', scope as string));
}

/** The search box: id, order number, article number, product name, description or status contain the text. */
function searched(filter: string | undefined) {
  const text = filter?.trim();
  return <Q extends ReturnType<typeof claimsQuery>>(query: Q): Q => {
    if (!text) return query;
    const pattern = containing(text);
    return query.where((eb) =>
      eb.or([
        eb(sql<string>`c.id::text`, '=', text),
        eb('o.order_no', 'ilike', pattern),
        eb('p.article_no', 'ilike', pattern),
        eb('p.product_name', 'ilike', pattern),
        eb('c.description', 'ilike', pattern),
        eb(sql<string>`c.status`, 'ilike', pattern),
      ]),
    ) as Q;
  };
}

function selectClaim(query: ReturnType<typeof claimsQuery>) {
  return query.select([
    'c.id',
    'c.company_id',
    'co.name as company',
    'c.status',
    'c.client_product_id',
    'p.article_no',
    'p.product_name',
    'c.client_production_order_id',
    'o.order_no',
    'c.amount',
    'c.delivery_date',
    'c.description',
    'c.immediate_action',
    'c.root_cause',
    'c.corrective_actions',
    'c.created_at',
    'c.version',
  ]);
}

type ClaimRecord = Awaited<ReturnType<ReturnType<typeof selectClaim>['executeTakeFirstOrThrow']>>;

/** Wire shape (part 3's Claim, `rootCouse` spelled as published) with its uploads. */
async function withUploads(db: Executor, rows: ClaimRecord[]) {
  const uploads = await findUploadsOf(
    db,
    CLAIM_OBJECT,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    clientId: row.company_id,
    company: row.company,
    status: row.status,
    clientProductId: row.client_product_id,
    ClientProduct: { id: row.client_product_id, articleNo: row.article_no, productName: row.product_name },
    clientProductionOrderId: row.client_production_order_id,
    ClientProductionOrder: { id: row.client_production_order_id, orderNo: row.order_no },
    amount: row.amount,
    deliveryDate: row.delivery_date,
    description: row.description,
    immediateAction: row.immediate_action,
    rootCouse: row.root_cause,
    correctiveActions: row.corrective_actions,
    Uploads: uploads.filter((upload) => upload.objectId === row.id).map(({ id, originalFilename, mimetype }) => ({ id, originalFilename, mimetype })),
    createdAt: row.created_at.toISOString(),
    version: row.version,
  }));
}

export type Claim = Awaited<ReturnType<typeof withUploads>>[number];

/** One page of the scope's claims matching the search text, sorted and limited in SQL, and their count. */
export async function findClaims(db: Executor, scope: CompanyScope, request: { pagination: PaginationInput; filter?: string }) {
  const search = searched(request.filter);
  const [rows, total] = await Promise.all([
    paginate(selectClaim(search(claimsQuery(db, scope))), request.pagination, sortColumns, {
      sortBy: 'id',
      descending: false,
      tieBreaker: 'c.id',
    }).execute(),
    search(claimsQuery(db, scope)).select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows: await withUploads(db, rows), count: total.count };
}

/** One claim of the scope, or undefined. */
export async function findClaim(db: Executor, scope: CompanyScope, id: number): Promise<Claim | undefined> {
  const row = await selectClaim(claimsQuery(db, scope)).where('c.id', '=', id).executeTakeFirst();
  return row && (await withUploads(db, [row]))[0];
}

/** The company of a claim of the scope, or undefined when the scope has no such claim. */
export async function findClaimCompany(db: Executor, scope: CompanyScope, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('claims')
    .select('company_id')
    .where('id', '=', id)
    .$if(scope !== null, (query) => query.where('company_id', '=', scope as string))
    .executeTakeFirst();
  return row?.company_id;
}

/** Locks one claim of the scope for a save. */
export async function lockClaim(db: Executor, scope: CompanyScope, id: number): Promise<StoredClaim | undefined> {
  const row = await db
    .selectFrom('claims')
    .selectAll()
    .where('id', '=', id)
    .$if(scope !== null, (query) => query.where('company_id', '=', scope as string))
    .forUpdate()
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      companyId: row.company_id,
      status: row.status,
      clientProductId: row.client_product_id,
      clientProductionOrderId: row.client_production_order_id,
      amount: row.amount,
      deliveryDate: row.delivery_date,
      description: row.description,
      immediateAction: row.immediate_action,
      rootCouse: row.root_cause,
      correctiveActions: row.corrective_actions,
      version: row.version,
    }
  );
}

/** Locks the scope's claims among `ids` (ids outside the scope are not returned). */
export async function lockClaims(db: Executor, scope: CompanyScope, ids: number[]) {
  return db
    .selectFrom('claims')
    .select(['id', 'status', 'company_id'])
    .where('id', 'in', ids)
    .$if(scope !== null, (query) => query.where('company_id', '=', scope as string))
    .forUpdate()
    .execute();
}

const columnsOf = (values: ClaimValues) => ({
  status: values.status,
  client_product_id: values.clientProductId,
  client_production_order_id: values.clientProductionOrderId,
  amount: values.amount,
  delivery_date: values.deliveryDate,
  description: values.description,
  immediate_action: values.immediateAction,
  root_cause: values.rootCouse,
  corrective_actions: values.correctiveActions,
});

export async function insertClaim(db: Executor, companyId: string, createdBy: string, values: ClaimValues): Promise<number> {
  const row = await db
    .insertInto('claims')
    .values({ company_id: companyId, created_by: createdBy, ...columnsOf(values) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates only when `version` is still the stored one; returns false otherwise. */
export async function updateClaim(db: Executor, id: number, version: number, values: ClaimValues): Promise<boolean> {
  const result = await db
    .updateTable('claims')
    .set((eb) => ({ ...columnsOf(values), version: eb('version', '+', 1), updated_at: new Date() }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteClaimsById(db: Executor, ids: number[]) {
  await db.deleteFrom('claims').where('id', 'in', ids).execute();
}

/** A product of the scope (its company tells whose claim it makes). */
export async function findProduct(db: Executor, scope: CompanyScope, id: number) {
  return db
    .selectFrom('client_products')
    .select(['id', 'company_id'])
    .where('id', '=', id)
    .$if(scope !== null, (query) => query.where('company_id', '=', scope as string))
    .executeTakeFirst();
}

/** A production order of the scope, with whether it has an item of the product. */
export async function findOrderForProduct(db: Executor, scope: CompanyScope, orderId: number, productId: number) {
  return db
    .selectFrom('client_production_orders as o')
    .select((eb) => [
      'o.id',
      'o.company_id',
      eb
        .exists(
          eb
            .selectFrom('client_production_order_items as i')
            .select('i.id')
            .whereRef('i.order_id', '=', 'o.id')
            .where('i.client_product_id', '=', productId),
        )
        .as('hasProduct'),
    ])
    .where('o.id', '=', orderId)
    .$if(scope !== null, (query) => query.where('o.company_id', '=', scope as string))
    .executeTakeFirst();
}

/** Orders with an item of the product (of the same company as the product), matching the typed order number. */
export async function findOrdersOfProduct(db: Executor, product: { id: number; company_id: string }, filter: string | undefined, limit: number) {
  const text = filter?.trim();
  return db
    .selectFrom('client_production_orders as o')
    .select(['o.id', 'o.order_no as orderNo'])
    .where('o.company_id', '=', product.company_id)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('client_production_order_items as i')
          .select('i.id')
          .whereRef('i.order_id', '=', 'o.id')
          .where('i.client_product_id', '=', product.id),
      ),
    )
    .$if(Boolean(text), (query) => query.where('o.order_no', 'ilike', containing(text as string)))
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}
