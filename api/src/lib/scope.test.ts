import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import type { Actor } from './actor.js';
import type { ClientType, Role } from './roles.js';
import { ALL_COMPANIES, companyScopeOf, scopeOf, whereScope } from './scope.js';

/**
 * Tenancy (decisions.md): the client company is the token's `companyId` claim; client-face queries put it in their
 * `where`, so another company's id answers like a missing one. The manufacturer's staff see every company.
 */
const actor = (roles: Role[], clientType: ClientType | null, companyId: string | null): Actor => ({
  sub: 'user-1',
  roles: new Set<Role>(['guest', ...roles]),
  clientType,
  companyId,
  name: 'User',
  email: null,
});

describe('scopeOf', () => {
  it('a client user (converter, buyer or seller) sees only the company of its token', () => {
    for (const type of ['client', 'buyer', 'seller'] as const) {
      expect(scopeOf(actor([type], type, 'company-a'))).toEqual({ kind: 'company', companyId: 'company-a' });
    }
  });

  it("the manufacturer's staff (admin, operator, accountant) see every company", () => {
    for (const role of ['admin', 'operator', 'accountant'] as const) {
      expect(scopeOf(actor([role], null, null))).toEqual({ kind: 'allCompanies' });
    }
  });

  it('a token with a client type never sees more than its company, even with a staff role', () => {
    expect(scopeOf(actor(['admin', 'buyer'], 'buyer', 'company-a'))).toEqual({ kind: 'company', companyId: 'company-a' });
  });

  it('a client-type token without a company has no scope (the gate refuses it with 403 before)', () => {
    expect(() => scopeOf(actor(['client'], 'client', null))).toThrow('without a company');
  });

  it('a client-face operation is always scoped to one company', () => {
    expect(companyScopeOf(actor(['seller'], 'seller', 'company-b'))).toEqual({ kind: 'company', companyId: 'company-b' });
    expect(() => companyScopeOf(actor(['admin'], null, null))).toThrow('without a company');
  });
});

describe('whereScope', () => {
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  const uploads = () => db.selectFrom('uploads as u').select('u.id');

  it("a company's scope puts the company in the where", () => {
    const query = whereScope(uploads(), 'u.company_id', { kind: 'company', companyId: 'company-a' }).compile();
    expect(query.sql).toBe('select "u"."id" from "uploads" as "u" where "u"."company_id" = $1');
    expect(query.parameters).toEqual(['company-a']);
  });

  it('several columns: one of them must be the company', () => {
    const query = whereScope(
      db.selectFrom('claims as c').innerJoin('client_products as p', 'p.id', 'c.client_product_id').select('c.id'),
      ['c.company_id', 'p.seller_company_id'],
      { kind: 'company', companyId: 'company-a' },
    ).compile();
    expect(query.sql).toContain('where ("c"."company_id" = $1 or "p"."seller_company_id" = $2)');
    expect(query.parameters).toEqual(['company-a', 'company-a']);
  });

  it('every company: the query is left as it is', () => {
    expect(whereScope(uploads(), 'u.company_id', ALL_COMPANIES).compile().sql).toBe('select "u"."id" from "uploads" as "u"');
  });

  it('updates and deletes are scoped the same way', () => {
    const scope = { kind: 'company', companyId: 'company-a' } as const;
    expect(whereScope(db.deleteFrom('uploads').where('id', '=', 1), 'company_id', scope).compile().sql).toBe(
      'delete from "uploads" where "id" = $1 and "company_id" = $2',
    );
    expect(whereScope(db.updateTable('claims').set({ version: 2 }), 'company_id', scope).compile().sql).toBe(
      'update "claims" set "version" = $1 where "company_id" = $2',
    );
  });
});
