import { sql, type Kysely } from 'kysely';

/**
 * Derived data: tables (and a few columns) that the database keeps beside the records, by triggers, so that a screen
 * reads a sum or a prepared row instead of computing it per request. Each one is a module in this folder that says
 * what it keeps and from what; the migrations apply the modules (`applyDerived`), and the tests compare what the
 * triggers kept with the module's full recomputation (tests/support/derived.test-utils.ts).
 */

/** A PL/pgSQL or SQL function: its header (name, arguments, result, language, options) and its body, as stored. */
export interface DerivedFunction {
  name: string;
  /** Everything between `create or replace function` and `as`: `name(args) returns … language … [stable] [set …]`. */
  header: string;
  /** The body as PostgreSQL stores it (`pg_proc.prosrc`): the test compares it to the database's. */
  body: string;
}

export interface DerivedTrigger {
  name: string;
  /** The table it is on. */
  table: string;
  /** Everything after `create trigger <name>`. */
  definition: string;
}

export interface DerivedData {
  /** The module's file name. */
  name: string;
  /** The feature (api/src/features/<owner>) whose screens read it and whose tests keep it. */
  owner: string;
  /** The tables the module keeps (or `table.column` where it keeps a column of a record). */
  tables: readonly string[];
  /** The tables whose writes move it: exactly the tables its triggers are on. */
  sources: readonly string[];
  /** What it holds, in a few lines. */
  rule: string;
  /** The screens (web/src/features/…) and calls that read it. */
  readBy: readonly string[];
  functions: readonly DerivedFunction[];
  triggers: readonly DerivedTrigger[];
  /** Statements that compute what it keeps again from the records (the bench's bulk load, the tests' comparison). */
  refill: readonly string[];
  /**
   * By label, a query of the rows it keeps: after the refill they must be the same rows. Sums the triggers brought back
   * to zero stay as rows where the refill writes none: the queries leave such rows out (they answer as no row does).
   */
  kept: Readonly<Record<string, string>>;
}

export const defineDerived = (module: DerivedData): DerivedData => module;

export const fn = (header: string, body: string): DerivedFunction => ({ name: header.slice(0, header.indexOf('(')), header, body });

/** A trigger from its definition after the name (`after insert on t for each row execute function f()`). */
export function trigger(name: string, definition: string): DerivedTrigger {
  const table = /\bon (\w+) /.exec(definition)?.[1];
  if (!table) throw new Error(`trigger ${name}: no "on <table>" in its definition`);
  return { name, table, definition };
}

type StatementEvent = 'insert' | 'delete' | 'update';

const transitionTables = (event: StatementEvent, rows: string) =>
  ({
    insert: `new table as new_${rows}`,
    delete: `old table as old_${rows}`,
    update: `old table as old_${rows} new table as new_${rows}`,
  })[event];

/** One statement-level trigger after `event`, with its transition tables `old_<rows>` and `new_<rows>`. */
export const statementTrigger = (name: string, event: StatementEvent, table: string, fnName: string, rows = 'rows') =>
  trigger(name, `after ${event} on ${table} referencing ${transitionTables(event, rows)} for each statement execute function ${fnName}()`);

/**
 * The shape most derived data is kept by: a statement-level trigger per event (a trigger with transition tables has
 * one event), named `<prefix>_<event>`, calling one function for all of them or one per event.
 */
export function statementTriggers(
  prefix: string,
  table: string,
  fnName: string | ((event: StatementEvent) => string),
  options: { rows?: string; events?: readonly StatementEvent[] } = {},
): DerivedTrigger[] {
  const events = options.events ?? ['insert', 'delete', 'update'];
  return events.map((event) =>
    statementTrigger(`${prefix}_${event}`, event, table, typeof fnName === 'string' ? fnName : fnName(event), options.rows),
  );
}

/**
 * The statements that make the database keep `module` as it says: its functions replaced, its triggers dropped and
 * created again (same names: triggers of one event fire in name order). Neither moves any row.
 */
export function derivedStatements(module: DerivedData): string[] {
  return [
    ...module.functions.map((f) => `create or replace function ${f.header} as $$${f.body}$$`),
    ...module.triggers.flatMap((t) => [`drop trigger if exists ${t.name} on ${t.table}`, `create trigger ${t.name} ${t.definition}`]),
  ];
}

/** Applies modules' functions and triggers (a migration's transaction). */
export async function applyDerived<DB>(db: Kysely<DB>, modules: readonly DerivedData[]): Promise<void> {
  for (const module of modules) {
    for (const statement of derivedStatements(module)) await sql.raw(statement).execute(db);
  }
}

/** Computes the modules' data again from the records (bulk loads that wrote with triggers off). */
export async function refillDerived<DB>(db: Kysely<DB>, modules: readonly DerivedData[]): Promise<void> {
  for (const module of modules) {
    for (const statement of module.refill) await sql.raw(statement).execute(db);
  }
}

/**
 * The body of a refill function: the kept tables emptied (delete, not truncate: the application role may delete rows,
 * not truncate tables) and written again by `inserts`. With `flag`, the setting the module's own triggers read to
 * stand aside while the refill writes (e.g. the day counts that follow the agenda rows, written by the refill itself).
 */
export function refillBody(tables: readonly string[], inserts: string, flag?: string): string {
  const indent = (lines: string[]) => lines.map((line) => `\n      ${line}`).join('');
  const on = flag ? [`perform set_config('${flag}', 'on', true);`] : [];
  const off = flag ? [`perform set_config('${flag}', 'off', true);`] : [];
  const empty = ['-- delete, not truncate: the application role may delete rows, not truncate tables.', ...tables.map((table) => `delete from ${table};`)];
  return `\n    begin${indent([...on, ...empty])}${inserts}${indent(off)}\n    end `;
}
