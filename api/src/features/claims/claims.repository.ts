import { sql, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import { executePrepared, executeRows, type Database } from '../../db/database.js';
import { keptRowCount } from '../../db/row-counts.js';
import type { ClaimStatus, ClaimTable, StoredEightD } from '../../db/tables/claims.js';
import type { Schemas } from '../../lib/contract.js';
import { versionedUpdate } from '../../db/versioned-update.js';
import { isDefaultSort, paginate, type PaginationInput } from '../../lib/pagination.js';
import { orderableBy } from '../orders/orders.products.js';
import type { Scope } from '../../lib/scope.js';
import { CLAIM_OBJECT, findUploadsOf } from './uploads.repository.js';
import { likePattern } from '../../lib/search.js';
import { groupBy } from '../../lib/group-by.js';

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
  /** The 8D texts (D0–D8), sparse as stored. */
  eightD: StoredEightD;
}

/** The 8D report's text disciplines, by wire name (D2, a nested object, apart). */
export const EIGHT_D_TEXTS = [
  'preparation',
  'team',
  'containment',
  'rootCause',
  'escapePoint',
  'correctiveActions',
  'validation',
  'prevention',
  'recognition',
] as const;
/** D2's 5W2H questions, by wire name. */
export const EIGHT_D_PROBLEM = ['what', 'where', 'when', 'who', 'why', 'how', 'howMany'] as const;

/** The wire's 8D report of a stored one: every discipline present (null when never written). */
export function eightDOf(stored: StoredEightD, trace: Schemas['ContainmentFromTrace'] | null, staff: boolean): Schemas['Claim8D'] {
  // Plain loops, not Object.fromEntries of mapped pairs: this runs for every claim of every list page.
  const problem = {} as Record<(typeof EIGHT_D_PROBLEM)[number], string | null>;
  for (const key of EIGHT_D_PROBLEM) problem[key] = stored.problem?.[key] ?? null;
  const texts = {} as Record<(typeof EIGHT_D_TEXTS)[number], string | null>;
  for (const key of EIGHT_D_TEXTS) texts[key] = stored[key] ?? null;
  // D3's list names other clients and their orders: the staff's only.
  return { ...texts, problem, ...(staff ? { containmentFromTrace: trace } : {}) };
}

/** A claim as stored, for the rules of a save (locked while the save runs). */
export interface StoredClaim extends ClaimValues {
  id: number;
  companyId: string;
  version: number;
}

type ClaimColumns = Pick<Selectable<ClaimTable>, 'amount' | 'delivery_date' | 'description' | 'immediate_action' | 'root_cause' | 'corrective_actions'>;

/** The claim's own fields as the wire names them (`rootCouse` spelled as published), read alike for the list and a save. */
const claimFields = (row: ClaimColumns) => ({
  amount: row.amount,
  deliveryDate: row.delivery_date,
  description: row.description,
  immediateAction: row.immediate_action,
  rootCouse: row.root_cause,
  correctiveActions: row.corrective_actions,
});

const sortColumns = {
  id: 'c.id',
  status: 'c.status',
  orderNo: 'o.order_no',
  articleNo: 'p.article_no',
  deliveryDate: 'c.delivery_date',
  company: 'co.name',
};


/**
 * Claims with their company, product and order, within the scope. A client company sees the claims it filed and
 * those filed about its products by others (a buyer's claim about a seller's product assigned to it, or about a
 * product the company makes for the buyer as its seller): the seller whose product it is reads them too.
 *
 * The scope is a condition on the claim's own columns (the company that filed it, or a product of the company's or
 * sold by it), not on the joined product: the claims of one company are then read through the claims' company and
 * product indexes (a bitmap of a few hundred claims) instead of every claim joined to its product and filtered.
 */
function claimsQuery(db: Executor, scope: Scope) {
  const query = db
    .selectFrom('claims as c')
    .innerJoin('companies as co', 'co.id', 'c.company_id')
    .innerJoin('client_products as p', 'p.id', 'c.client_product_id')
    .innerJoin('client_production_orders as o', 'o.id', 'c.client_production_order_id');
  return scope.kind === 'allCompanies' ? query : query.where(claimsOfCompany(scope.companyId));
}

/** The claims a company sees, on the claim's columns alone (the same rows as `c.company_id`, `p.company_id` or `p.seller_company_id`). */
const claimsOfCompany = (companyId: string) =>
  sql<boolean>`(c.company_id = ${companyId} or c.client_product_id = any(array(
    select cp.id from client_products cp where cp.company_id = ${companyId} or cp.seller_company_id = ${companyId})))`;

/** U+001F joins the texts of `claim_search_texts.search_text` (the claim-search-texts module). */
const SEARCH_TEXT_SEPARATOR = '\u001f';

/**
 * The search box: id, order number, article number, product name, description or status contain the text; on the
 * admin face (every company) also the company name the list shows.
 *
 * It reads `claim_search_texts` (one row per claim: those texts lower-cased and joined by U+001F, the company's name
 * last, kept by triggers): `LIKE lower(pattern)` holds exactly when one of the texts ILIKEs the pattern (ILIKE
 * lower-cases both sides; a text without the separator cannot match across two). The staff's search reads it
 * through its trigram index, and counts it alone; a company's search (a few hundred claims, read by the scope's
 * indexes) leaves out the last text, the company name, which the client face does not show. No condition needs the
 * claim's company, product or order, so a count reads no join.
 * A text holding the separator (the API refuses control characters, so only a direct caller) searches the columns.
 */
function searched(filter: string | undefined, scope: Scope) {
  const text = filter?.trim();
  return <Q extends ReturnType<typeof claimsQuery>>(query: Q): Q => {
    if (!text) return query;
    const onClaims = searchOnClaims(text, scope);
    if (onClaims) return query.where(onClaims) as Q;
    const pattern = likePattern(text);
    const id = claimIdOf(text);
    return query.where((eb) =>
      eb.or([
        ...(id === undefined ? [] : [eb('c.id', '=', id)]),
        eb('o.order_no', 'ilike', pattern),
        eb('p.article_no', 'ilike', pattern),
        eb('p.product_name', 'ilike', pattern),
        eb('c.description', 'ilike', pattern),
        eb(sql<string>`c.status`, 'ilike', pattern),
        ...(scope.kind === 'allCompanies' ? [eb('co.name', 'ilike', pattern)] : []),
      ]),
    ) as Q;
  };
}

/** The search as a condition on the claim (no join to its company, product or order), or undefined for a text holding the separator. */
function searchOnClaims(text: string, scope: Scope): RawBuilder<boolean> | undefined {
  const matching = searchTextMatches(text, scope);
  if (!matching) return undefined;
  // The staff's: a semi-join the planner may drive from the trigram index. A company's: looked up for each of its
  // claims (a few hundred, by primary key), never a scan of every claim's text.
  return scope.kind === 'allCompanies'
    ? sql<boolean>`exists (select 1 from claim_search_texts s where s.claim_id = c.id and ${matching})`
    : sql<boolean>`coalesce((select ${matching} from claim_search_texts s where s.claim_id = c.id), false)`;
}

/** The search on `claim_search_texts s` (its text, or the claim's id), or undefined for a text holding the separator. */
function searchTextMatches(text: string, scope: Scope): RawBuilder<boolean> | undefined {
  if (text.includes(SEARCH_TEXT_SEPARATOR)) return undefined;
  const pattern = likePattern(text);
  const id = claimIdOf(text);
  // A company's search: the texts before the last separator (without the company name).
  const searchedText =
    scope.kind === 'allCompanies' ? sql`s.search_text` : sql`left(s.search_text, -position(chr(31) in reverse(s.search_text)))`;
  return id === undefined
    ? sql<boolean>`${searchedText} like lower(${pattern})`
    : sql<boolean>`(${searchedText} like lower(${pattern}) or s.claim_id = ${id})`;
}

/** The claim id a search text names exactly (`c.id::text = text`): digits without a leading zero, within the id's range. */
function claimIdOf(text: string): number | undefined {
  if (!/^(0|[1-9][0-9]{0,9})$/.test(text)) return undefined;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : undefined;
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
    'c.eight_d',
    'c.containment_trace',
    'c.created_at',
    'c.version',
  ]);
}

type ClaimRecord = Awaited<ReturnType<ReturnType<typeof selectClaim>['executeTakeFirstOrThrow']>>;

/** Wire shape (part 3's Claim, `rootCouse` spelled as published) with its uploads. */
async function withUploads(db: Executor, scope: Scope, rows: ClaimRecord[]) {
  const uploads = groupBy(
    await findUploadsOf(
      db,
      CLAIM_OBJECT,
      rows.map((row) => row.id),
    ),
    (upload) => upload.objectId,
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
    ...claimFields(row),
    eightD: eightDOf(row.eight_d, row.containment_trace, scope.kind === 'allCompanies'),
    Uploads: (uploads.get(row.id) ?? []).map(({ id, originalFilename, mimetype }) => ({ id, originalFilename, mimetype })),
    createdAt: row.created_at.toISOString(),
    version: row.version,
  }));
}

export type Claim = Awaited<ReturnType<typeof withUploads>>[number];

/**
 * How many claims the list has. Every claim has its company, product and order (NOT NULL foreign keys), so the joins
 * drop none: the scope and the search are conditions on the claim's own columns, and the claims table alone is
 * counted, through the scope's or the search's indexes, instead of a four-table join; every claim is the number kept.
 * A searched count stops at `bound` + 1 matching claims (a `limit` inside the count): a text every claim holds then
 * reads about a thousand texts, not all 50,000; whether it stopped is `bounded`.
 */
async function countClaims(db: Executor, scope: Scope, filter: string | undefined, bound: number): Promise<{ count: number; bounded: boolean }> {
  const text = filter?.trim();
  if (!text) {
    // Every claim: the number kept beside them (the row-counts module), not every index entry counted.
    // Prepared (findPage says why): two fixed texts, one per kind of scope.
    const count =
      scope.kind === 'allCompanies'
        ? await keptRowCount(db, 'claims')
        : (await executePrepared(db, db.selectFrom('claims as c').where(claimsOfCompany(scope.companyId)).select(sql<number>`count(*)::int`.as('count')))).rows[0]!.count;
    return { count, bounded: false };
  }
  const counted = await countUpTo(db, matchingClaims(db, scope, text), bound + 1);
  return counted > bound ? { count: bound, bounded: true } : { count: counted, bounded: false };
}

/**
 * The claims of the scope matching a (non-blank) search text, as rows to count. Raw SQL around the conditions rather
 * than a query builder, so that the count is one statement however its parts are built (a builder embedded in `sql` is
 * compiled apart, and a recorder of compiled builders counts it as another statement).
 */
function matchingClaims(db: Executor, scope: Scope, text: string) {
  // The staff's search: the narrow table of texts alone (one row per claim).
  const matching = scope.kind === 'allCompanies' ? searchTextMatches(text, scope) : undefined;
  if (matching) return sql`select 1 from claim_search_texts s where ${matching}`;
  // A company's: its claims, each looked up in the texts (searchOnClaims).
  const onClaims = searchOnClaims(text, scope);
  if (onClaims && scope.kind === 'company') return sql`select 1 from claims c where ${claimsOfCompany(scope.companyId)} and ${onClaims}`;
  // A text holding the separator (only a direct caller: the API refuses it): the columns of the joined tables.
  return searched(text, scope)(claimsQuery(db, scope)).select(sql`1`.as('one'));
}

/** How many rows `rows` answers, reading at most `limit` of them. */
async function countUpTo(db: Executor, rows: ReturnType<typeof matchingClaims>, limit: number) {
  const result = await sql<{ count: number }>`select count(*)::int as count from (${rows} limit ${limit}) m`.execute(db);
  return result.rows[0]!.count;
}

/** The sort keys on the claim's own columns (the others sort by a joined table's column). */
const OWN_SORT_KEYS = new Set(['id', 'status', 'deliveryDate']);
const LIST_ORDER = { sortBy: 'id', descending: false, tieBreaker: 'c.id' };

/**
 * One page of the list, with each claim's company, product and order. A company's page sorted by the claim's own
 * columns (the default: id) is picked from its claims alone, then joined: the scope's claims (and its search, on their
 * own columns) in a subquery the planner keeps apart (`offset 0`), a bitmap of the scope's indexes (a few hundred
 * claims), sorted, 20 taken, and only those joined. Joined first, the planner walked every claim in id order to find
 * the company's first 20 (every claim, for a company with few), or joined the
 * company's claims to every order by hash.
 *
 * A company's first page load (no search text, the default sort) runs prepared, as does the count without a search:
 * planned for about as long as they ran, and their generic plans are as good as the custom plans for the
 * largest company and one without claims (docs/performance.md). Not every company's page: its generic plan walks the
 * claims' id index through the offset, and on a deep page that costs more than the
 * custom plan's sort. Searches and other sorts run unnamed: a text per sort, and a search's plan depends on how
 * common its text is.
 */
function findPage(db: Executor, scope: Scope, request: { pagination: PaginationInput; filter?: string }) {
  const text = request.filter?.trim();
  const onClaims = text ? searchOnClaims(text, scope) : sql<boolean>`true`;
  const { sortBy, descending, page, rowsPerPage } = request.pagination;
  const prepare = scope.kind === 'company' && !text && isDefaultSort(request.pagination, sortColumns, LIST_ORDER);
  if (scope.kind === 'allCompanies' || !onClaims || (sortBy && !OWN_SORT_KEYS.has(sortBy))) {
    return executeRows(db, paginate(selectClaim(searched(request.filter, scope)(claimsQuery(db, scope))), request.pagination, sortColumns, LIST_ORDER), prepare);
  }
  // As paginate sorts: the key (id by default) then the id, both in the asked direction (ascending by default).
  const direction = sortBy && descending ? sql`desc` : sql`asc`;
  const picked = sql<Selectable<ClaimTable>>`(
    select * from (select c.* from claims c where ${claimsOfCompany(scope.companyId)} and ${onClaims} offset 0) c
     order by ${sql.ref(sortColumns[(sortBy ?? 'id') as keyof typeof sortColumns])} ${direction}, c.id ${direction}
     limit ${rowsPerPage} offset ${(page - 1) * rowsPerPage})`;
  // The page's claims under the name `c`, joined as claimsQuery joins them: selectClaim and the sort apply alike.
  const joined = db
    .selectFrom(picked.as('c'))
    .innerJoin('companies as co', 'co.id', 'c.company_id')
    .innerJoin('client_products as p', 'p.id', 'c.client_product_id')
    .innerJoin('client_production_orders as o', 'o.id', 'c.client_production_order_id') as unknown as ReturnType<typeof claimsQuery>;
  return executeRows(db, paginate(selectClaim(joined), { ...request.pagination, page: 1 }, sortColumns, LIST_ORDER), prepare);
}

/**
 * One page of the scope's claims matching the search text, sorted and limited in SQL, and their count: exact without
 * a search text, else counted up to `countBound` (`countIsLowerBound` when more match).
 */
export async function findClaims(db: Executor, scope: Scope, request: { pagination: PaginationInput; filter?: string }, countBound: number) {
  const [rows, total] = await Promise.all([
    findPage(db, scope, request),
    countClaims(db, scope, request.filter, countBound),
  ]);
  return { rows: await withUploads(db, scope, rows), count: total.count, countIsLowerBound: total.bounded };
}

/** One claim of the scope, or undefined. */
export async function findClaim(db: Executor, scope: Scope, id: number): Promise<Claim | undefined> {
  const row = await selectClaim(claimsQuery(db, scope)).where('c.id', '=', id).executeTakeFirst();
  return row && (await withUploads(db, scope, [row]))[0];
}

/** The company (filer) of a claim the scope sees, or undefined when the scope sees no such claim. */
export async function findClaimCompany(db: Executor, scope: Scope, id: number): Promise<string | undefined> {
  const row = await claimsQuery(db, scope).select('c.company_id').where('c.id', '=', id).executeTakeFirst();
  return row?.company_id;
}

/** Locks one claim the scope sees for a save (the service refuses a claim another company filed). */
export async function lockClaim(db: Executor, scope: Scope, id: number): Promise<StoredClaim | undefined> {
  const row = await db
    .selectFrom('claims')
    .selectAll()
    .where('id', '=', id)
    .where('id', 'in', claimsQuery(db, scope).select('c.id').where('c.id', '=', id))
    .forUpdate()
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      companyId: row.company_id,
      status: row.status,
      clientProductId: row.client_product_id,
      clientProductionOrderId: row.client_production_order_id,
      ...claimFields(row),
      eightD: row.eight_d,
      version: row.version,
    }
  );
}

/** Locks the claims among `ids` that the scope sees (others are not returned). */
export async function lockClaims(db: Executor, scope: Scope, ids: number[]) {
  return db
    .selectFrom('claims')
    .select(['id', 'status', 'company_id'])
    .where('id', 'in', ids)
    .where('id', 'in', claimsQuery(db, scope).select('c.id').where('c.id', 'in', ids))
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
  eight_d: JSON.stringify(values.eightD),
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
  const result = await versionedUpdate(db, 'claims', version, columnsOf(values))
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Writes D3's list from the trace when `version` is still the stored one; returns false otherwise. */
export async function updateContainmentTrace(db: Executor, id: number, version: number, trace: Schemas['ContainmentFromTrace']): Promise<boolean> {
  const result = await versionedUpdate(db, 'claims', version, { containment_trace: JSON.stringify(trace) })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteClaimsById(db: Executor, ids: number[]) {
  await db.deleteFrom('claims').where('id', 'in', ids).execute();
}

/** A product, with whether `companyId` can order it (its own, or a seller's product assigned to it). */
export async function findProductFor(db: Executor, companyId: string, id: number) {
  return db
    .selectFrom('client_products')
    .select((eb) => ['id', 'company_id', orderableBy(companyId)(eb).as('orderable')])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A production order, with whether it has an item of the product. */
export async function findOrderForProduct(db: Executor, orderId: number, productId: number) {
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
    .executeTakeFirst();
}

/** Orders of the company with an item of the product, matching the typed order number. */
export async function findOrdersOfProduct(db: Executor, companyId: string, productId: number, filter: string | undefined, limit: number) {
  const text = filter?.trim();
  return db
    .selectFrom('client_production_orders as o')
    .select(['o.id', 'o.order_no as orderNo'])
    .where('o.company_id', '=', companyId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('client_production_order_items as i')
          .select('i.id')
          .whereRef('i.order_id', '=', 'o.id')
          .where('i.client_product_id', '=', productId),
      ),
    )
    .$if(Boolean(text), (query) => query.where('o.order_no', 'ilike', likePattern(text as string)))
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}

/** The live products the company can order, by article number, matching the typed article number or name. */
export async function findClaimableProducts(db: Executor, companyId: string, filter: string | undefined, limit: number) {
  const text = filter?.trim();
  return db
    .selectFrom('client_products')
    .select(['id', 'article_no as articleNo', 'product_name as productName'])
    .where(orderableBy(companyId))
    .where('deleted_at', 'is', null)
    .$if(Boolean(text), (query) =>
      query.where((eb) => eb.or([eb('article_no', 'ilike', likePattern(text as string)), eb('product_name', 'ilike', likePattern(text as string))])),
    )
    .orderBy('article_no')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Whether the company exists (a client the admin can log a claim for). */
export async function companyExists(db: Executor, companyId: string) {
  return Boolean(await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst());
}
