/**
 * One domain, one name, one owner (issue 12, item 1). Every tag of the contract is one `.tsp` file of the same name,
 * and the same name is a folder on every side: `generated/web/endpoints/<tag>`, `api/src/features/<tag>` (whose
 * `<tag>.handlers.ts` implements exactly that tag's operations), `web/src/features/<tag>` and, when the domain has
 * tables, `api/src/db/tables/<tag>.ts`. No folder exists under another name.
 *
 * Ownership: a domain's tables (the `…Tables` interface of its tables file) are written — insert, update, delete —
 * only by code in its own feature folder. Other domains may read them in their SQL (a list is one statement with
 * its joins, issue 14's "at most 3 statements"), but only the reads declared below: a new dependency between
 * domains is a reviewed change to this file, not an accident.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operations } from './openapi.js';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const folders = (path: string) =>
  readdirSync(new URL(path, root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
const files = (path: string) => readdirSync(new URL(path, root)).sort();

/** Operation ids by tag, from the published document. */
const byTag = new Map<string, string[]>();
for (const [, operation] of operations) {
  const tags = (operation as { tags?: string[] }).tags ?? [];
  expect(tags).toHaveLength(1);
  byTag.set(tags[0], [...(byTag.get(tags[0]) ?? []), operation.operationId!]);
}
const tags = [...byTag.keys()].sort();

/** Tags without screens of their own, and why. */
const withoutWebFolder: Record<string, string> = {
  session: 'the app shell (web/src/app) signs in and asks GET /api/me; no page of its own',
  events: 'the event log is read by integrators (and shown per delivery on the webhooks screen); no page of its own',
};

/** Tables files that are no domain's: column types and the request plumbing's tables (api/src/lib, api/src/plugins). */
const sharedTablesFiles = ['core'];

/**
 * Which other domains' tables each domain reads in its SQL. Writes are never allowed across domains.
 * Mostly names for lists (companies, products) and the order a claim or an invoice refers to.
 */
const declaredReads: Record<string, string[]> = {
  // An API client's company, by name in the list and its client type for the roles it may hold.
  apiclients: ['companies'],
  claims: ['client_production_order_items', 'client_production_orders', 'client_products', 'companies'],
  clients: ['client_production_order_items', 'client_production_orders', 'companies', 'preform_warehouses', 'preforms'],
  downtime: ['client_products', 'companies'],
  invoices: ['client_details', 'client_production_orders', 'companies', 'users'],
  // Issue 17: a lot's delivery (supply order, supplier), what production recorded (entries, items, products), and for the
  // recall and traces the orders, companies, contacts, invoices and claims of the items that used it; stock by lot.
  lots: [
    'claims', 'client_details', 'client_production_order_items', 'client_production_orders', 'client_products', 'companies', 'invoice_lines',
    'invoices', 'manufacturers', 'preform_stock', 'preform_supplies', 'preform_warehouses', 'preforms', 'produced_entries', 'supply_orders',
  ],
  // Issue 15: machines, shifts and stops, the products' rates, claims' rejected bottles, the banner's open items.
  machines: ['claims', 'client_details', 'client_production_order_items', 'client_production_orders', 'client_products', 'companies', 'downtime_causes', 'downtime_history'],
  // The notifications' job reads the event log after its cursor, the item's order and product (who orders, who sells) and
  // the directory's users (who hears it, by their roles); the inbox names the record's company.
  notifications: ['client_production_order_items', 'client_production_orders', 'client_products', 'companies', 'events', 'users'],
  orders: ['client_production_plan_items', 'client_production_plans', 'client_products', 'companies', 'invoice_lines', 'invoices', 'product_buyers'],
  plans: ['client_products'],
  portfolio: ['client_products', 'companies', 'downtime_causes', 'downtime_history', 'preform_stock', 'preform_warehouses', 'preforms'],
  preforms: ['client_products', 'manufacturers', 'preform_warehouses', 'supply_orders'],
  // Statistics read the items and orders; the delivery figures (issue 16) read their own sums (kept by triggers on the
  // items, orders, forecasts and supply orders) with the products', companies' and manufacturers' names.
  stats: ['client_production_order_items', 'client_production_orders', 'client_products', 'companies', 'manufacturers'],
  stock: ['preforms'],
  // The supply plan (issue 16) joins what the requirements are made of: open items, forecasts, stock and consumption.
  supply: [
    'client_production_order_items', 'client_production_orders', 'client_production_plan_items', 'client_production_plans', 'client_products', 'companies',
    'lots', 'manufacturers', 'preform_stock', 'preform_stock_movements', 'preform_supplies', 'preform_warehouses', 'preforms',
  ],
  // Issue 45: a delivered line's recycled content comes from the lots its production records took (consumptions, the
  // lot, its preform's weight and material, its supplier) and it is delivered once invoiced; lines are named by order,
  // product and company.
  sustainability: [
    'client_production_order_items', 'client_production_orders', 'client_products', 'companies', 'invoice_lines', 'invoices', 'lot_consumptions', 'lots',
    'manufacturers', 'preforms',
  ],
  // A delivery's list names its event (id and type), and the fan-out matches new events to endpoints.
  webhooks: ['events'],
};

/** Table name → owning domain, from each tables file's `…Tables` interface. */
const owners = new Map<string, string>();
for (const file of files('api/src/db/tables/')) {
  const domain = file.replace(/\.ts$/, '');
  const body = /export interface \w+Tables \{([\s\S]*?)\n\}/.exec(read(`api/src/db/tables/${file}`))?.[1] ?? '';
  for (const [, table] of body.matchAll(/^\s+(\w+):/gm)) owners.set(table, domain);
}

/** Production source files of a feature folder (tests and their fixtures excluded). */
const sources = (domain: string) =>
  files(`api/src/features/${domain}/`)
    .filter((file) => file.endsWith('.ts') && !/\.test\.ts$|\.fixtures\.ts$|\.test-utils\.ts$/.test(file))
    .map((file) => ({ file: `api/src/features/${domain}/${file}`, text: read(`api/src/features/${domain}/${file}`) }));

const tablesIn = (text: string, pattern: RegExp) => new Set([...text.matchAll(pattern)].map((match) => match[1]).filter((table) => owners.has(table)));
const writes = (text: string) =>
  new Set([...tablesIn(text, /(?:insertInto|updateTable|deleteFrom|mergeInto)\(\s*'(\w+)'/g), ...tablesIn(text, /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(\w+)/gi)]);
const reads = (text: string) =>
  new Set([...tablesIn(text, /(?:selectFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*'(\w+)/g), ...tablesIn(text, /\b(?:FROM|JOIN)\s+(\w+)/gi)]);
const foreign = (tables: Set<string>, tag: string) => [...tables].filter((table) => owners.get(table) !== tag && owners.get(table) !== 'core');

describe('one domain, one name', () => {
  it('has one .tsp file per tag, declaring only that tag', () => {
    for (const tag of tags) expect(existsSync(new URL(`spec/${tag}.tsp`, root)), `spec/${tag}.tsp`).toBe(true);
    for (const file of files('spec/').filter((name) => name.endsWith('.tsp'))) {
      const declared = new Set([...read(`spec/${file}`).matchAll(/@tag\("([^"]+)"\)/g)].map((match) => match[1]));
      if (declared.size > 0) expect([...declared], `tags declared in spec/${file}`).toEqual([file.replace(/\.tsp$/, '')]);
    }
  });

  it('has a folder of the tag name in generated/web/endpoints and in api/src/features, and no other', () => {
    expect(folders('generated/web/endpoints/')).toEqual(tags);
    expect(folders('api/src/features/')).toEqual(tags);
  });

  it("implements each tag's operations in api/src/features/<tag>/<tag>.handlers.ts, and only those", () => {
    for (const tag of tags) {
      const implemented = [...read(`api/src/features/${tag}/${tag}.handlers.ts`).matchAll(/^\s+(\w+_\w+):/gm)].map((match) => match[1]);
      expect(implemented.sort(), tag).toEqual([...byTag.get(tag)!].sort());
    }
  });

  it('has a folder of the tag name in web/src/features for every tag with screens, and no other', () => {
    expect(folders('web/src/features/')).toEqual(tags.filter((tag) => !(tag in withoutWebFolder)));
  });

  it('declares the tables of a domain in api/src/db/tables/<tag>.ts', () => {
    for (const file of files('api/src/db/tables/')) {
      expect([...tags, ...sharedTablesFiles], `api/src/db/tables/${file}`).toContain(file.replace(/\.ts$/, ''));
    }
  });
});

describe('one owner', () => {
  it('finds the tables of every domain (the checks below are not vacuous)', () => {
    expect(owners.get('client_products')).toBe('clients');
    expect(owners.get('client_production_order_items')).toBe('orders');
    expect(owners.get('downtime_history')).toBe('downtime');
    expect(writes(".updateTable('client_products')")).toEqual(new Set(['client_products']));
    expect(writes('sql`UPDATE preform_stock SET`')).toEqual(new Set(['preform_stock']));
    expect(reads(".selectFrom('companies').innerJoin('users as u'")).toEqual(new Set(['companies', 'users']));
  });

  it("writes a domain's tables only from its own feature folder", () => {
    for (const tag of tags) {
      for (const { file, text } of sources(tag)) expect(foreign(writes(text), tag), `${file} writes tables of another domain`).toEqual([]);
    }
  });

  it("reads another domain's tables only where this file declares it", () => {
    for (const tag of tags) {
      const read = new Set(sources(tag).flatMap(({ text }) => foreign(reads(text), tag)));
      expect([...read].sort(), `tables of other domains that ${tag} reads`).toEqual(declaredReads[tag] ?? []);
    }
  });
});

/**
 * One scope rule: a handler turns the caller into the companies it may see (`scopeOf(actor)`, `companyScopeOf(actor)`
 * for a client-face operation) and hands that `Scope` on; services and repositories filter by the `Scope` they are
 * given. A service may still take the actor for who did it (audit, events, a client type's readable event types,
 * the caller's own profile), never to read its company.
 */
const scopeCalls = (text: string) => [...text.matchAll(/\b(?:scopeOf|companyScopeOf)\(/g)].length;
const actorCompany = (text: string) => /\bactor\??\.companyId\b/.test(text);
const importsActor = (text: string) => /from '[./]*lib\/actor\.js'/.test(text) || /\bActor\b/.test(text);

describe('one scope rule', () => {
  it('finds the calls it checks (the checks below are not vacuous)', () => {
    expect(scopeCalls('getClaims(db, scopeOf(request.actor)); saveUpload(db, companyScopeOf(request.actor))')).toBe(2);
    expect(scopeCalls('function scopeOfItem(x) {}; type Scope')).toBe(0);
    expect(actorCompany('if (actor.companyId)')).toBe(true);
    expect(importsActor("import type { Actor } from '../../lib/actor.js';")).toBe(true);
    const handlers = tags.flatMap((tag) => sources(tag).filter(({ file }) => file.endsWith('.handlers.ts')));
    expect(handlers.reduce((sum, { text }) => sum + scopeCalls(text), 0)).toBeGreaterThan(50);
  });

  it('turns the actor into a Scope in <tag>.handlers.ts only', () => {
    for (const tag of tags) {
      for (const { file, text } of sources(tag)) {
        if (!file.endsWith('.handlers.ts')) expect(scopeCalls(text), `${file} calls scopeOf/companyScopeOf (a handler's job)`).toBe(0);
      }
    }
  });

  it("keeps the actor out of repositories, and its company out of services", () => {
    for (const tag of tags) {
      for (const { file, text } of sources(tag)) {
        if (file.endsWith('.repository.ts')) expect(importsActor(text), `${file} takes the actor (a repository takes a Scope)`).toBe(false);
        if (!file.endsWith('.handlers.ts')) {
          expect(actorCompany(text), `${file} reads the actor's company (take the handler's Scope)`).toBe(false);
        }
      }
    }
  });
});
