import type {
  DeleteQueryBuilder,
  ExpressionBuilder,
  ReferenceExpression,
  SelectQueryBuilder,
  StringReference,
  UpdateQueryBuilder,
  WhereInterface,
} from 'kysely';
import type { Actor } from './actor.js';

/** A client company's rows only: a client-face caller (client, buyer or seller) sees its own company. */
export interface CompanyScope {
  readonly kind: 'company';
  readonly companyId: string;
}

/** Every company's rows: the manufacturer's staff (admin, operator, accountant). */
export interface AllCompanies {
  readonly kind: 'allCompanies';
}

/**
 * Which companies' rows a caller may see ("which company may this caller see"), built once from the actor by
 * `scopeOf` and passed to every repository that filters by company. There is no null meaning "every company":
 * a repository either gets a company or is told, by name, that the caller sees them all.
 */
export type Scope = CompanyScope | AllCompanies;

export const ALL_COMPANIES: AllCompanies = { kind: 'allCompanies' };

/**
 * The scope of a caller: a client-face user (any client type) sees only the company of its token, staff see every
 * company. A client type wins over a staff role, so a token holding both never sees more than its company.
 * A client-type token without a company never gets here (the gate answers 403); it throws all the same.
 */
export function scopeOf(actor: Actor): Scope {
  if (actor.clientType) {
    if (!actor.companyId) throw new Error('client-face operation called without a company');
    return { kind: 'company', companyId: actor.companyId };
  }
  return ALL_COMPANIES;
}

/**
 * The scope of a caller of a client-face operation (its `x-roles` are client types only): always one company.
 * Throws for a caller without a client type, which the gate never lets through.
 */
export function companyScopeOf(actor: Actor): CompanyScope {
  const scope = scopeOf(actor);
  if (scope.kind !== 'company') throw new Error('client-face operation called without a company');
  return scope;
}

/**
 * Limits a query to the scope: for a company, one of `columns` must be that company (several columns are or-ed:
 * "the company filed it, or the product is the company's"); every company's rows leave the query as it is.
 */
export function whereScope<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: ScopeColumns<DB, TB>,
  scope: Scope,
): SelectQueryBuilder<DB, TB, O>;
export function whereScope<DB, UT extends keyof DB, TB extends keyof DB, O>(
  query: UpdateQueryBuilder<DB, UT, TB, O>,
  columns: ScopeColumns<DB, TB>,
  scope: Scope,
): UpdateQueryBuilder<DB, UT, TB, O>;
export function whereScope<DB, TB extends keyof DB, O>(
  query: DeleteQueryBuilder<DB, TB, O>,
  columns: ScopeColumns<DB, TB>,
  scope: Scope,
): DeleteQueryBuilder<DB, TB, O>;
export function whereScope<DB, TB extends keyof DB>(query: WhereInterface<DB, TB>, columns: ScopeColumns<DB, TB>, scope: Scope) {
  if (scope.kind === 'allCompanies') return query;
  const list = (Array.isArray(columns) ? columns : [columns]) as ReferenceExpression<DB, TB>[];
  return query.where((eb: ExpressionBuilder<DB, TB>) => eb.or(list.map((column) => eb(column, '=', scope.companyId as never))));
}

/** A column reference (`'o.company_id'`) holding a company id, or several of them. */
type ScopeColumns<DB, TB extends keyof DB> = StringReference<DB, TB> | readonly StringReference<DB, TB>[];
